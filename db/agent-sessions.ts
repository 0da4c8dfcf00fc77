import type { EntityManager } from '@mikro-orm/postgresql';

/** Agent handoff codes (spec Authentication, 8), stored only as their hash. */
export type HandoffCodeRow = {
  codeHash: string;
  accountId: string;
  workspaceId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  usedFrom: string | null;
};

export async function insertHandoffCode(em: EntityManager, row: Omit<HandoffCodeRow, 'usedAt' | 'usedFrom'>) {
  await em.execute(
    'insert into agent_session_codes (code_hash, account_id, workspace_id, created_at, expires_at) values (?, ?, ?, ?, ?)',
    [row.codeHash, row.accountId, row.workspaceId, row.createdAt, row.expiresAt],
  );
}

/**
 * Spends a code: marks it used when it is unused and still valid, in one statement, so two
 * concurrent exchanges of one code cannot both succeed. Null when nothing was spent.
 */
export async function spendHandoffCode(
  em: EntityManager,
  codeHash: string,
  now: Date,
  usedFrom: string,
): Promise<{ accountId: string; workspaceId: string } | null> {
  const rows = await em.execute<{ accountId: string; workspaceId: string }[]>(
    `update agent_session_codes set used_at = ?, used_from = ?
     where code_hash = ? and used_at is null and expires_at > ?
     returning account_id as "accountId", workspace_id as "workspaceId"`,
    [now, usedFrom, codeHash, now],
  );
  return rows[0] ?? null;
}

/** The account's most recent handoff (a code that was exchanged), or null. */
export async function lastHandoff(
  em: EntityManager,
  accountId: string,
): Promise<{ usedAt: Date; usedFrom: string | null; workspaceId: string } | null> {
  const rows = await em.execute<{ usedAt: Date; usedFrom: string | null; workspaceId: string }[]>(
    `select used_at as "usedAt", used_from as "usedFrom", workspace_id as "workspaceId" from agent_session_codes
     where account_id = ? and used_at is not null order by used_at desc limit 1`,
    [accountId],
  );
  // Raw rows carry timestamps as text.
  return rows[0] ? { ...rows[0], usedAt: new Date(rows[0].usedAt) } : null;
}

/** Codes that can no longer be used and are not the last handoff of their account. */
export async function pruneHandoffCodes(em: EntityManager, accountId: string, now: Date): Promise<void> {
  await em.execute(
    `delete from agent_session_codes where account_id = ? and used_at is null and expires_at <= ?`,
    [accountId, now],
    'run',
  );
}

/** Records a proof-of-work challenge as spent; false when it already was (a replayed solution). */
export async function spendChallenge(em: EntityManager, id: string, now: Date): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    'insert into spent_challenges (id, spent_at) values (?, ?) on conflict (id) do nothing returning id',
    [id, now],
  );
  return rows.length === 1;
}

/** Spent challenges older than any challenge still valid are kept no longer. */
export async function pruneSpentChallenges(em: EntityManager, before: Date): Promise<void> {
  await em.execute('delete from spent_challenges where spent_at < ?', [before], 'run');
}
