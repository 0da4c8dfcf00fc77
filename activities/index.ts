import type { Orm } from '../db/orm';
import type { Logger } from '../runtime/logger';
import { createMaintenanceActivities } from './maintenance';

export type ActivityDeps = { orm: Orm; log: Logger };

/** Every activity the worker registers (STYLE: a factory with its dependencies passed in). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createMaintenanceActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
