import { ApplicationFailure } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { isDatabaseError, safeErrorMessage } from '../runtime/safe-error';
import type { Orm } from '../db/orm';
import type { Logger } from '../runtime/logger';
import type { MediaStorage } from '../runtime/storage';
import { createBotActivities } from './bots';
import { createMaintenanceActivities } from './maintenance';
import { createSettingsActivities } from './settings';
import { createWebhookActivities } from './webhooks';
import type { Providers } from './providers';
import { createCalendarActivities } from './calendars';
import { createSimulatorActivities } from './simulator';

export type ActivityDeps = {
  orm: Orm;
  log: Logger;
  temporal: Client;
  providers: Providers;
  storage: MediaStorage;
  taskQueue: string;
  allowLoopbackWebhooks: boolean;
  /** Webhook events, deliveries and attempts older than this many days are removed (default 30). */
  webhookRetentionDays?: number;
};

/** Every activity the worker registers (STYLE: a factory with its dependencies passed in). */
export function createActivities(deps: ActivityDeps) {
  return withSafeErrors({
    ...createMaintenanceActivities(deps),
    ...createBotActivities(deps),
    ...createWebhookActivities(deps),
    ...createSettingsActivities(deps),
    ...createCalendarActivities(deps),
    ...createSimulatorActivities(deps),
  });
}

/**
 * A database error leaves an activity as an error without its SQL and values (they would be kept
 * in the workflow's history and shown in the Temporal UI); it stays retryable.
 */
function withSafeErrors<T extends Record<string, (...args: any[]) => Promise<unknown>>>(activities: T): T {
  const wrapped: Record<string, (...args: any[]) => Promise<unknown>> = {};
  for (const [name, fn] of Object.entries(activities)) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await fn(...args);
      } catch (err) {
        if (isDatabaseError(err)) throw ApplicationFailure.retryable(safeErrorMessage(err), 'DatabaseError');
        throw err;
      }
    };
  }
  return wrapped as T;
}

export type Activities = ReturnType<typeof createActivities>;
