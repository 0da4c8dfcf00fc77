import type { EntityManager } from '@mikro-orm/postgresql';

/** The id of the workspace's member (not deleted) with this email in any case, other than `exceptId`; null when none. */
export async function memberIdWithEmail(em: EntityManager, workspaceId: string, email: string, exceptId?: string): Promise<string | null> {
  const rows = await em.execute<{ id: string }[]>(
    'select id from members where workspace_id = ? and lower(email) = lower(?) and deleted_at is null and id <> ? limit 1',
    [workspaceId, email, exceptId ?? ''],
  );
  return rows[0]?.id ?? null;
}
