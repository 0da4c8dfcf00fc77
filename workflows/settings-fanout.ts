import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { settingsChangedSignal, type SettingsChange } from './signals';

const { refreshMeetingSettings } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** What is still to re-resolve: every upcoming meeting, or those of some members only. */
type Pending = { all: boolean; members: string[] };

/**
 * `settings-fanout/<wks>`: after a settings change, walks the workspace's upcoming meetings in
 * batches (only the named members' when the change reached members only) so each whose resolved
 * settings changed emits meeting.updated. Changes signalled during a pass cause one more pass
 * (changes coalesce); idle for a minute, it ends. Long runs continue as new.
 */
export async function settingsFanout(input: {
  workspaceId: string;
  batchSize?: number;
  pending?: Pending;
}): Promise<{ passes: number }> {
  const pending: Pending = input.pending ?? { all: false, members: [] };
  const waiting = () => pending.all || pending.members.length > 0;
  let passes = 0;
  setHandler(settingsChangedSignal, (change?: SettingsChange) => {
    // An old-style signal without a scope means everything.
    if (!change || change.memberIds === null) pending.all = true;
    else for (const id of change.memberIds) if (!pending.members.includes(id)) pending.members.push(id);
  });
  for (;;) {
    if (!waiting() && !(await condition(waiting, '1 minute'))) return { passes };
    const memberIds = pending.all ? null : [...pending.members];
    pending.all = false;
    pending.members = [];
    let after: string | null = '';
    while (after !== null)
      after = (
        await refreshMeetingSettings({
          workspaceId: input.workspaceId,
          after,
          limit: input.batchSize ?? 200,
          memberIds,
        })
      ).next;
    passes += 1;
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > 4000) {
      await continueAsNew<typeof settingsFanout>({ ...input, pending });
    }
  }
}
