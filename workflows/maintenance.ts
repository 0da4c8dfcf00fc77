import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { pruneRateLimitCounters } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5 },
});

export const RATE_LIMIT_JANITOR_ID = 'maintenance/rate-limit-janitor';
const ROUNDS_PER_RUN = 24;

/** Hourly clean-up of expired rate-limit counters; continues as new every day to keep history short. */
export async function rateLimitJanitor(): Promise<void> {
  for (let round = 0; round < ROUNDS_PER_RUN; round++) {
    await pruneRateLimitCounters();
    await sleep('1 hour');
  }
  await continueAsNew<typeof rateLimitJanitor>();
}
