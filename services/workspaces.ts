import { Workspace, WorkspaceAccess } from '../db/entities';
import { slidingWindowWait } from '../db/rate-limits';
import { persistOwnSettings, settingsForWorkspaces } from '../db/settings';
import { memberCounts, ownerEmails, workspacesOfAccount, type ListedWorkspaceRow } from '../db/workspaces';
import { ApiError, rateLimited } from '../domain/errors';
import { newId } from '../domain/ids';
import { mergeMetadata } from '../domain/metadata';
import { decodeCursor, mapPage, pageOf, type Page } from '../domain/pagination';
import type { SettingsBlock } from '../domain/settings';
import type { ListedWorkspace, StaffFacts } from '../representations/workspace';
import { MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';

/**
 * A workspace as the key sees it: what its representation reads of it, its role, staff-only facts
 * (staff keys), its settings block when asked for.
 */
export type WorkspaceView = {
  workspace: ListedWorkspace;
  access: WorkspaceAccess;
  staff: StaffFacts | null;
  settings: SettingsBlock | null;
};

const DAY = 86_400;

/** Staff-only facts for several workspaces in two queries, not one per workspace. */
async function staffFacts(ctx: RequestCtx, workspaces: Workspace[]): Promise<Map<string, StaffFacts>> {
  const out = new Map<string, StaffFacts>();
  if (!ctx.account.isStaff || workspaces.length === 0) return out;
  const ids = workspaces.map((w) => w.id);
  const counts = await memberCounts(ctx.em, ids);
  const owners = await ownerEmails(ctx.em, ids);
  for (const w of workspaces)
    out.set(w.id, {
      ownerEmail: owners.get(w.id) ?? null,
      membersCount: counts.get(w.id) ?? 0,
      isHumanTranscriptionAllowed: w.isHumanTranscriptionAllowed,
      isHumanTranslationAllowed: w.isHumanTranslationAllowed,
      emailDomains: w.emailDomains,
      idpCompanyNames: w.idpCompanyNames,
      currency: w.currency,
    });
  return out;
}

/** One workspace with its staff facts and settings block (a single workspace always reads with its settings). */
async function view(ctx: RequestCtx, workspace: Workspace, access: WorkspaceAccess): Promise<WorkspaceView> {
  const [facts, settings] = await Promise.all([
    staffFacts(ctx, [workspace]),
    settingsForWorkspaces(ctx.em, [workspace]),
  ]);
  return { workspace, access, staff: facts.get(workspace.id) ?? null, settings: settings.get(workspace.id) ?? null };
}

/** The key's workspaces, oldest first; settings blocks only when asked for. */
export async function listWorkspaces(
  ctx: RequestCtx,
  query: { cursor?: string; limit: number; withSettings: boolean },
): Promise<Page<WorkspaceView>> {
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const paging = { afterId: after?.id ?? null, limit: query.limit + 1 };
  // A staff key is shown every column of each workspace (and the facts only staff sees); any other
  // key, the listed columns only.
  if (ctx.account.isStaff)
    return viewsOf(ctx, await workspacesOfAccount(ctx.em, ctx.account.id, paging), query, (workspaces) =>
      staffFacts(ctx, workspaces),
    );
  return viewsOf(ctx, await workspacesOfAccount(ctx.em, ctx.account.id, paging, 'listed'), query, () => null);
}

/** A page of the rows (one more than the page, to tell whether more follow) as views, with their staff facts and settings. */
async function viewsOf<W extends ListedWorkspaceRow>(
  ctx: RequestCtx,
  rows: { workspace: W; access: WorkspaceAccess }[],
  query: { limit: number; withSettings: boolean },
  factsOf: (workspaces: W[]) => Promise<Map<string, StaffFacts>> | null,
): Promise<Page<WorkspaceView>> {
  const page = pageOf(rows, query.limit, (r) => ({ id: r.workspace.id }));
  const workspaces = page.data.map((p) => p.workspace);
  const [facts, settings] = await Promise.all([
    factsOf(workspaces),
    query.withSettings ? settingsForWorkspaces(ctx.em, workspaces) : null,
  ]);
  return mapPage(page, ({ workspace, access }) => ({
    workspace,
    access,
    staff: facts?.get(workspace.id) ?? null,
    settings: settings?.get(workspace.id) ?? null,
  }));
}

/** A new workspace owned by the key's account, with its own settings; at most `workspacesPerDay` a day per account. */
export async function createWorkspace(
  ctx: RequestCtx,
  input: { name: string; metadata?: unknown },
): Promise<WorkspaceView> {
  const { workspacesPerDay } = ctx.deps.config.rateLimits;
  // A person invited only as a guest (to see what is shared) has no workspace of its own to grow from.
  const roles = (await ctx.em.find(WorkspaceAccess, { accountId: ctx.account.id })).map((a) => a.role);
  if (roles.length > 0 && roles.every((r) => r === 'guest'))
    throw new ApiError(
      403,
      'workspace_creation_not_allowed',
      'This key is only a guest in its workspaces: guests cannot create workspaces. Ask an owner for a member role.',
    );
  const workspace = new Workspace();
  workspace.id = newId('workspace');
  workspace.name = input.name;
  workspace.metadata = input.metadata === undefined ? {} : mergeMetadata({}, input.metadata);
  workspace.createdBy = ctx.account.id;
  const access = new WorkspaceAccess();
  access.accountId = ctx.account.id;
  access.workspaceId = workspace.id;
  access.role = 'owner';
  await ctx.em.transactional(async (em) => {
    const wait = await slidingWindowWait(em, 'workspaces', ctx.account.id, workspacesPerDay, DAY);
    if (wait !== null) {
      throw rateLimited(
        wait,
        'workspace_creation_rate_limited',
        `At most ${workspacesPerDay} workspaces can be created per day.`,
      );
    }
    em.persist(workspace);
    await em.flush();
    em.persist(access);
    await persistOwnSettings(em, { kind: 'workspace', id: workspace.id, workspaceId: workspace.id });
  });
  return view(ctx, workspace, access);
}

export async function getWorkspace(ctx: RequestCtx, id: string): Promise<WorkspaceView> {
  const { workspace, access } = await workspaceFor(ctx, id, { hidden: 'not_found' });
  return view(ctx, workspace, access);
}

/** Renames a workspace or merges its metadata (owners and admins). */
export async function updateWorkspace(
  ctx: RequestCtx,
  id: string,
  change: { name?: string; metadata?: unknown },
): Promise<WorkspaceView> {
  const { workspace, access } = await workspaceFor(ctx, id, {
    hidden: 'not_found',
    roles: MANAGERS,
    forbidden: () =>
      new ApiError(403, 'workspace_update_not_allowed', 'Only owners and admins of the workspace can update it.'),
    change: true,
  });
  if (change.name !== undefined) workspace.name = change.name;
  if (change.metadata !== undefined) workspace.metadata = mergeMetadata(workspace.metadata, change.metadata);
  await ctx.em.flush();
  return view(ctx, workspace, access);
}

/** Archives a workspace (owners only): it leaves every list and read, and still counts toward the daily limit. */
export async function archiveWorkspace(ctx: RequestCtx, id: string): Promise<Workspace> {
  const { workspace } = await workspaceFor(ctx, id, {
    hidden: 'not_found',
    roles: ['owner'],
    forbidden: () => new ApiError(403, 'workspace_archive_not_allowed', 'Only owners of the workspace can archive it.'),
    change: true,
  });
  workspace.archivedAt = new Date();
  await ctx.em.flush();
  return workspace;
}
