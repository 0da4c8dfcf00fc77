import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { LiveBotCursor } from '../domain/meetings/state';
import { RETRY_DELAYS_SECONDS, type WaitingDeliveryCursor } from '../domain/webhooks/schedule';
import { UNTIL_THE_DATABASE_TAKES_IT } from './retries';

// A janitor that failed would not run again until the next worker start (which starts a closed one
// anew), so a long PostgreSQL outage must not end it.
const { pruneRateLimitCounters, pruneWebhookHistory } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { ...UNTIL_THE_DATABASE_TAKES_IT, initialInterval: '200 milliseconds' },
});

// A page stops taking bots or deliveries after a minute; it heartbeats before each (a describe, 5 s at
// most, and a leave or a mark).
const { endBotsOfEndedWorkflows, failDeliveriesOfEndedWorkflows, restartEndedCalendarSyncs } =
  proxyActivities<Activities>({
    startToCloseTimeout: '5 minutes',
    heartbeatTimeout: '1 minute',
    retry: { ...UNTIL_THE_DATABASE_TAKES_IT, initialInterval: '1 second' },
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

/** Pages a janitor of ended workflows goes through in a round at most; the next round goes on from there. */
const PAGES_PER_ROUND = 20;
/** The history a janitor of ended workflows keeps before it continues as new. */
const JANITOR_HISTORY_EVENTS = 2_000;

/**
 * A janitor of ended workflows, for good: every `every`, a round of at most PAGES_PER_ROUND pages
 * that goes on from where the last round stopped, each page given the round's cut-off (`quietMs`
 * before its start); continues as new, with where it is, once its history passes
 * JANITOR_HISTORY_EVENTS.
 */
async function janitorOfEndedWorkflows<C>(opts: {
  from: C | null;
  every: Parameters<typeof sleep>[0];
  quietMs: number;
  page: (cutOff: string, after: C | null) => Promise<{ next: C | null }>;
  restart: (after: C | null) => Promise<never>;
}): Promise<never> {
  let after = opts.from;
  for (;;) {
    const cutOff = new Date(Date.now() - opts.quietMs).toISOString();
    for (let i = 0; i < PAGES_PER_ROUND; i++) {
      after = (await opts.page(cutOff, after)).next;
      if (!after) break;
    }
    await sleep(opts.every);
    if (workflowInfo().historyLength > JANITOR_HISTORY_EVENTS) await opts.restart(after);
  }
}

export const ENDED_BOT_JANITOR_ID = 'maintenance/ended-bots';
/** A live bot unchanged this long has its workflow looked up: a bot changes at least every few minutes until it is in a call. */
const ENDED_BOT_QUIET_MS = 10 * 60_000;

/**
 * Every 5 minutes, ends the live bots whose workflow closed without ending them (terminated from the
 * Temporal UI, failed, timed out: the bot would otherwise read queued, joining, in_call or processing
 * for good): each reads cancelled or failed with its event, and a provider bot still in the call is
 * asked to leave (activities/maintenance.ts). Goes through the bots unchanged for 10 minutes, by when
 * they last changed, 20 pages of 50 a round at most, going on the next round from where it stopped.
 * `pageSize` (default 50) is for tests.
 */
export async function endedBotJanitor(from: LiveBotCursor | null = null, pageSize?: number): Promise<void> {
  await janitorOfEndedWorkflows({
    from,
    every: '5 minutes',
    quietMs: ENDED_BOT_QUIET_MS,
    page: (before, after) => endBotsOfEndedWorkflows({ before, after, pageSize }),
    restart: (after) => continueAsNew<typeof endedBotJanitor>(after, pageSize),
  });
}

export const ENDED_DELIVERY_JANITOR_ID = 'maintenance/ended-deliveries';
/** Twice the longest wait between two attempts: a delivery whose workflow runs has been tried by then. */
const ENDED_DELIVERY_QUIET_MS = 2 * Math.max(...RETRY_DELAYS_SECONDS) * 1000;

/**
 * Every 15 minutes, marks failed the pending deliveries whose retry workflow ended without ending
 * them (terminated from the Temporal UI, or cancelled under an earlier release: the delivery would
 * otherwise read pending for good, with nothing to try it): they list under delivery_status=failed,
 * to be redelivered. Goes through the deliveries not tried for two hours, by their last attempt, as
 * the bots' janitor does. `pageSize` (default 50) is for tests.
 */
export async function endedDeliveryJanitor(
  from: WaitingDeliveryCursor | null = null,
  pageSize?: number,
): Promise<void> {
  await janitorOfEndedWorkflows({
    from,
    every: '15 minutes',
    quietMs: ENDED_DELIVERY_QUIET_MS,
    page: (before, after) => failDeliveriesOfEndedWorkflows({ before, after, pageSize }),
    restart: (after) => continueAsNew<typeof endedDeliveryJanitor>(after, pageSize),
  });
}

export const CALENDAR_SYNC_JANITOR_ID = 'maintenance/calendar-syncs';
/** A closed sync workflow is started again this long after it closed: its sync stops at its next heartbeat (2 minutes at most). */
const CALENDAR_SYNC_CLOSED_MS = 5 * 60_000;

/**
 * Every 15 minutes, starts again the sync workflow of each connected calendar whose workflow ended
 * at least 5 minutes before while it is not disconnected (terminated from the Temporal UI: its
 * events would otherwise stop syncing, and its meetings get no bots), as a reconnect would. Goes
 * through the connections by id, as the bots' janitor does. `pageSize` (default 50) is for tests.
 */
export async function calendarSyncJanitor(from: string | null = null, pageSize?: number): Promise<void> {
  await janitorOfEndedWorkflows({
    from,
    every: '15 minutes',
    quietMs: CALENDAR_SYNC_CLOSED_MS,
    page: (closedBefore, after) => restartEndedCalendarSyncs({ after, closedBefore, pageSize }),
    restart: (after) => continueAsNew<typeof calendarSyncJanitor>(after, pageSize),
  });
}

/** Does nothing: bench/bots measures how many of these the Temporal server completes per second (the bound). */
export async function noopWorkflow(): Promise<void> {}
