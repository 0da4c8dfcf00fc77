import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { relayUndispatched } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 3 },
});

export const OUTBOX_RELAY_ID = 'outbox-relay';

/** Every minute, dispatches what a crash between commit and dispatch left behind; continues as new hourly. */
export async function outboxRelay(): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await relayUndispatched();
    await sleep('1 minute');
  }
  await continueAsNew<typeof outboxRelay>();
}
