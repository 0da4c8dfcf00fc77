import type { EntityManager } from '@mikro-orm/postgresql';
import { Workspace, WorkspaceAccess } from './entities';
import { executeBound } from './bulk';
import { readOnlyEntity, selectColumns } from './read-only';

/** What a list of workspaces reads of each for a key that is not staff's: what its representation shows, and its creator (the account its settings resolve with). */
export type ListedWorkspaceRow = Pick<Workspace, 'id' | 'name' | 'metadata' | 'createdAt' | 'updatedAt' | 'createdBy'>;

/** The columns of a ListedWorkspaceRow, as a select list. */
const LISTED_COLUMNS = ['id', 'name', 'metadata', 'created_at', 'updated_at', 'created_by']
  .map((c) => `w."${c}"`)
  .join(', ');

/**
 * The account's workspaces (not archived) after a workspace id, oldest id first, each with the
 * account's access; read only (db/read-only: never changed and flushed). `listed` reads only the
 * columns of a ListedWorkspaceRow (GET /workspaces for a key that is not staff's: half the columns,
 * and a statement PostgreSQL and node-postgres answer and parse faster, README › Benchmarks › API
 * reads); `all`, every column.
 */
export async function workspacesOfAccount(
  em: EntityManager,
  accountId: string,
  page: { afterId: string | null; limit: number },
  columns?: 'all',
): Promise<{ workspace: Workspace; access: WorkspaceAccess }[]>;
export async function workspacesOfAccount(
  em: EntityManager,
  accountId: string,
  page: { afterId: string | null; limit: number },
  columns: 'listed',
): Promise<{ workspace: ListedWorkspaceRow; access: WorkspaceAccess }[]>;
export async function workspacesOfAccount(
  em: EntityManager,
  accountId: string,
  page: { afterId: string | null; limit: number },
  columns: 'all' | 'listed' = 'all',
): Promise<{ workspace: ListedWorkspaceRow; access: WorkspaceAccess }[]> {
  // GET /workspaces runs it on every call: prepared, so PostgreSQL plans it once per connection.
  const rows = await executeBound<
    Record<string, unknown> & { access_role: WorkspaceAccess['role']; access_member_id: string | null }
  >(
    em,
    `select ${columns === 'listed' ? LISTED_COLUMNS : selectColumns(em, Workspace, 'w')}, a.role as access_role, a.member_id as access_member_id
     from workspace_accesses a join workspaces w on w.id = a.workspace_id
     where a.account_id = ? and w.archived_at is null and a.workspace_id > ? order by a.workspace_id limit ?`,
    [accountId, page.afterId ?? '', page.limit],
    { prepared: true },
  );
  return rows.map(({ access_role: role, access_member_id: member_id, ...w }) => {
    const access = Object.assign(new WorkspaceAccess(), {
      accountId,
      workspaceId: w.id as string,
      role,
      memberId: member_id,
    });
    return { workspace: readOnlyEntity(em, Workspace, w), access };
  });
}

/**
 * A live (not archived) workspace by id or integer id with the account's access to it, in one
 * statement; null when either is missing. Read only (db/read-only): a caller that changes them
 * merges them into its EntityManager first.
 */
export async function workspaceWithAccess(
  em: EntityManager,
  accountId: string,
  idOrLegacy: { id: string } | { legacyId: number },
): Promise<{ workspace: Workspace; access: WorkspaceAccess } | null> {
  // An integer id JavaScript cannot hold exactly names no workspace (bound as a bigint, it would fail
  // beyond bigint's range, or round to another workspace's id below it).
  if ('legacyId' in idOrLegacy && !Number.isSafeInteger(idOrLegacy.legacyId)) return null;
  // Every request that names a workspace runs this: prepared, so PostgreSQL plans it once per connection.
  const rows = await executeBound<
    Record<string, unknown> & {
      access_role: WorkspaceAccess['role'];
      access_member_id: string | null;
      access_created_at: unknown;
    }
  >(
    em,
    `select ${selectColumns(em, Workspace, 'w')}, a.role as access_role, a.member_id as access_member_id, a.created_at as access_created_at
     from workspaces w join workspace_accesses a on a.workspace_id = w.id and a.account_id = ?
     where ${'id' in idOrLegacy ? 'w.id = ?' : 'w.legacy_id = ?'} and w.archived_at is null limit 1`,
    [accountId, 'id' in idOrLegacy ? idOrLegacy.id : idOrLegacy.legacyId],
    { prepared: true },
  );
  const row = rows[0];
  if (!row) return null;
  const { access_role, access_member_id, access_created_at, ...w } = row;
  const workspace = readOnlyEntity(em, Workspace, w);
  const access = readOnlyEntity(em, WorkspaceAccess, {
    account_id: accountId,
    workspace_id: workspace.id,
    role: access_role,
    member_id: access_member_id,
    created_at: access_created_at,
  });
  return { workspace, access };
}

/** How many members (not deleted) each workspace has; workspaces without any are absent. */
export async function memberCounts(em: EntityManager, workspaceIds: string[]): Promise<Map<string, number>> {
  const rows = await em.execute<{ workspace_id: string; n: number }[]>(
    `select workspace_id, count(*)::int as n from members where workspace_id in (?) and deleted_at is null group by workspace_id`,
    [workspaceIds],
  );
  return new Map(rows.map((r) => [r.workspace_id, Number(r.n)]));
}

/** The email of each workspace's first owner (by when the access was granted); workspaces without one are absent. */
export async function ownerEmails(em: EntityManager, workspaceIds: string[]): Promise<Map<string, string>> {
  const rows = await em.execute<{ workspace_id: string; email: string }[]>(
    `select a.workspace_id, acc.email from workspace_accesses a join accounts acc on acc.id = a.account_id
     where a.workspace_id in (?) and a.role = 'owner' order by a.created_at`,
    [workspaceIds],
  );
  const out = new Map<string, string>();
  for (const row of rows) if (!out.has(row.workspace_id)) out.set(row.workspace_id, row.email);
  return out;
}

/**
 * Whether a member is an owner of its workspace: the member an owner's access reads as, or the
 * member carrying an owner account's email (any case).
 */
export async function isWorkspaceOwner(
  em: EntityManager,
  member: { id: string; workspaceId: string; email: string | null },
): Promise<boolean> {
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from workspace_accesses a join accounts acc on acc.id = a.account_id
     where a.workspace_id = ? and a.role = 'owner' and (a.member_id = ? or lower(acc.email) = lower(?))`,
    [member.workspaceId, member.id, member.email ?? ''],
  );
  return (rows[0]?.n ?? 0) > 0;
}
