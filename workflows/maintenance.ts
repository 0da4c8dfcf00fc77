import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { UNTIL_THE_DATABASE_TAKES_IT } from './retries';

// A janitor that failed would never run again (its id is started once, and a closed one is not
// started anew), so a long PostgreSQL outage must not end it.
const { pruneRateLimitCounters, pruneWebhookHistory } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { ...UNTIL_THE_DATABASE_TAKES_IT, initialInterval: '200 milliseconds' },
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

export const RETENTION_JANITOR_ID = 'maintenance/retention';
/** A full batch means more are left: at most this many batches a round, then the next round. */
const BATCHES_PER_ROUND = 100;
const RETENTION_ROUNDS_PER_RUN = 28;
const FULL_BATCH = 1000;

/**
 * Retention: every 6 hours, removes webhook events (with deliveries and attempts) past their age in
 * batches of 1,000 until a batch comes back short; continues as new each week to keep history short.
 */
export async function retentionJanitor(): Promise<void> {
  for (let round = 0; round < RETENTION_ROUNDS_PER_RUN; round++) {
    for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
      if ((await pruneWebhookHistory()) < FULL_BATCH) break;
    }
    await sleep('6 hours');
  }
  await continueAsNew<typeof retentionJanitor>();
}

/** Does nothing: bench/bots measures how many of these the Temporal server completes per second (the bound). */
export async function noopWorkflow(): Promise<void> {}
