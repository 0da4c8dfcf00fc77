import { LockMode } from '@mikro-orm/core';
import { Settings, SettingsAssignment, Workspace } from '../db/entities';
import { meetingWithBots } from '../db/meetings';
import { listedSettings } from '../db/settings';
import { ApiError, conflict, notFound, ValidationFailed } from '../domain/errors';
import { meetingPhase } from '../domain/meetings/state';
import { newId } from '../domain/ids';
import { decodeCursor, mapPage, pageOf, type Page } from '../domain/pagination';
import {
  applyLegacyWrite,
  applyWrite,
  INHERIT,
  readRemovedWrite,
  readSettingsWrite,
  START_PATH,
  type LegacyValues,
  type SettingPath,
  type SettingsWrite,
} from '../domain/settings';
import { settingsEtag } from '../representations/settings';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';
import { announceSettingsChange } from './settings-effects';
import { templateIssue } from './summary-templates';
import { brandKitIssue } from './brand-kits';

/** A settings object with its assignments (as it reads on the wire). */
export type SettingsView = { settings: Settings; assignments: SettingsAssignment[] };

/** The settings object, for owners and admins of its workspace only. */
async function loadSettings(ctx: RequestCtx, id: string): Promise<Settings> {
  const settings = await ctx.em.findOne(Settings, { id });
  if (!settings) throw notFound('Settings');
  await accessToObject(ctx, settings.workspaceId, 'Settings', { roles: MANAGERS });
  return settings;
}

/** Settings assigned to an account reach every workspace it created: only that account changes them. */
export async function assertMayChange(ctx: RequestCtx, s: Settings): Promise<void> {
  const foreign = await ctx.em.findOne(SettingsAssignment, {
    settingsId: s.id,
    accountId: { $ne: null, $nin: [ctx.account.id] },
  });
  if (foreign)
    throw new ApiError(
      401,
      'unauthorized',
      `These settings apply to every workspace of account ${foreign.accountId} (${foreign.id}): only that account can change them.`,
    );
}

/**
 * A meeting's own settings change only while it is upcoming: a live meeting is being recorded with
 * what it has (409 meeting_live), a past or cancelled one will not be recorded again (409 meeting_not_upcoming).
 */
export async function assertMeetingUpcoming(ctx: RequestCtx, meetingId: string): Promise<void> {
  const { meeting, bots } = await meetingWithBots(ctx.em, meetingId);
  const phase = meetingPhase(meeting, bots, new Date());
  if (phase === 'live')
    throw conflict(
      'meeting_live',
      `Meeting ${meeting.id} is being recorded; its settings cannot change until it ends.`,
    );
  if (phase !== 'upcoming')
    throw conflict(
      'meeting_not_upcoming',
      `Meeting ${meeting.id} is ${phase}; only an upcoming meeting's own settings can change.`,
    );
}

/**
 * Values set by an account-level assignment (`accounts:`) are fixed for every workspace the account
 * created: only that account sets those paths again below it; anyone else gets 422 enforced per path.
 */
async function assertNotEnforced(ctx: RequestCtx, s: Settings, write: SettingsWrite): Promise<void> {
  const workspace = await ctx.em.findOneOrFail(Workspace, { id: s.workspaceId });
  if (workspace.createdBy === ctx.account.id) return;
  const fixedBy = await ctx.em.find(SettingsAssignment, { accountId: workspace.createdBy }, { orderBy: { id: 'asc' } });
  if (fixedBy.length === 0) return;
  const accountSettings = await ctx.em.find(Settings, { id: { $in: fixedBy.map((a) => a.settingsId) } });
  const issues = (Object.keys(write) as SettingPath[])
    .filter((path) => write[path] !== INHERIT && accountSettings.some((a) => a.values[path] !== undefined))
    .map((path) => ({
      code: 'enforced',
      field: path,
      message: `${path} is fixed for every workspace of account ${workspace.createdBy} by an account-level assignment; only that account changes it.`,
    }));
  if (issues.length) throw new ValidationFailed(issues);
}

async function assignmentsOf(ctx: RequestCtx, settingsIds: string[]): Promise<Map<string, SettingsAssignment[]>> {
  const out = new Map<string, SettingsAssignment[]>(settingsIds.map((id) => [id, []]));
  if (settingsIds.length === 0) return out;
  for (const a of await ctx.em.find(
    SettingsAssignment,
    { settingsId: { $in: settingsIds } },
    { orderBy: { id: 'asc' } },
  ))
    out.get(a.settingsId)!.push(a);
  return out;
}

async function view(ctx: RequestCtx, settings: Settings): Promise<SettingsView> {
  return { settings, assignments: (await assignmentsOf(ctx, [settings.id])).get(settings.id)! };
}

/** `If-Match` on a settings write: the version the client read; another answers 409 settings_changed. */
function checkIfMatch(ifMatch: string | string[] | undefined, s: Settings): void {
  if (ifMatch === undefined) return;
  const tags = String(ifMatch)
    .split(',')
    .map((t) => t.trim());
  if (tags.includes('*') || tags.includes(settingsEtag(s))) return;
  throw new ApiError(
    409,
    'settings_changed',
    `The settings changed since they were read (now at ETag ${settingsEtag(s)}): read them again and retry.`,
  );
}

/**
 * What an older pin's write held that the newest shape cannot (domain/versions upgrade
 * `settings_write`): removed policy fields by dotted path, and an older `start` word.
 */
export type OlderSettingsWrite = { removed_settings?: LegacyValues; older_start?: string };

/** A write's groups, with the checks that need the database (a tpl_ template of the workspace). */
async function readWrite(
  ctx: RequestCtx,
  workspaceId: string,
  body: Record<string, unknown>,
  otherFields: string[],
  older: OlderSettingsWrite = {},
): Promise<{ write: SettingsWrite; legacy: (current: LegacyValues) => LegacyValues }> {
  const { write, issues } = readSettingsWrite(body, { otherFields });
  const removed = readRemovedWrite(older.removed_settings ?? {});
  issues.push(...removed.issues);
  const template = write['summary.template'];
  if (typeof template === 'string') {
    const issue = await templateIssue(ctx.em, workspaceId, template, 'summary.template');
    if (issue) issues.push(issue);
  }
  const kit = write['branding.brand_kit_id'];
  if (typeof kit === 'string') {
    const issue = await brandKitIssue(ctx.em, workspaceId, kit, 'branding.brand_kit_id');
    if (issue) issues.push(issue);
  }
  if (issues.length) throw new ValidationFailed(issues);
  const start = { written: write[START_PATH] !== undefined, olderWord: older.older_start };
  return { write, legacy: (current) => applyLegacyWrite(current, removed.write, start) };
}

/** A workspace's settings objects (owners and admins): its own, its named ones, then each member's own. */
export async function listSettings(
  ctx: RequestCtx,
  query: { workspace_id: string; cursor?: string; limit: number },
): Promise<Page<SettingsView>> {
  const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
  const after = decodeCursor<{ g: number; k: string; id: string }>(query.cursor, {
    g: 'number',
    k: 'string',
    id: 'string',
  });
  const rows = await listedSettings(ctx.em, workspace.id, after, query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => ({ g: Number(r.g), k: r.k, id: r.id }));
  const ids = page.data.map((r) => r.id);
  const [objects, assignments] = await Promise.all([
    ctx.em.find(Settings, { id: { $in: ids } }),
    assignmentsOf(ctx, ids),
  ]);
  const byId = new Map(objects.map((s) => [s.id, s]));
  return mapPage(page, ({ id }) => ({ settings: byId.get(id)!, assignments: assignments.get(id)! }));
}

export async function getSettings(ctx: RequestCtx, id: string): Promise<SettingsView> {
  return view(ctx, await loadSettings(ctx, id));
}

/** A named settings object (owners and admins); it applies nowhere until assigned. */
export async function createSettings(
  ctx: RequestCtx,
  body: Record<string, unknown> & { workspace_id: string; name?: string | null },
  older: OlderSettingsWrite = {},
): Promise<SettingsView> {
  const { workspace } = await workspaceFor(ctx, body.workspace_id, { roles: MANAGERS });
  const { write, legacy } = await readWrite(ctx, workspace.id, body, ['workspace_id', 'name'], older);
  const now = new Date();
  const settings = Object.assign(new Settings(), {
    id: newId('settings'),
    workspaceId: workspace.id,
    name: body.name ?? null,
    values: applyWrite({}, write),
    legacyValues: legacy({}),
    createdAt: now,
    updatedAt: now,
  });
  await ctx.em.persist(settings).flush();
  return view(ctx, settings);
}

/**
 * Changes a settings object (owners and admins; account-wide settings only by their account), at the
 * version `If-Match` names when given, and announces the change to the meetings it may reach.
 */
export async function updateSettings(
  ctx: RequestCtx,
  id: string,
  body: Record<string, unknown> & { name?: string | null },
  ifMatch: string | string[] | undefined,
  older: OlderSettingsWrite = {},
): Promise<SettingsView> {
  const found = await loadSettings(ctx, id);
  await assertMayChange(ctx, found);
  const { write, legacy } = await readWrite(ctx, found.workspaceId, body, ['name'], older);
  await assertNotEnforced(ctx, found, write);
  if (found.ownKind === 'meeting') await assertMeetingUpcoming(ctx, found.ownId!);
  if (body.name !== undefined && found.ownKind) {
    throw new ValidationFailed([
      { code: 'invalid', field: 'name', message: `Own settings of a ${found.ownKind} carry no name.` },
    ]);
  }
  const settings = await ctx.em.transactional(async (em) => {
    const s = await em.findOneOrFail(Settings, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    checkIfMatch(ifMatch, s);
    const before = s.values;
    s.values = applyWrite(s.values, write);
    s.legacyValues = legacy(s.legacyValues);
    if (body.name !== undefined) s.name = body.name;
    s.version += 1;
    s.updatedAt = new Date();
    await em.flush();
    // A name, the removed fields of older pins, or a value written as it was reach no meeting: nothing to announce.
    if (JSON.stringify(before) !== JSON.stringify(s.values)) await announceSettingsChange(ctx, em, { settings: s });
    return s;
  });
  return view(ctx, settings);
}

/** Deletes a named settings object that is assigned nowhere (owners and admins), at the version `If-Match` names when given. */
export async function deleteSettings(
  ctx: RequestCtx,
  id: string,
  ifMatch: string | string[] | undefined,
): Promise<Settings> {
  const found = await loadSettings(ctx, id);
  await ctx.em.transactional(async (em) => {
    const s = await em.findOneOrFail(Settings, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    checkIfMatch(ifMatch, s);
    if (s.ownKind)
      throw new ApiError(
        409,
        'settings_in_use',
        `These are the own settings of ${s.ownKind} ${s.ownId}; they cannot be deleted (set values to inherit instead).`,
      );
    const used = await em.find(SettingsAssignment, { settingsId: s.id }, { orderBy: { id: 'asc' } });
    if (used.length)
      throw new ApiError(
        409,
        'settings_in_use',
        `The settings are assigned (${used.map((a) => a.id).join(', ')}): delete those assignments first.`,
      );
    em.remove(s);
    await em.flush();
  });
  return found;
}
