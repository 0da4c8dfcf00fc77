import type { EntityManager } from '@mikro-orm/postgresql';
import { insertTogetherIf, type RowsOf } from './bulk';

/**
 * Limits kept in PostgreSQL so every API process shares them (spec: Limits).
 * Counters for anonymous traffic; sliding windows over the rows themselves for creations.
 */

/** Fixed-window counter: counts one hit and returns the count in this window and when it resets. */
export async function hitCounter(
  em: EntityManager,
  key: string,
  windowSeconds: number,
  now = Date.now(),
): Promise<{ count: number; resetInSeconds: number }> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await em.execute<{ count: number }[]>(
    `insert into rate_limit_counters (key, window_start, count) values (?, ?, 1)
     on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
     returning count`,
    [key, new Date(start)],
  );
  return { count: Number(rows[0]!.count), resetInSeconds: Math.ceil((start + windowMs - now) / 1000) };
}

/** Drops counters of windows that ended long ago. */
export async function pruneCounters(em: EntityManager, olderThanSeconds = 86_400): Promise<number> {
  const res = await em.execute<{ affectedRows?: number }>(
    'delete from rate_limit_counters where window_start < ?',
    [new Date(Date.now() - olderThanSeconds * 1000)],
    'run',
  );
  return Number(res.affectedRows ?? 0);
}

/**
 * The windows kept over the rows themselves, each counted by `locked_window` (its migration,
 * db/migrations/…_locked_window): workspaces an account created (a day), members of a workspace and
 * bots sent to it through the API (an hour; bots a calendar schedules are not counted).
 */
type Windowed = 'workspaces' | 'members' | 'bots';

/** The lock on `kind:subject` and the newest `lim` rows after `since`: how many, the oldest. */
const LOCKED_WINDOW = 'locked_window(?, ?, ?, ?)';

/**
 * Inside a transaction: serialises creations for one subject and answers how many seconds until
 * one more is allowed (null when allowed now). Rows created in the window count, deleted or archived
 * ones included. The lock is held from here to the commit.
 */
export async function slidingWindowWait(
  em: EntityManager,
  kind: Windowed,
  subject: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<number | null> {
  // The lock and the count in one round trip (locked_window): the lock is held from here to the
  // commit, so every round trip here serialises the subject's creations.
  const rows = await em.execute<{ n: number; oldest: Date | null }[]>(`select n, oldest from ${LOCKED_WINDOW}`, [
    kind,
    subject,
    new Date(now - windowSeconds * 1000),
    limit,
  ]);
  const { n, oldest } = rows[0]!;
  return n < limit || !oldest ? null : waitFor(oldest, windowSeconds, now);
}

/**
 * The subject's new rows (`groups`, insertTogether) written only while its window has room, in one
 * statement outside any transaction: the lock, the count, the inserts and the commit all happen in the
 * server, so creations for one subject are serialised only for that long, never across a round trip
 * to a busy API process. Answers as slidingWindowWait: null when the rows were written.
 */
export async function insertWithinWindow(
  em: EntityManager,
  kind: Windowed,
  subject: string,
  limit: number,
  windowSeconds: number,
  groups: RowsOf[],
  now = Date.now(),
): Promise<number | null> {
  // Inside a transaction the lock would be held to its commit (and, under a stricter isolation, the
  // count would miss what others committed): a caller's mistake, never a request's.
  if (em.getTransactionContext()) throw new Error('insertWithinWindow runs outside a transaction');
  const { ok, oldest } = await insertTogetherIf<{ ok: boolean; oldest: Date | null }>(em, groups, {
    sql: `select n, oldest, n < ? as ok from ${LOCKED_WINDOW}`,
    params: [limit, kind, subject, new Date(now - windowSeconds * 1000), limit],
  });
  return ok ? null : waitFor(oldest, windowSeconds, now);
}

/** Seconds until the oldest row counted leaves the window (at least 1). */
function waitFor(oldest: Date | null, windowSeconds: number, now: number): number {
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + windowSeconds * 1000 - now) / 1000));
}

/** How the per-IP limit's batched flush begins (benches leave it out of a request's statements). */
export const COUNTERS_FLUSH_SQL = `insert into rate_limit_counters (key, window_start, count)
     select key, window_start, count from json_to_recordset(`;

/**
 * Adds several counts in one statement (one row per key and window) and answers each total: the
 * per-IP limit's batched flush.
 */
export async function addToCounters(
  em: EntityManager,
  hits: { key: string; windowStart: Date; count: number }[],
): Promise<Map<string, number>> {
  if (hits.length === 0) return new Map();
  const rows = await em.execute<{ key: string; window_start: Date; count: number }[]>(
    `${COUNTERS_FLUSH_SQL}?::json) as x(key text, window_start timestamptz, count int)
     on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
     returning key, window_start, count`,
    [JSON.stringify(hits.map((h) => ({ key: h.key, window_start: h.windowStart.toISOString(), count: h.count })))],
  );
  return new Map(rows.map((r) => [`${r.key}@${new Date(r.window_start).getTime()}`, Number(r.count)]));
}
