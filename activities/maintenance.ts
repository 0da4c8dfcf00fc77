import { pruneCounters } from '../db/rate-limits';
import type { ActivityDeps } from './index';

export function createMaintenanceActivities({ orm, log }: ActivityDeps) {
  return {
    /** Deletes rate-limit counters whose window ended more than a day ago; returns how many went. */
    async pruneRateLimitCounters(): Promise<number> {
      const removed = await pruneCounters(orm.em.fork());
      log.debug({ removed }, 'pruned rate-limit counters');
      return removed;
    },
  };
}
