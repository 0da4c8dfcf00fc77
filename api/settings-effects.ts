import type { EntityManager } from '@mikro-orm/postgresql';
import { Settings, SettingsAssignment, Workspace } from '../db/entities';
import { reconcileCalendarBot } from '../db/calendar-bots';
import { changeMeeting } from '../db/meetings';
import { temporalBotScheduler } from '../runtime/bot-scheduler';
import { settingsLockKey } from '../db/settings';
import { settingsChangedSignal, settingsFanoutWorkflowId } from '../workflows/signals';
import { WorkspaceIdKey } from '../workflows/search-attributes';
import type { RequestCtx } from './context';
import { ApiError } from './errors';

/**
 * Announces a settings change inside the request's transaction. A meeting's own settings reach one
 * meeting: its meeting.updated is recorded right here. Anything else may reach many meetings: the
 * `settings-fanout/<wks>` workflow of each workspace reached is signalled (started if idle) before
 * commit, and re-resolves its upcoming meetings in batches; a failed signal rolls the change back.
 * The transaction holds the workspace's settings lock, so the fan-out reads the committed change.
 */
export async function announceSettingsChange(ctx: RequestCtx, em: EntityManager, change: { settings: Settings } | { assignment: SettingsAssignment }): Promise<void> {
  const assignments = 'assignment' in change ? [change.assignment] : await em.find(SettingsAssignment, { settingsId: change.settings.id });
  const meetings = new Set<string>();
  const workspaces = new Set<string>();
  const accounts = new Set<string>();
  // Per workspace: the members whose meetings the change may reach, or null for all of them.
  const reach = new Map<string, Set<string> | null>();
  const widen = (workspaceId: string, memberId: string | null) => {
    workspaces.add(workspaceId);
    const current = reach.has(workspaceId) ? reach.get(workspaceId)! : new Set<string>();
    if (memberId === null || current === null) reach.set(workspaceId, null);
    else reach.set(workspaceId, current.add(memberId));
  };
  for (const a of assignments) {
    if (a.meetingId) meetings.add(a.meetingId);
    else if (a.workspaceId) widen(a.workspaceId, a.memberId);
    else if (a.accountId) accounts.add(a.accountId);
  }
  const scheduler = ctx.deps.temporal ? temporalBotScheduler(ctx.deps.temporal, ctx.deps.config.temporal.taskQueue) : null;
  for (const meetingId of meetings) {
    await changeMeeting(em, meetingId, () => undefined);
    if (scheduler) await reconcileCalendarBot(em, meetingId, scheduler);
  }
  if (accounts.size) {
    for (const w of await em.find(Workspace, { createdBy: { $in: [...accounts] }, archivedAt: null }, { fields: ['id'] })) widen(w.id, null);
  }
  if (workspaces.size === 0) return;
  const temporal = ctx.deps.temporal;
  if (!temporal) {
    // API-only processes (tests): each meeting announces the change with its next update instead.
    ctx.log.warn({ workspaces: [...workspaces] }, 'settings changed without a workflow service: meetings announce it with their next change');
    return;
  }
  // Held until commit: the fan-out's batches take it shared, so they read this change, never the state before it.
  for (const workspaceId of [...workspaces].sort()) await em.execute('select pg_advisory_xact_lock(hashtext(?))', [settingsLockKey(workspaceId)]);
  try {
    for (const workspaceId of workspaces) {
      await temporal.workflow.signalWithStart('settingsFanout', {
        workflowId: settingsFanoutWorkflowId(workspaceId),
        taskQueue: ctx.deps.config.temporal.taskQueue,
        args: [{ workspaceId, batchSize: ctx.deps.config.settingsFanoutBatch }],
        signal: settingsChangedSignal,
        signalArgs: [{ memberIds: reach.get(workspaceId) ? [...reach.get(workspaceId)!] : null }],
        typedSearchAttributes: [{ key: WorkspaceIdKey, value: workspaceId }],
      });
    }
  } catch (err) {
    ctx.log.error({ err }, 'signalling the settings fan-out failed');
    throw new ApiError(503, 'provider_unavailable', 'The change could not be scheduled for the meetings it reaches; nothing was changed. Retry in a moment.');
  }
}
