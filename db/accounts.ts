import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from './entities';
import { readOnlyEntity } from './read-only';

/**
 * The account holding a key, by the key's hash. Raw SQL on the hot path (services/auth.ts remembers
 * it briefly): one indexed lookup, mapped read-only (db/read-only; the object is shared by requests).
 */
export async function accountByKeyHash(em: EntityManager, apiKeyHash: string): Promise<Account | null> {
  const rows = await em.execute<Record<string, unknown>[]>(
    'select * from accounts where api_key_hash = ? and disabled_at is null limit 1',
    [apiKeyHash],
  );
  return rows[0] ? readOnlyEntity(em, Account, rows[0]) : null;
}

/** Pins an account that has no pin yet (a concurrent first call may have pinned it already). */
export async function pinVersionIfUnpinned(em: EntityManager, accountId: string, version: string): Promise<void> {
  await em.nativeUpdate(Account, { id: accountId, versionPin: null }, { versionPin: version });
}

/** Every account, oldest first, with how many workspaces it has a role in (for operators). */
export async function listAccounts(em: EntityManager) {
  const rows = await em.execute<
    {
      id: string;
      email: string;
      name: string | null;
      is_staff: boolean;
      version_pin: string | null;
      has_password: boolean;
      created_at: string;
      disabled_at: string | null;
      workspaces: string;
    }[]
  >(
    `select a.id, a.email, a.name, a.is_staff, a.version_pin, a.password_hash is not null as has_password,
            a.created_at, a.disabled_at, (select count(*) from workspace_accesses w where w.account_id = a.id) as workspaces
     from accounts a order by a.created_at, a.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    staff: r.is_staff,
    version_pin: r.version_pin,
    has_password: r.has_password,
    workspaces: Number(r.workspaces),
    created_at: new Date(r.created_at).toISOString(),
    disabled_at: r.disabled_at ? new Date(r.disabled_at).toISOString() : null,
  }));
}

/** Disables an account (its key and sign-in stop at once) and ends its web sessions; null when no such e-mail. */
export async function disableAccount(em: EntityManager, email: string): Promise<{ id: string } | null> {
  const rows = await em.execute<{ id: string }[]>(
    'update accounts set disabled_at = coalesce(disabled_at, now()) where lower(email) = lower(?) returning id',
    [email],
  );
  if (rows.length === 0) return null;
  await em.execute('delete from web_sessions where account_id in (?)', [rows.map((r) => r.id)]);
  return rows[0]!;
}
