import type { EntityManager } from '@mikro-orm/postgresql';
import { type Settings, SettingsAssignment, Workspace } from '../db/entities';
import { reconcileCalendarBot } from './calendar-bots';
import { changeMeeting } from './meetings';
import { commands } from './commands';
import { lockWorkspaceSettings } from '../db/settings';
import { settingsChangedSignal, settingsFanoutWorkflowId } from '../workflows/signals';
import type { RequestCtx } from './context';

/**
 * Announces a settings change inside the request's transaction. A meeting's own settings reach one
 * meeting: its meeting.updated is recorded right here. Anything else may reach many meetings: the
 * `settings-fanout/<wks>` workflow of each workspace reached is signalled (started if idle) by a
 * command of the outbox, sent after commit, and re-resolves its upcoming meetings in batches.
 */
export async function announceSettingsChange(
  ctx: RequestCtx,
  em: EntityManager,
  change: { settings: Settings } | { assignment: SettingsAssignment },
): Promise<void> {
  const assignments =
    'assignment' in change
      ? [change.assignment]
      : await em.find(SettingsAssignment, { settingsId: change.settings.id });
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
  for (const meetingId of meetings) {
    await changeMeeting(em, meetingId, () => undefined);
    await reconcileCalendarBot(em, meetingId);
  }
  if (accounts.size) {
    for (const w of await em.find(
      Workspace,
      { createdBy: { $in: [...accounts] }, archivedAt: null },
      { fields: ['id'] },
    ))
      widen(w.id, null);
  }
  if (workspaces.size === 0) return;
  // Held until commit: the fan-out's batches take it shared, so they read this change, never the state before it.
  for (const workspaceId of [...workspaces].sort()) await lockWorkspaceSettings(em, workspaceId);
  for (const workspaceId of workspaces) {
    const memberIds = reach.get(workspaceId);
    commands.signalWithStart(
      em,
      'settingsFanout',
      settingsFanoutWorkflowId(workspaceId),
      [{ workspaceId, batchSize: ctx.deps.config.settingsFanoutBatch }],
      settingsChangedSignal,
      [{ memberIds: memberIds ? [...memberIds] : null }],
      { WorkspaceId: workspaceId },
    );
  }
  await em.flush();
}
