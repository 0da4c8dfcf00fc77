import type { EntityManager } from '@mikro-orm/postgresql';

/** How long a key's first answer is replayed (Stripe's 24 hours). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A key whose request has run this long without finishing is taken to have died with its process. */
const ABANDONED_AFTER_SECONDS = 60;

export type KeyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'other_request' }
  | { kind: 'in_progress' };

/**
 * Takes a key for one request, in one statement: a new (or expired, or abandoned) key is claimed;
 * a finished one answers what it answered; a key seen with another request is refused.
 */
export async function claimIdempotencyKey(
  em: EntityManager,
  accountId: string,
  key: string,
  requestHash: string,
): Promise<KeyClaim> {
  const conn = em.getConnection();
  const [claimed] = await conn.execute<{ key: string }[]>(
    `insert into idempotency_keys (account_id, key, request_hash) values (?, ?, ?)
     on conflict (account_id, key) do update set request_hash = excluded.request_hash, status = null, body = null, created_at = now(), completed_at = null
       where idempotency_keys.created_at < now() - make_interval(hours => ?)
          or (idempotency_keys.completed_at is null and idempotency_keys.request_hash = excluded.request_hash and idempotency_keys.created_at < now() - make_interval(secs => ?))
     returning key`,
    [accountId, key, requestHash, IDEMPOTENCY_TTL_HOURS, ABANDONED_AFTER_SECONDS],
  );
  if (claimed) return { kind: 'claimed' };
  const [row] = await conn.execute<{ request_hash: string; status: number | null; body: unknown }[]>(
    'select request_hash, status, body from idempotency_keys where account_id = ? and key = ?',
    [accountId, key],
  );
  if (!row) return claimIdempotencyKey(em, accountId, key, requestHash); // expired and removed meanwhile
  if (row.request_hash !== requestHash) return { kind: 'other_request' };
  if (row.status === null) return { kind: 'in_progress' };
  return { kind: 'replay', status: row.status, body: row.body };
}

export async function completeIdempotencyKey(
  em: EntityManager,
  accountId: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      'update idempotency_keys set status = ?, body = ?, completed_at = now() where account_id = ? and key = ?',
      [status, JSON.stringify(body ?? null), accountId, key],
    );
}

/** The request failed without a result worth keeping: a retry with the key runs it again. */
export async function releaseIdempotencyKey(em: EntityManager, accountId: string, key: string): Promise<void> {
  await em
    .getConnection()
    .execute('delete from idempotency_keys where account_id = ? and key = ? and completed_at is null', [
      accountId,
      key,
    ]);
}

/** Removes keys past their 24 hours (called by the housekeeping workflow). */
export async function expireIdempotencyKeys(em: EntityManager): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ key: string }[]>(
      `delete from idempotency_keys where ctid in (select ctid from idempotency_keys where created_at < now() - make_interval(hours => ?) limit 5000) returning key`,
      [IDEMPOTENCY_TTL_HOURS],
    );
  return rows.length;
}
