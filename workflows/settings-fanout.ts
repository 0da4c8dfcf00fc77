import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { settingsChangedSignal } from './signals';

const { refreshMeetingSettings } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * `settings-fanout/<wks>`: after a settings change, walks the workspace's upcoming meetings in
 * batches so each whose resolved settings changed emits meeting.updated. Changes signalled during a
 * pass cause one more pass (changes coalesce); idle for a minute, it ends. Long runs continue as new.
 */
export async function settingsFanout(input: { workspaceId: string; batchSize?: number; pending?: boolean }): Promise<{ passes: number }> {
  let pending = input.pending ?? true;
  let passes = 0;
  setHandler(settingsChangedSignal, () => {
    pending = true;
  });
  for (;;) {
    if (!pending && !(await condition(() => pending, '1 minute'))) return { passes };
    pending = false;
    let after: string | null = '';
    while (after !== null) after = (await refreshMeetingSettings({ workspaceId: input.workspaceId, after, limit: input.batchSize ?? 200 })).next;
    passes += 1;
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > 4000) {
      await continueAsNew<typeof settingsFanout>({ ...input, pending });
    }
  }
}
