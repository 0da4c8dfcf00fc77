import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from './entities';

/**
 * The account holding a key, by the key's hash. Raw SQL on the hot path (every authenticated
 * request): one indexed lookup, mapped without the ORM's query building.
 */
export async function accountByKeyHash(em: EntityManager, apiKeyHash: string): Promise<Account | null> {
  const rows = await em.execute<Record<string, unknown>[]>('select * from accounts where api_key_hash = ? limit 1', [
    apiKeyHash,
  ]);
  return rows[0] ? em.map(Account, rows[0]) : null;
}

/** Pins an account that has no pin yet (a concurrent first call may have pinned it already). */
export async function pinVersionIfUnpinned(em: EntityManager, accountId: string, version: string): Promise<void> {
  await em.nativeUpdate(Account, { id: accountId, versionPin: null }, { versionPin: version });
}
