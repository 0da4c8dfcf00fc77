import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Meeting, Member, Settings, SettingsAssignment, Workspace } from '../db/entities';
import { assignmentRow, listedAssignments } from '../db/settings';
import { ApiError, notFound, ValidationFailed, type FieldIssue } from '../domain/errors';
import { newId } from '../domain/ids';
import { decodeCursor, mapPage, pageOf, type Page } from '../domain/pagination';
import { parseScope, type Scope } from '../domain/settings';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';
import { announceSettingsChange } from './settings-effects';

/** An assignment, and whether it applies own settings to their own scope (it cannot be deleted). */
export type AssignmentView = { assignment: SettingsAssignment; own: boolean };

/**
 * Checks every id a scope names against what the key may write, each at its index in `scope`,
 * and fills a meeting scope's implied workspace.
 */
/** Whether the key is an owner or admin of a live (not archived) workspace: workspaceFor's rule, as a yes or no. */
async function managesWorkspace(ctx: RequestCtx, workspaceId: string): Promise<boolean> {
  return workspaceFor(ctx, workspaceId, { roles: MANAGERS }).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) return false;
      throw err;
    },
  );
}

async function checkScopeReferences(ctx: RequestCtx, conditions: string[], scope: Scope): Promise<void> {
  const issues: FieldIssue[] = [];
  const at = (prefix: string) =>
    `scope.${conditions.findIndex((c) => typeof c === 'string' && c.trim().startsWith(prefix))}`;
  const manages = (workspaceId: string) => managesWorkspace(ctx, workspaceId);
  let meetingWorkspace: string | null = null;
  if (scope.meetingId) {
    const field = at(`meetings:${scope.meetingId}`);
    const meeting = await ctx.em.findOne(Meeting, { id: scope.meetingId });
    if (!meeting || !(await manages(meeting.workspaceId)))
      issues.push({
        code: 'invalid',
        field,
        message: `${field} names no meeting this key can write: ${scope.meetingId}.`,
      });
    else meetingWorkspace = meeting.workspaceId;
  }
  const anchor = scope.anchor;
  if (anchor?.kind === 'account' && anchor.id !== ctx.account.id) {
    issues.push({
      code: 'invalid',
      field: at('accounts:'),
      message: `${at('accounts:')} must name the key's own account (${ctx.account.id}).`,
    });
  }
  if (anchor?.kind === 'workspace') {
    const field = at('workspaces:');
    if (!(await manages(anchor.id)))
      issues.push({ code: 'invalid', field, message: `${field} names no workspace this key can write: ${anchor.id}.` });
    else if (meetingWorkspace && meetingWorkspace !== anchor.id) {
      issues.push({
        code: 'invalid',
        field,
        message: `${field}: the meeting ${scope.meetingId} belongs to workspace ${meetingWorkspace}, not ${anchor.id}.`,
      });
    }
  }
  if (anchor?.kind === 'member') {
    const field = at('members:');
    const member = await ctx.em.findOne(Member, { id: anchor.id, deletedAt: null });
    if (!member || !(await manages(member.workspaceId)))
      issues.push({ code: 'invalid', field, message: `${field} names no member this key can write: ${anchor.id}.` });
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

async function loadAssignment(
  ctx: RequestCtx,
  id: string,
): Promise<{ assignment: SettingsAssignment; settings: Settings }> {
  const assignment = await ctx.em.findOne(SettingsAssignment, { id });
  if (!assignment) throw notFound('Settings assignment');
  const settings = await ctx.em.findOneOrFail(Settings, { id: assignment.settingsId });
  await accessToObject(ctx, settings.workspaceId, 'Settings assignment', { roles: MANAGERS });
  if (assignment.accountId && assignment.accountId !== ctx.account.id) throw notFound('Settings assignment');
  return { assignment, settings };
}

/**
 * Applies named settings to one more scope (owners and admins), within their workspace (an account
 * scope takes settings of a workspace the account created), and announces the change. A scope holds
 * one assignment: the unique scope key decides, before anything is signalled.
 */
export async function createAssignment(
  ctx: RequestCtx,
  input: { settings_id: string; scope: unknown },
): Promise<AssignmentView> {
  const settings = await ctx.em.findOne(Settings, { id: input.settings_id });
  // Settings of an archived workspace are not writable: an assignment made of them could never be read or removed.
  const writable = settings !== null && (await managesWorkspace(ctx, settings.workspaceId));
  const issues: FieldIssue[] = [];
  if (!settings || !writable)
    issues.push({
      code: 'invalid',
      field: 'settings_id',
      message: `settings_id names no settings this key can write: ${input.settings_id}.`,
    });
  const parsed = parseScope(input.scope);
  issues.push(...parsed.issues);
  if (issues.length) throw new ValidationFailed(issues);
  const scope = parsed.scope!;
  await checkScopeReferences(ctx, input.scope as string[], scope);
  const s = settings!;
  if (s.ownKind)
    throw new ApiError(
      409,
      'settings_conflict',
      `${s.id} are the own settings of ${s.ownKind} ${s.ownId} and stay on its scope: create named settings (POST /settings) to apply elsewhere.`,
    );
  const workspaceId = await scopeWorkspace(ctx, scope);
  if (workspaceId !== null && workspaceId !== s.workspaceId) {
    throw new ApiError(
      409,
      'settings_conflict',
      `${s.id} belong to workspace ${s.workspaceId}; the scope is in workspace ${workspaceId}. Create the settings in that workspace.`,
    );
  }
  if (
    workspaceId === null &&
    (await ctx.em.findOneOrFail(Workspace, { id: s.workspaceId })).createdBy !== ctx.account.id
  ) {
    throw new ApiError(
      409,
      'settings_conflict',
      `An account scope takes settings of a workspace the account created; ${s.id} belong to ${s.workspaceId}.`,
    );
  }
  const assignment = assignmentRow(newId('settingsAssignment'), s.id, scope, workspaceId);
  const taken = async () => {
    const existing = await ctx.em.fork().findOne(SettingsAssignment, { scopeKey: assignment.scopeKey });
    return new ApiError(
      409,
      'scope_taken',
      `The scope [${assignment.scope.join(', ')}] already has settings: ${existing?.id ?? 'another assignment'} (settings ${existing?.settingsId ?? '?'}). Change those settings, or delete that assignment first.`,
    );
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
  return { assignment, own: false };
}

/** A workspace's assignments (owners and admins), in the order resolution walks them. */
export async function listAssignments(
  ctx: RequestCtx,
  query: { workspace_id: string; cursor?: string; limit: number },
): Promise<Page<AssignmentView>> {
  const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
  const after = decodeCursor<{ g: number; k: string; r: number; id: string }>(query.cursor, {
    g: 'number',
    k: 'string',
    r: 'number',
    id: 'string',
  });
  const rows = await listedAssignments(ctx.em, workspace.id, after, query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => ({ g: Number(r.g), k: r.k, r: Number(r.r), id: r.id }));
  const found = new Map(
    (await ctx.em.find(SettingsAssignment, { id: { $in: page.data.map((r) => r.id) } })).map((a) => [a.id, a]),
  );
  return mapPage(page, (r) => ({ assignment: found.get(r.id)!, own: r.own }));
}

export async function getAssignment(ctx: RequestCtx, id: string): Promise<AssignmentView> {
  const { assignment, settings } = await loadAssignment(ctx, id);
  return { assignment, own: settings.ownKind !== null };
}

/** Removes an assignment (owners and admins): its scope falls back to the next layer. Own settings stay on their own scope. */
export async function deleteAssignment(ctx: RequestCtx, id: string): Promise<SettingsAssignment> {
  const { assignment, settings } = await loadAssignment(ctx, id);
  if (settings.ownKind)
    throw new ApiError(
      409,
      'settings_in_use',
      `${assignment.id} applies the own settings of ${settings.ownKind} ${settings.ownId} to its own scope and cannot be removed; change ${settings.id} instead.`,
    );
  await ctx.em.transactional(async (em) => {
    await em.nativeDelete(SettingsAssignment, { id: assignment.id });
    await announceSettingsChange(ctx, em, { assignment });
  });
  return assignment;
}
