import * as assignments from '../../services/settings-assignments';
import { MAX_CONDITIONS } from '../../domain/settings';
import { workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { assignmentSchema, serializeAssignment } from '../../representations/settings';
import { z } from '../../representations/zod';
import { deletedSchema } from './settings';

const render = (v: assignments.AssignmentView) => serializeAssignment(v.assignment, v.own);

export const createAssignment = defineRoute({
  method: 'post',
  path: '/settings_assignments',
  tag: 'Settings',
  summary: 'Apply a settings object to one more scope (owner or admin)',
  description:
    'Scope conditions `<kind>:<value>`, all of which must hold: exactly one of `accounts:acc_…` (alone), `workspaces:wks_…`, `members:mem_…`; then optionally `meetings:organized|internal|domain|external` and `calendar_event_series:<ical_uid>`; or `meetings:mtg_…` (implies its workspace, names no member). 422 names the index of the condition at fault. 409 scope_taken: the scope already has settings. 409 settings_conflict: own settings stay on their own scope, and settings apply only within their workspace (an account scope takes settings of a workspace the account created).',
  body: z.strictObject({
    settings_id: z.string().trim().min(1).openapi({ example: 'set_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    scope: z.unknown().openapi({
      type: 'array',
      minItems: 1,
      maxItems: MAX_CONDITIONS,
      uniqueItems: true,
      items: {
        type: 'string',
        pattern:
          '^\\s*((accounts:acc_|workspaces:wks_|members:mem_|meetings:mtg_)[0-9a-z]{26}|meetings:(organized|internal|domain|external)|calendar_event_series:.+)\\s*$',
      },
      example: ['members:mem_01jdz4m7k3q8v2n6x9c5b1t0aa', 'meetings:external'],
    } as never),
  }),
  response: { status: 201, schema: assignmentSchema, description: 'The assignment.' },
  errors: {
    409: 'scope_taken: the scope already has settings; settings_conflict: own settings stay on their scope, and settings apply only within their workspace',
  },
  handler: async (ctx, { body }) => ({ status: 201, body: render(await assignments.createAssignment(ctx, body)) }),
});

export const listAssignments = defineRoute({
  method: 'get',
  path: '/settings_assignments',
  tag: 'Settings',
  summary: "List a workspace's settings assignments (owner or admin)",
  description:
    'The workspace’s assignments, then its members’, a page of members at a time; within each, most specific first and, between equals, newest first (the order resolution walks). Meetings’ own assignments are read on each meeting’s settings block; account assignments on every block they reach.',
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(assignmentSchema, 'SettingsAssignmentList'), description: 'A page of assignments.' },
  handler: async (ctx, { query }) => ({ page: mapPage(await assignments.listAssignments(ctx, query), render) }),
});

export const getAssignment = defineRoute({
  method: 'get',
  path: '/settings_assignments/{id}',
  tag: 'Settings',
  summary: 'Get a settings assignment (owner or admin)',
  params: idParams,
  response: { schema: assignmentSchema, description: 'The assignment.' },
  handler: async (ctx, { params }) => ({ body: render(await assignments.getAssignment(ctx, params.id)) }),
});

export const deleteAssignment = defineRoute({
  method: 'delete',
  path: '/settings_assignments/{id}',
  tag: 'Settings',
  summary: 'Remove a settings assignment (owner or admin)',
  description:
    'The scope falls back to the next layer. The assignment of own settings to their own scope cannot be removed: 409 settings_in_use.',
  params: idParams,
  response: {
    schema: deletedSchema('DeletedSettingsAssignment', 'settings_assignment'),
    description: 'The assignment is gone.',
  },
  errors: { 409: 'settings_in_use: the assignment of own settings to their own scope stays' },
  handler: async (ctx, { params }) => {
    const assignment = await assignments.deleteAssignment(ctx, params.id);
    return { body: { id: assignment.id, object: 'settings_assignment', deleted: true } };
  },
});

export const settingsAssignmentRoutes = [listAssignments, getAssignment, createAssignment, deleteAssignment];
