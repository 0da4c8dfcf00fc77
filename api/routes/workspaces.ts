import { Workspace, WorkspaceAccess } from '../../db/entities';
import { slidingWindowWait } from '../../db/rate-limits';
import { persistOwnSettings, settingsForWorkspaces } from '../../db/settings';
import { newId } from '../../domain/ids';
import { mergeMetadata } from '../../domain/metadata';
import { MANAGERS, workspaceFor } from '../../services/access';
import type { RequestCtx } from '../../services/context';
import { ApiError, rateLimited } from '../../domain/errors';
import { metadataInput, includes, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { serializeWorkspace, workspaceSchema, type StaffFacts } from '../../representations/workspace';
import { z } from '../../representations/zod';

const includeQuery = z.string().optional().openapi({ description: 'Comma-separated expansions; `settings` adds the settings block.' });
const DAY = 86_400;

/** Staff-only facts for several workspaces in two queries, not one per workspace. */
async function staffFacts(ctx: RequestCtx, workspaces: Workspace[]): Promise<Map<string, StaffFacts>> {
  const out = new Map<string, StaffFacts>();
  if (!ctx.account.isStaff || workspaces.length === 0) return out;
  const ids = workspaces.map((w) => w.id);
  const counts = await ctx.em.execute<{ workspace_id: string; n: number }[]>(
    `select workspace_id, count(*)::int as n from members where workspace_id in (?) and deleted_at is null group by workspace_id`,
    [ids],
  );
  const owners = await ctx.em.execute<{ workspace_id: string; email: string }[]>(
    `select a.workspace_id, acc.email from workspace_accesses a join accounts acc on acc.id = a.account_id
     where a.workspace_id in (?) and a.role = 'owner' order by a.created_at`,
    [ids],
  );
  for (const id of ids) out.set(id, { ownerEmail: null, membersCount: 0 });
  for (const row of counts) out.get(row.workspace_id)!.membersCount = Number(row.n);
  for (const row of owners) if (out.get(row.workspace_id)!.ownerEmail === null) out.get(row.workspace_id)!.ownerEmail = row.email;
  return out;
}

async function render(ctx: RequestCtx, workspace: Workspace, access: WorkspaceAccess) {
  const [facts, settings] = await Promise.all([staffFacts(ctx, [workspace]), settingsForWorkspaces(ctx.em, [workspace])]);
  return { kind: 'workspace' as const, body: serializeWorkspace(workspace, access, facts.get(workspace.id) ?? null, settings.get(workspace.id) ?? null) };
}


export const listWorkspaces = defineRoute({
  method: 'get',
  path: '/workspaces',
  tag: 'Workspaces',
  summary: "List the caller's workspaces",
  query: listQuery.extend({ include: includeQuery }),
  response: { schema: listSchema(workspaceSchema, 'WorkspaceList'), description: 'A page of workspaces, oldest first.' },
  handler: async (ctx, { query }) => {
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const rows = await ctx.em.execute<(Record<string, unknown> & { role: WorkspaceAccess['role']; member_id: string | null })[]>(
      `select w.*, a.role, a.member_id from workspace_accesses a join workspaces w on w.id = a.workspace_id
       where a.account_id = ? and w.archived_at is null and a.workspace_id > ? order by a.workspace_id limit ?`,
      [ctx.account.id, after?.id ?? '', query.limit + 1],
    );
    const page = pageOf(rows, query.limit, (r) => ({ id: r.id as string }));
    const pairs = page.data.map(({ role, member_id, ...w }) => {
      const access = Object.assign(new WorkspaceAccess(), { accountId: ctx.account.id, workspaceId: w.id as string, role, memberId: member_id });
      return { workspace: ctx.em.map(Workspace, w), access };
    });
    const workspaces = pairs.map((p) => p.workspace);
    const [facts, settings] = await Promise.all([staffFacts(ctx, workspaces), includes(query.include, 'settings') ? settingsForWorkspaces(ctx.em, workspaces) : null]);
    return {
      kind: 'workspace',
      page: {
        ...page,
        data: pairs.map(({ workspace, access }) => serializeWorkspace(workspace, access, facts.get(workspace.id) ?? null, settings?.get(workspace.id) ?? null)),
      },
    };
  },
});

export const createWorkspace = defineRoute({
  method: 'post',
  path: '/workspaces',
  tag: 'Workspaces',
  summary: 'Create a workspace; the caller becomes its owner',
  description: 'Limited to 20 workspaces per day per API user, archived ones included.',
  body: z.strictObject({ name: z.string().max(100).trim().min(1), metadata: metadataInput.optional() }),
  response: { status: 201, schema: workspaceSchema, description: 'The created workspace.' },
  handler: async (ctx, { body }) => {
    const { workspacesPerDay } = ctx.deps.config.rateLimits;
    const workspace = new Workspace();
    workspace.id = newId('workspace');
    workspace.name = body.name;
    workspace.metadata = body.metadata === undefined ? {} : mergeMetadata({}, body.metadata);
    workspace.createdBy = ctx.account.id;
    const access = new WorkspaceAccess();
    access.accountId = ctx.account.id;
    access.workspaceId = workspace.id;
    access.role = 'owner';
    await ctx.em.transactional(async (em) => {
      const wait = await slidingWindowWait(em, 'workspaces', ctx.account.id, workspacesPerDay, DAY);
      if (wait !== null) {
        throw rateLimited(wait, 'workspace_creation_rate_limited', `At most ${workspacesPerDay} workspaces can be created per day.`);
      }
      em.persist(workspace);
      await em.flush();
      em.persist(access);
      await persistOwnSettings(em, { kind: 'workspace', id: workspace.id, workspaceId: workspace.id });
    });
    return { ...(await render(ctx, workspace, access)), status: 201 };
  },
});

export const getWorkspace = defineRoute({
  method: 'get',
  path: '/workspaces/{id}',
  tag: 'Workspaces',
  summary: 'Get a workspace',
  params: idParams,
  query: z.object({ include: includeQuery }),
  response: { schema: workspaceSchema, description: 'The workspace.' },
  handler: async (ctx, { params }) => {
    const { workspace, access } = await workspaceFor(ctx, params.id, { hidden: 'not_found' });
    return render(ctx, workspace, access);
  },
});

export const updateWorkspace = defineRoute({
  method: 'patch',
  path: '/workspaces/{id}',
  tag: 'Workspaces',
  summary: "Update a workspace's name or metadata (owner or admin)",
  params: idParams,
  body: z.strictObject({ name: z.string().max(100).trim().min(1).optional(), metadata: metadataInput.optional() }),
  response: { schema: workspaceSchema, description: 'The updated workspace.' },
  errors: { 403: 'workspace_update_not_allowed: only owners and admins of the workspace update it' },
  handler: async (ctx, { params, body }) => {
    const { workspace, access } = await workspaceFor(ctx, params.id, {
      hidden: 'not_found',
      roles: MANAGERS,
      forbidden: () => new ApiError(403, 'workspace_update_not_allowed', 'Only owners and admins of the workspace can update it.'),
    });
    if (body.name !== undefined) workspace.name = body.name;
    if (body.metadata !== undefined) workspace.metadata = mergeMetadata(workspace.metadata, body.metadata);
    await ctx.em.flush();
    return render(ctx, workspace, access);
  },
});

export const archiveWorkspace = defineRoute({
  method: 'delete',
  path: '/workspaces/{id}',
  tag: 'Workspaces',
  summary: 'Archive a workspace (owner only)',
  description: 'The workspace disappears from every list and read; it still counts toward the daily creation limit.',
  params: idParams,
  response: {
    schema: z.object({ id: z.string(), object: z.literal('workspace'), archived: z.literal(true) }).openapi('ArchivedWorkspace'),
    description: 'The workspace is archived.',
  },
  errors: { 403: 'workspace_archive_not_allowed: only owners of the workspace archive it' },
  handler: async (ctx, { params }) => {
    const { workspace } = await workspaceFor(ctx, params.id, {
      hidden: 'not_found',
      roles: ['owner'],
      forbidden: () => new ApiError(403, 'workspace_archive_not_allowed', 'Only owners of the workspace can archive it.'),
    });
    workspace.archivedAt = new Date();
    await ctx.em.flush();
    return { body: { id: workspace.id, object: 'workspace', archived: true } };
  },
});

export const workspaceRoutes = [listWorkspaces, createWorkspace, getWorkspace, updateWorkspace, archiveWorkspace];
