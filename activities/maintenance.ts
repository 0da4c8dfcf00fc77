import { expireIdempotencyKeys } from '../db/idempotency';
import { pruneCounters } from '../db/rate-limits';
import type { ActivityDeps } from './index';

export function createMaintenanceActivities({ orm, log }: ActivityDeps) {
  return {
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
