import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Meeting, Member, Settings, SettingsAssignment, SummaryTemplate, Workspace, WorkspaceAccess } from '../../db/entities';
import { assignmentRow } from '../../db/settings';
import { announceSettingsChange } from '../../services/settings-effects';
import { ValidationFailed, type FieldIssue } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { applyWrite, MAX_CONDITIONS, parseScope, readSettingsWrite, type Scope, type SettingsWrite } from '../../domain/settings';
import { accessToObject, MANAGERS, workspaceFor } from '../../services/access';
import { workspaceIdInput, idParams } from '../inputs';
import type { RequestCtx } from '../../services/context';
import { ApiError, notFound } from '../../domain/errors';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import type { RawRequest } from '../routing';
import { defineRoute, listSchema } from '../routing';
import { assignmentSchema, serializeAssignment, serializeSettings, settingsEtag, settingsSchema } from '../../representations/settings';
import { z } from '../../representations/zod';
import { BUILT_IN_TEMPLATES } from '../../domain/meetings/vocabulary';

const deletedSchema = (name: string, object: string) => z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) }).openapi(name);

/** The groups as JSON Schema: the values domain/settings accepts per path; `inherit` or null leaves a path to the next layer. */
const LANGUAGE_TAG = '^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|[0-9]{3}))?$';
const inheritOr = (...schemas: object[]) => ({ anyOf: [...schemas, { enum: ['inherit', null] }] });
const group = (properties: Record<string, object>) => ({ type: 'object', properties, additionalProperties: false });
const bool = inheritOr({ type: 'boolean' });
const language = (...words: string[]) => inheritOr({ type: 'string', pattern: LANGUAGE_TAG }, { enum: words });
const groupDoc = (description: string, schema: object) => z.unknown().optional().openapi({ ...schema, description } as never);
const SETTINGS_GROUPS = {
  recording: groupDoc(
    '`enabled` (boolean), `methods.bot.start` (`on_join`, `on_command`), `methods.bot.mode` (`audio_and_video`, `audio_only`), `methods.bot.silence_detection.alert` (boolean).',
    group({
      enabled: bool,
      methods: group({
        bot: group({ start: inheritOr({ enum: ['on_join', 'on_command'] }), mode: inheritOr({ enum: ['audio_and_video', 'audio_only'] }), silence_detection: group({ alert: bool }) }),
      }),
    }),
  ),
  transcription: groupDoc('`language`: a BCP-47 code, `auto` or `multi`.', group({ language: language('auto', 'multi') })),
  summary: groupDoc(
    '`template`: a built-in slug or a `tpl_` id; `language`: a BCP-47 code or `same_as_transcript`.',
    group({ template: inheritOr({ enum: BUILT_IN_TEMPLATES }, { type: 'string', pattern: '^tpl_[0-9a-z]{26}$' }), language: language('same_as_transcript') }),
  ),
  branding: groupDoc('`brand_kit_id`: `none`.', group({ brand_kit_id: inheritOr({ enum: ['none'] }) })),
};
const WRITE_NOTE =
  'Partial at any depth: only the paths sent change. `inherit` (or null) removes this object’s value so the next layer decides. A bad value answers 422 `invalid` naming the dotted field and the allowed values; an unknown or removed field answers 422 `unknown_field`.';
const name = z.string().max(100).trim().min(1).nullable().optional();

/** The settings object and the key's role in its workspace; only owners and admins work with settings. */
async function loadSettings(ctx: RequestCtx, id: string): Promise<Settings> {
  const settings = await ctx.em.findOne(Settings, { id });
  if (!settings) throw notFound('Settings');
  await accessToObject(ctx, settings.workspaceId, 'Settings', { roles: MANAGERS });
  return settings;
}

/** Settings assigned to an account reach every workspace it created: only that account changes them. */
async function assertMayChange(ctx: RequestCtx, s: Settings): Promise<void> {
  const foreign = await ctx.em.findOne(SettingsAssignment, { settingsId: s.id, accountId: { $ne: null, $nin: [ctx.account.id] } });
  if (foreign) throw new ApiError(401, 'unauthorized', `These settings apply to every workspace of account ${foreign.accountId} (${foreign.id}): only that account can change them.`);
}

async function assignmentsOf(ctx: RequestCtx, settingsIds: string[]): Promise<Map<string, SettingsAssignment[]>> {
  const out = new Map<string, SettingsAssignment[]>(settingsIds.map((id) => [id, []]));
  if (settingsIds.length === 0) return out;
  for (const a of await ctx.em.find(SettingsAssignment, { settingsId: { $in: settingsIds } }, { orderBy: { id: 'asc' } })) out.get(a.settingsId)!.push(a);
  return out;
}

async function renderSettings(ctx: RequestCtx, s: Settings, status = 200) {
  const assignments = (await assignmentsOf(ctx, [s.id])).get(s.id)!;
  return { status, body: serializeSettings(s, assignments), headers: { ETag: settingsEtag(s) } };
}

/** `If-Match` on a settings write: the version the client read; another answers 409 settings_changed. */
function checkIfMatch(request: RawRequest, s: Settings): void {
  const header = request.headers['if-match'];
  if (header === undefined) return;
  const tags = String(header).split(',').map((t) => t.trim());
  if (tags.includes('*') || tags.includes(settingsEtag(s))) return;
  throw new ApiError(409, 'settings_changed', `The settings changed since they were read (now at ETag ${settingsEtag(s)}): read them again and retry.`);
}

/** A write's groups, with the checks that need the database (a tpl_ template of the workspace). */
async function readWrite(ctx: RequestCtx, workspaceId: string, body: Record<string, unknown>, otherFields: string[]): Promise<SettingsWrite> {
  const { write, issues } = readSettingsWrite(body, { otherFields });
  const template = write['summary.template'];
  if (typeof template === 'string' && template.startsWith('tpl_') && !(await ctx.em.findOne(SummaryTemplate, { id: template, workspaceId }))) {
    issues.push({ code: 'invalid', field: 'summary.template', message: `summary.template names no summary template of this workspace: ${template}.` });
  }
  if (issues.length) throw new ValidationFailed(issues);
  return write;
}

export const listSettings = defineRoute({
  method: 'get',
  path: '/settings',
  tag: 'Settings',
  summary: "List a workspace's settings objects (owner or admin)",
  description:
    'Oldest first: the workspace’s own settings, its named settings, then each member’s own settings, a page of members at a time. Meetings’ own settings are read through each meeting’s settings block.',
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(settingsSchema, 'SettingsList'), description: 'A page of settings objects.' },
  handler: async (ctx, { query }) => {
    const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
    const after = decodeCursor<{ g: number; k: string; id: string }>(query.cursor, ['g', 'k', 'id']);
    const rows = await ctx.em.execute<{ id: string; g: number; k: string }[]>(
      `select id, g, k from (
         select s.id, case when s.own_kind = 'member' then 1 else 0 end as g,
                case when s.own_kind = 'member' then s.own_id when s.own_kind = 'workspace' then '' else '~' end as k
           from settings s left join members mem on s.own_kind = 'member' and mem.id = s.own_id
          where s.workspace_id = ? and (s.own_kind is null or s.own_kind = 'workspace' or (s.own_kind = 'member' and mem.deleted_at is null))
       ) x where (g, k, id) > (?, ?, ?) order by g, k, id limit ?`,
      [workspace.id, after?.g ?? -1, after?.k ?? '', after?.id ?? '', query.limit + 1],
    );
    const page = pageOf(rows, query.limit, (r) => ({ g: Number(r.g), k: r.k, id: r.id }));
    const ids = page.data.map((r) => r.id);
    const [objects, assignments] = await Promise.all([ctx.em.find(Settings, { id: { $in: ids } }), assignmentsOf(ctx, ids)]);
    const byId = new Map(objects.map((s) => [s.id, s]));
    return { page: { ...page, data: ids.map((id) => serializeSettings(byId.get(id)!, assignments.get(id)!)) } };
  },
});

export const getSettings = defineRoute({
  method: 'get',
  path: '/settings/{id}',
  tag: 'Settings',
  summary: 'Get a settings object (owner or admin)',
  description: 'The `ETag` header carries its version, for `If-Match` on PATCH and DELETE.',
  params: idParams,
  response: { schema: settingsSchema, description: 'The settings object.' },
  handler: async (ctx, { params }) => renderSettings(ctx, await loadSettings(ctx, params.id)),
});

export const createSettings = defineRoute({
  method: 'post',
  path: '/settings',
  tag: 'Settings',
  summary: 'Create a named, reusable settings object in a workspace (owner or admin)',
  description: `It applies nowhere until assigned (POST /settings_assignments). ${WRITE_NOTE}`,
  body: z.looseObject({ workspace_id: workspaceIdInput, name, ...SETTINGS_GROUPS }).openapi({ additionalProperties: false } as never),
  response: { status: 201, schema: settingsSchema, description: 'The settings object.' },
  handler: async (ctx, { body }) => {
    const { workspace } = await workspaceFor(ctx, body.workspace_id, { roles: MANAGERS });
    const write = await readWrite(ctx, workspace.id, body, ['workspace_id', 'name']);
    const now = new Date();
    const settings = Object.assign(new Settings(), { id: newId('settings'), workspaceId: workspace.id, name: body.name ?? null, values: applyWrite({}, write), createdAt: now, updatedAt: now });
    await ctx.em.persist(settings).flush();
    return renderSettings(ctx, settings, 201);
  },
});

export const updateSettings = defineRoute({
  method: 'patch',
  path: '/settings/{id}',
  tag: 'Settings',
  summary: 'Change a settings object (owner or admin)',
  description: `${WRITE_NOTE} With \`If-Match: <ETag>\` the write applies only to the version read, else 409 settings_changed. A change that alters upcoming meetings’ resolved settings emits meeting.updated for each of them (in the background when it reaches many).`,
  params: idParams,
  body: z.looseObject({ name, ...SETTINGS_GROUPS }).openapi({ additionalProperties: false } as never),
  response: { schema: settingsSchema, description: 'The settings object.' },
  errors: { 409: 'settings_changed: `If-Match` names a version that is no longer current' },
  handler: async (ctx, { params, body, request }) => {
    const found = await loadSettings(ctx, params.id);
    await assertMayChange(ctx, found);
    const write = await readWrite(ctx, found.workspaceId, body, ['name']);
    if (body.name !== undefined && found.ownKind) {
      throw new ValidationFailed([{ code: 'invalid', field: 'name', message: `Own settings of a ${found.ownKind} carry no name.` }]);
    }
    const settings = await ctx.em.transactional(async (em) => {
      const s = await em.findOneOrFail(Settings, { id: found.id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      checkIfMatch(request, s);
      s.values = applyWrite(s.values, write);
      if (body.name !== undefined) s.name = body.name;
      s.version += 1;
      s.updatedAt = new Date();
      await em.flush();
      await announceSettingsChange(ctx, em, { settings: s });
      return s;
    });
    return renderSettings(ctx, settings);
  },
});

/** Deprecated with the 2026-10-12 release (policies became settings): the same write, marked per RFC 9745. */
const POLICIES_DEPRECATED_AT = Date.parse('2026-10-12T00:00:00Z') / 1000;

export const updatePolicy = defineRoute({
  ...updateSettings,
  path: '/policies/{id}',
  summary: 'Deprecated: the older path of PATCH /settings/{id}',
  description: 'Kept for older integrations; answers exactly as PATCH /settings/{id}, with `Deprecation` and a `Link` to the change history.',
  handler: async (ctx, input) => {
    const reply = (await updateSettings.handler(ctx, input)) as { status?: number; body: Record<string, unknown>; headers?: Record<string, string> };
    return {
      ...reply,
      headers: { ...reply.headers, Deprecation: `@${POLICIES_DEPRECATED_AT}`, Link: `<${ctx.deps.baseUrl()}/changelog>; rel="deprecation"; type="text/html"` },
    };
  },
});

export const deleteSettings = defineRoute({
  method: 'delete',
  path: '/settings/{id}',
  tag: 'Settings',
  summary: 'Delete a named settings object that is not assigned (owner or admin)',
  description: '409 settings_in_use while it is assigned anywhere, and always for own settings (they live as long as their workspace, member or meeting). `If-Match` as for PATCH.',
  params: idParams,
  response: { schema: deletedSchema('DeletedSettings', 'settings'), description: 'The settings object is gone.' },
  errors: { 409: 'settings_in_use: own settings, or settings still assigned; settings_changed: `If-Match` names a version that is no longer current' },
  handler: async (ctx, { params, request }) => {
    const found = await loadSettings(ctx, params.id);
    await ctx.em.transactional(async (em) => {
      const s = await em.findOneOrFail(Settings, { id: found.id }, { lockMode: 4 });
      checkIfMatch(request, s);
      if (s.ownKind) throw new ApiError(409, 'settings_in_use', `These are the own settings of ${s.ownKind} ${s.ownId}; they cannot be deleted (set values to inherit instead).`);
      const used = await em.find(SettingsAssignment, { settingsId: s.id }, { orderBy: { id: 'asc' } });
      if (used.length) throw new ApiError(409, 'settings_in_use', `The settings are assigned (${used.map((a) => a.id).join(', ')}): delete those assignments first.`);
      em.remove(s);
      await em.flush();
    });
    return { body: { id: found.id, object: 'settings', deleted: true } };
  },
});

// ---- assignments ----------------------------------------------------------------------------

/**
 * Checks every id a scope names against what the key may write, each at its index in `scope`,
 * and fills a meeting scope's implied workspace. Returns the workspaces the scope reaches.
 */
async function checkScopeReferences(ctx: RequestCtx, conditions: string[], scope: Scope): Promise<void> {
  const issues: FieldIssue[] = [];
  const at = (prefix: string) => `scope.${conditions.findIndex((c) => typeof c === 'string' && c.trim().startsWith(prefix))}`;
  const manages = async (workspaceId: string) => {
    const access = await ctx.em.findOne(WorkspaceAccess, { accountId: ctx.account.id, workspaceId });
    const workspace = access && MANAGERS.includes(access.role) ? await ctx.em.findOne(Workspace, { id: workspaceId, archivedAt: null }) : null;
    return workspace !== null;
  };
  let meetingWorkspace: string | null = null;
  if (scope.meetingId) {
    const field = at(`meetings:${scope.meetingId}`);
    const meeting = await ctx.em.findOne(Meeting, { id: scope.meetingId });
    if (!meeting || !(await manages(meeting.workspaceId))) issues.push({ code: 'invalid', field, message: `${field} names no meeting this key can write: ${scope.meetingId}.` });
    else meetingWorkspace = meeting.workspaceId;
  }
  const anchor = scope.anchor;
  if (anchor?.kind === 'account' && anchor.id !== ctx.account.id) {
    issues.push({ code: 'invalid', field: at('accounts:'), message: `${at('accounts:')} must name the key's own account (${ctx.account.id}).` });
  }
  if (anchor?.kind === 'workspace') {
    const field = at('workspaces:');
    if (!(await manages(anchor.id))) issues.push({ code: 'invalid', field, message: `${field} names no workspace this key can write: ${anchor.id}.` });
    else if (meetingWorkspace && meetingWorkspace !== anchor.id) {
      issues.push({ code: 'invalid', field, message: `${field}: the meeting ${scope.meetingId} belongs to workspace ${meetingWorkspace}, not ${anchor.id}.` });
    }
  }
  if (anchor?.kind === 'member') {
    const field = at('members:');
    const member = await ctx.em.findOne(Member, { id: anchor.id, deletedAt: null });
    if (!member || !(await manages(member.workspaceId))) issues.push({ code: 'invalid', field, message: `${field} names no member this key can write: ${anchor.id}.` });
  }
  if (issues.length) throw new ValidationFailed(issues);
  if (!anchor && meetingWorkspace) scope.anchor = { kind: 'workspace', id: meetingWorkspace };
}

/** The workspace a scope lives in (null for an account scope). */
async function scopeWorkspace(ctx: RequestCtx, scope: Scope): Promise<string | null> {
  const anchor = scope.anchor!;
  if (anchor.kind === 'workspace') return anchor.id;
  if (anchor.kind === 'member') return (await ctx.em.findOneOrFail(Member, { id: anchor.id })).workspaceId;
  return null;
}

async function loadAssignment(ctx: RequestCtx, id: string): Promise<{ assignment: SettingsAssignment; settings: Settings }> {
  const assignment = await ctx.em.findOne(SettingsAssignment, { id });
  if (!assignment) throw notFound('Settings assignment');
  const settings = await ctx.em.findOneOrFail(Settings, { id: assignment.settingsId });
  await accessToObject(ctx, settings.workspaceId, 'Settings assignment', { roles: MANAGERS });
  if (assignment.accountId && assignment.accountId !== ctx.account.id) throw notFound('Settings assignment');
  return { assignment, settings };
}

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
      items: { type: 'string', pattern: '^\\s*((accounts:acc_|workspaces:wks_|members:mem_|meetings:mtg_)[0-9a-z]{26}|meetings:(organized|internal|domain|external)|calendar_event_series:.+)\\s*$' },
      example: ['members:mem_01jdz4m7k3q8v2n6x9c5b1t0aa', 'meetings:external'],
    } as never),
  }),
  response: { status: 201, schema: assignmentSchema, description: 'The assignment.' },
  errors: { 409: 'scope_taken: the scope already has settings; settings_conflict: own settings stay on their scope, and settings apply only within their workspace' },
  handler: async (ctx, { body }) => {
    const settings = await ctx.em.findOne(Settings, { id: body.settings_id });
    const writable = settings && (await ctx.em.findOne(WorkspaceAccess, { accountId: ctx.account.id, workspaceId: settings.workspaceId }));
    const issues: FieldIssue[] = [];
    if (!settings || !writable || !MANAGERS.includes(writable.role)) issues.push({ code: 'invalid', field: 'settings_id', message: `settings_id names no settings this key can write: ${body.settings_id}.` });
    const parsed = parseScope(body.scope);
    issues.push(...parsed.issues);
    if (issues.length) throw new ValidationFailed(issues);
    const scope = parsed.scope!;
    await checkScopeReferences(ctx, body.scope as string[], scope);
    const s = settings!;
    if (s.ownKind) throw new ApiError(409, 'settings_conflict', `${s.id} are the own settings of ${s.ownKind} ${s.ownId} and stay on its scope: create named settings (POST /settings) to apply elsewhere.`);
    const workspaceId = await scopeWorkspace(ctx, scope);
    if (workspaceId !== null && workspaceId !== s.workspaceId) {
      throw new ApiError(409, 'settings_conflict', `${s.id} belong to workspace ${s.workspaceId}; the scope is in workspace ${workspaceId}. Create the settings in that workspace.`);
    }
    if (workspaceId === null && (await ctx.em.findOneOrFail(Workspace, { id: s.workspaceId })).createdBy !== ctx.account.id) {
      throw new ApiError(409, 'settings_conflict', `An account scope takes settings of a workspace the account created; ${s.id} belong to ${s.workspaceId}.`);
    }
    const assignment = assignmentRow(newId('settingsAssignment'), s.id, scope, workspaceId);
    const taken = async () => {
      const existing = await ctx.em.fork().findOne(SettingsAssignment, { scopeKey: assignment.scopeKey });
      return new ApiError(409, 'scope_taken', `The scope [${assignment.scope.join(', ')}] already has settings: ${existing?.id ?? 'another assignment'} (settings ${existing?.settingsId ?? '?'}). Change those settings, or delete that assignment first.`);
    };
    // The unique scope key decides: a scope already held fails the insert, before anything is signalled.
    try {
      await ctx.em.transactional(async (em) => {
        em.persist(assignment);
        await em.flush();
        await announceSettingsChange(ctx, em, { assignment });
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw await taken();
      throw err;
    }
    return { status: 201, body: serializeAssignment(assignment, false) };
  },
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
  handler: async (ctx, { query }) => {
    const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
    const after = decodeCursor<{ g: number; k: string; r: number; id: string }>(query.cursor, ['g', 'k', 'r', 'id']);
    const rows = await ctx.em.execute<{ id: string; g: number; k: string; r: number; own: boolean }[]>(
      `select * from (
         select a.id, case when a.member_id is null then 0 else 1 end as g, coalesce(a.member_id, '') as k, 1000 - a.specificity as r, s.own_kind is not null as own
           from settings_assignments a join settings s on s.id = a.settings_id left join members mem on mem.id = a.member_id
          where a.workspace_id = ? and a.meeting_id is null and (a.member_id is null or mem.deleted_at is null)
       ) x where (g, k, r) > (?, ?, ?) or ((g, k, r) = (?, ?, ?) and id < ?)
       order by g, k, r, id desc limit ?`,
      [workspace.id, after?.g ?? -1, after?.k ?? '', after?.r ?? 0, after?.g ?? -1, after?.k ?? '', after?.r ?? 0, after?.id ?? '', query.limit + 1],
    );
    const page = pageOf(rows, query.limit, (r) => ({ g: Number(r.g), k: r.k, r: Number(r.r), id: r.id }));
    const found = new Map((await ctx.em.find(SettingsAssignment, { id: { $in: page.data.map((r) => r.id) } })).map((a) => [a.id, a]));
    return { page: { ...page, data: page.data.map((r) => serializeAssignment(found.get(r.id)!, r.own)) } };
  },
});

export const getAssignment = defineRoute({
  method: 'get',
  path: '/settings_assignments/{id}',
  tag: 'Settings',
  summary: 'Get a settings assignment (owner or admin)',
  params: idParams,
  response: { schema: assignmentSchema, description: 'The assignment.' },
  handler: async (ctx, { params }) => {
    const { assignment, settings } = await loadAssignment(ctx, params.id);
    return { body: serializeAssignment(assignment, settings.ownKind !== null) };
  },
});

export const deleteAssignment = defineRoute({
  method: 'delete',
  path: '/settings_assignments/{id}',
  tag: 'Settings',
  summary: 'Remove a settings assignment (owner or admin)',
  description: 'The scope falls back to the next layer. The assignment of own settings to their own scope cannot be removed: 409 settings_in_use.',
  params: idParams,
  response: { schema: deletedSchema('DeletedSettingsAssignment', 'settings_assignment'), description: 'The assignment is gone.' },
  errors: { 409: 'settings_in_use: the assignment of own settings to their own scope stays' },
  handler: async (ctx, { params }) => {
    const { assignment, settings } = await loadAssignment(ctx, params.id);
    if (settings.ownKind) throw new ApiError(409, 'settings_in_use', `${assignment.id} applies the own settings of ${settings.ownKind} ${settings.ownId} to its own scope and cannot be removed; change ${settings.id} instead.`);
    await ctx.em.transactional(async (em) => {
      await em.nativeDelete(SettingsAssignment, { id: assignment.id });
      await announceSettingsChange(ctx, em, { assignment });
    });
    return { body: { id: assignment.id, object: 'settings_assignment', deleted: true } };
  },
});

export const settingsRoutes = [listSettings, getSettings, createSettings, updateSettings, updatePolicy, deleteSettings, listAssignments, getAssignment, createAssignment, deleteAssignment];
