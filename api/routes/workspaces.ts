import * as workspaces from '../../services/workspaces';
import { metadataInput, includes, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { serializeWorkspace, workspaceSchema } from '../../representations/workspace';
import { z } from '../../representations/zod';

const includeQuery = z
  .string()
  .optional()
  .openapi({ description: 'Comma-separated expansions; `settings` adds the settings block.' });

const render = (v: workspaces.WorkspaceView) => serializeWorkspace(v.workspace, v.access, v.staff, v.settings);

export const listWorkspaces = defineRoute({
  method: 'get',
  path: '/workspaces',
  tag: 'Workspaces',
  summary: "List the caller's workspaces",
  query: listQuery.extend({ include: includeQuery }),
  response: {
    schema: listSchema(workspaceSchema, 'WorkspaceList'),
    description: 'A page of workspaces, oldest first.',
  },
  handler: async (ctx, { query }) => {
    const page = await workspaces.listWorkspaces(ctx, {
      cursor: query.cursor,
      limit: query.limit,
      withSettings: includes(query.include, 'settings'),
    });
    return { kind: 'workspace', page: mapPage(page, render) };
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
  errors: { 403: 'workspace_creation_not_allowed: the key is only a guest in its workspaces' },
  handler: async (ctx, { body }) => ({
    status: 201,
    kind: 'workspace',
    body: render(await workspaces.createWorkspace(ctx, body)),
  }),
});

export const getWorkspace = defineRoute({
  method: 'get',
  path: '/workspaces/{id}',
  tag: 'Workspaces',
  summary: 'Get a workspace',
  params: idParams,
  query: z.object({ include: includeQuery }),
  response: { schema: workspaceSchema, description: 'The workspace.' },
  handler: async (ctx, { params }) => ({
    kind: 'workspace',
    body: render(await workspaces.getWorkspace(ctx, params.id)),
  }),
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
  handler: async (ctx, { params, body }) => ({
    kind: 'workspace',
    body: render(await workspaces.updateWorkspace(ctx, params.id, body)),
  }),
});

export const archiveWorkspace = defineRoute({
  method: 'delete',
  path: '/workspaces/{id}',
  tag: 'Workspaces',
  summary: 'Archive a workspace (owner only)',
  description: 'The workspace disappears from every list and read; it still counts toward the daily creation limit.',
  params: idParams,
  response: {
    schema: z
      .object({ id: z.string(), object: z.literal('workspace'), archived: z.literal(true) })
      .openapi('ArchivedWorkspace'),
    description: 'The workspace is archived.',
  },
  errors: { 403: 'workspace_archive_not_allowed: only owners of the workspace archive it' },
  handler: async (ctx, { params }) => {
    const workspace = await workspaces.archiveWorkspace(ctx, params.id);
    return { body: { id: workspace.id, object: 'workspace', archived: true } };
  },
});

export const workspaceRoutes = [listWorkspaces, createWorkspace, getWorkspace, updateWorkspace, archiveWorkspace];
