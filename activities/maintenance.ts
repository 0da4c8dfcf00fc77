import { expireIdempotencyKeys } from '../db/idempotency';
import { pruneCounters } from '../db/rate-limits';
import { pruneWebhookHistory } from '../db/webhook-events';
import type { ActivityDeps } from './index';

/** Events (with their deliveries and attempts) one retention batch removes. */
export const RETENTION_BATCH = 1000;

export function createMaintenanceActivities({ orm, log, webhookRetentionDays }: ActivityDeps) {
  return {
    /**
     * One retention batch: webhook events older than WEBHOOK_RETENTION_DAYS (default 30), with their
     * deliveries and attempts; returns how many events went (a full batch means more are left).
     */
    async pruneWebhookHistory(): Promise<number> {
      const removed = await pruneWebhookHistory(orm.em.fork(), webhookRetentionDays ?? 30, RETENTION_BATCH);
      if (removed > 0) log.info({ removed, older_than_days: webhookRetentionDays ?? 30 }, 'pruned webhook history');
      return removed;
    },

    /** Deletes rate-limit counters whose window ended more than a day ago; returns how many went. */
    async pruneRateLimitCounters(): Promise<number> {
      const removed = await pruneCounters(orm.em.fork());
      // Idempotency keys past their 24 hours go with the same housekeeping.
      const keys = await expireIdempotencyKeys(orm.em.fork());
      log.debug({ removed, idempotency_keys: keys }, 'pruned rate-limit counters and expired idempotency keys');
      return removed + keys;
    },
  };
}
