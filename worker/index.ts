import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DefaultLogger, type NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import type { Logger } from '../runtime/logger';
import {
  CALENDAR_SYNC_JANITOR_ID,
  ENDED_BOT_JANITOR_ID,
  ENDED_DELIVERY_JANITOR_ID,
  RATE_LIMIT_JANITOR_ID,
  RETENTION_JANITOR_ID,
} from '../workflows/maintenance';
import { commands } from '../services/commands';
import type { Orm } from '../db/orm';

let runtimeInstalled = false;

/**
 * Workflows kept in the sticky cache unless WORKER_MAX_CACHED_WORKFLOWS says otherwise. The SDK
 * sizes its default from the V8 heap limit at about 1.7 MiB a workflow, which under the worker's
 * 512 MiB heap (`npm run start:worker`) would be about 200: 100 bots in flight (a bot and
 * its simulated call are two workflows), and each eviction costs a replay. These workflows are
 * small: with 1,000 of them in flight the worker's heap after a collection held under 100 MiB.
 */
export const DEFAULT_MAX_CACHED_WORKFLOWS = 1000;

/**
 * Sends the SDK's own logs through pino and, with `metricsAddress` (WORKER_METRICS_ADDRESS,
 * host:port), serves the Temporal worker's own Prometheus metrics there (task slots, poll and
 * schedule-to-start latencies, sticky cache); must run before the first native connection.
 */
export function installTemporalLogging(log: Logger, metricsAddress?: string | null): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const level = (log.level === 'trace' ? 'TRACE' : log.level === 'debug' ? 'DEBUG' : 'WARN') as LogLevel;
  Runtime.install({
    // The process entry point owns SIGINT/SIGTERM (scripts/start.ts drains in order); the SDK must not race it.
    shutdownSignals: [],
    logger: new DefaultLogger(level, (entry) => {
      const fields = { ...(entry.meta ?? {}), temporal: true };
      const method =
        entry.level === 'ERROR' ? 'error' : entry.level === 'WARN' ? 'warn' : entry.level === 'INFO' ? 'info' : 'debug';
      log[method](fields, entry.message);
    }),
    // Native (Rust core) logs go through the same logger instead of straight to stderr.
    telemetryOptions: {
      logging: { filter: { core: level, other: 'WARN' }, forward: {} },
      ...(metricsAddress ? { metrics: { prometheus: { bindAddress: metricsAddress } } } : {}),
    },
  });
}

export type WorkerOptions = ActivityDeps & {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  /** Prebuilt workflow bundle (tests reuse one); otherwise bundled from workflows/. */
  workflowBundle?: { code: string };
  /**
   * Size of the sticky workflow cache (DEFAULT_MAX_CACHED_WORKFLOWS when not given). 0 (no cache)
   * is for tests that replace workers on the test server only: such a worker drops each bot status
   * record's local-activity result, and the workflow task then waits out its 10 s timeout before it
   * is retried.
   */
  maxCachedWorkflows?: number;
  /** How long in-flight activities may run on after shutdown() before they are cancelled. */
  shutdownGraceMs?: number;
};

/**
 * The workflow bundle `npm run build` writes beside the compiled code (dist/workflow-bundle.js), or
 * null when running from source, or when the bundle is older than the last compile (compiled without
 * bundling: a build stopped by a type error or interrupted while bundling): the worker then bundles
 * the workflows itself as it starts, never running old ones. The last compile is the newer of the
 * compiled workflows' index and the compile's record (scripts/build.mjs rewrites only the files that
 * changed, and its record whenever it writes any).
 */
function prebuiltBundle(): { codePath: string } | null {
  const codePath = path.join(__dirname, '..', 'workflow-bundle.js');
  if (!existsSync(codePath)) return null;
  const record = path.join(__dirname, '..', '.tsbuildinfo');
  const compiledAt = Math.max(
    statSync(require.resolve('../workflows')).mtimeMs,
    // Absent when built before the record existed, or dropped for a moment by a build running now.
    statSync(record, { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
  return statSync(codePath).mtimeMs >= compiledAt ? { codePath } : null;
}

/** The worker: the project's workflows and activities on one task queue. */
export async function createWorker(opts: WorkerOptions): Promise<Worker> {
  const bundle = opts.workflowBundle ?? prebuiltBundle();
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    ...(bundle ? { workflowBundle: bundle } : { workflowsPath: require.resolve('../workflows') }),
    maxCachedWorkflows: opts.maxCachedWorkflows ?? DEFAULT_MAX_CACHED_WORKFLOWS,
    ...(opts.shutdownGraceMs !== undefined ? { shutdownGraceTime: opts.shutdownGraceMs } : {}),
    activities: createActivities({
      orm: opts.orm,
      log: opts.log,
      temporal: opts.temporal,
      providers: opts.providers,
      storage: opts.storage,
      taskQueue: opts.taskQueue,
      allowLoopbackWebhooks: opts.allowLoopbackWebhooks,
      webhookRetentionDays: opts.webhookRetentionDays,
    }),
  });
}

/**
 * Long-running housekeeping workflows, started through the outbox (so a worker starting while
 * Temporal is away still gets them once it returns); starting a running one again is a no-op, and
 * one that was terminated (or failed) is started anew.
 * The `outbox-relay` workflow of earlier releases is no longer started: the dispatcher does its work.
 */
export async function ensureMaintenanceWorkflows(orm: Orm): Promise<void> {
  const em = orm.em.fork();
  commands.ensureRunning(em, 'rateLimitJanitor', RATE_LIMIT_JANITOR_ID, []);
  commands.ensureRunning(em, 'retentionJanitor', RETENTION_JANITOR_ID, []);
  commands.ensureRunning(em, 'endedBotJanitor', ENDED_BOT_JANITOR_ID, []);
  commands.ensureRunning(em, 'endedDeliveryJanitor', ENDED_DELIVERY_JANITOR_ID, []);
  commands.ensureRunning(em, 'calendarSyncJanitor', CALENDAR_SYNC_JANITOR_ID, []);
  await em.flush();
}
