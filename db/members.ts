import type { EntityManager } from '@mikro-orm/postgresql';
import { executeBound } from './bulk';
import { Member } from './entities';
import { readOnlyEntity, selectColumns } from './read-only';

/** Addresses as members are matched by them: lower-cased, each once. */
export const lowerEmails = (emails: string[]) => [...new Set(emails.map((e) => e.toLowerCase()))];

/**
 * `from` the workspace's live members (`mem`) among lower-cased addresses; binds the workspace id,
 * then the addresses as one array (lowerEmails).
 */
export const LIVE_MEMBERS_BY_EMAIL = `members mem
  where mem.workspace_id = ? and mem.deleted_at is null and lower(mem.email) = any(?::text[])`;

/** The workspace's live members among these email addresses (any case): lower-cased email → member id. */
export async function memberIdsByEmail(
  em: EntityManager,
  workspaceId: string,
  emails: string[],
): Promise<Map<string, string>> {
  const wanted = lowerEmails(emails);
  if (wanted.length === 0) return new Map();
  const rows = await executeBound<{ id: string; email: string }>(
    em,
    `select mem.id, lower(mem.email) as email from ${LIVE_MEMBERS_BY_EMAIL}`,
    [workspaceId, wanted],
  );
  return new Map(rows.map((r) => [r.email, r.id]));
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
 * One read for a request that names a member and people: the live member `id` names (null when it
 * names none, or when `id` is null) and the workspace's live members among `emails` (any case), as
 * memberIdsByEmail gives them. No statement when there is neither.
 */
export async function memberAndPeople(
  em: EntityManager,
  workspaceId: string,
  id: string | null,
  emails: string[],
): Promise<{ member: Member | null; byEmail: Map<string, string> }> {
  const byEmail = new Map<string, string>();
  const wanted = lowerEmails(emails);
  if (!id && wanted.length === 0) return { member: null, byEmail };
  const rows = await executeBound<Record<string, unknown>>(
    em,
    `select ${selectColumns(em, Member, 'm')} from members m
     where m.workspace_id = ? and m.deleted_at is null and (m.id = ? or lower(m.email) = any(?::text[]))`,
    [workspaceId, id ?? '', wanted],
    { prepared: true },
  );
  let member: Member | null = null;
  for (const row of rows) {
    const email = typeof row.email === 'string' ? row.email.toLowerCase() : null;
    if (email !== null && wanted.includes(email)) byEmail.set(email, row.id as string);
    if (id !== null && row.id === id) member = readOnlyEntity(em, Member, row);
  }
  return { member, byEmail };
}
