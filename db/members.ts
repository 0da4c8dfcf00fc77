import type { EntityManager } from '@mikro-orm/postgresql';
import { executeBound } from './bulk';
import { Member } from './entities';
import { readOnlyEntity } from './read-only';

/** The workspace's live members among these email addresses (any case): lower-cased email → member id. */
export async function memberIdsByEmail(
  em: EntityManager,
  workspaceId: string,
  emails: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return out;
  const rows = await em.execute<{ id: string; email: string }[]>(
    'select id, lower(email) as email from members where workspace_id = ? and deleted_at is null and lower(email) in (?)',
    [workspaceId, wanted],
  );
  for (const r of rows) out.set(r.email, r.id);
  return out;
}

/** The workspace's live member with this email (any case), or null. */
export function memberWithEmail(em: EntityManager, workspaceId: string, email: string): Promise<Member | null> {
  return em.findOne(Member, { workspaceId, email: { $ilike: email.replace(/[\\%_]/g, '\\$&') }, deletedAt: null });
}

/** The id of the workspace's member (not deleted) with this email in any case, other than `exceptId`; null when none. */
export async function memberIdWithEmail(
  em: EntityManager,
  workspaceId: string,
  email: string,
  exceptId?: string,
): Promise<string | null> {
  const rows = await em.execute<{ id: string }[]>(
    'select id from members where workspace_id = ? and lower(email) = lower(?) and deleted_at is null and id <> ? limit 1',
    [workspaceId, email, exceptId ?? ''],
  );
  return rows[0]?.id ?? null;
}

/**
 * The workspace's live member with this id, or null: read only, to check a member named in a request
 * and take its email (outside the unit of work: never change or persist it).
 */
export async function liveMember(em: EntityManager, workspaceId: string, id: string): Promise<Member | null> {
  const [row] = await executeBound<Record<string, unknown>>(
    em,
    'select * from members where id = ? and workspace_id = ? and deleted_at is null',
    [id, workspaceId],
  );
  return row ? readOnlyEntity(em, Member, row) : null;
}
