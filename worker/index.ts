import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  bundleWorkflowCode,
  DefaultLogger,
  type NativeConnection,
  Runtime,
  type State,
  Worker,
  type LogLevel,
} from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { createSimulatorActivities } from '../activities/simulator';
import type { Logger } from '../runtime/logger';
import {
  CALENDAR_SYNC_JANITOR_ID,
  ENDED_BOT_JANITOR_ID,
  ENDED_DELIVERY_JANITOR_ID,
  RATE_LIMIT_JANITOR_ID,
  RETENTION_JANITOR_ID,
} from '../workflows/maintenance';
import { commands } from '../services/commands';
import { SIMULATED_CALL_SHARDS, simulatedCallsTaskQueue } from '../workflows/signals';
import type { Orm } from '../db/orm';

let runtimeInstalled = false;

/**
 * Workflows kept in the sticky cache unless WORKER_MAX_CACHED_WORKFLOWS says otherwise. The SDK
 * sizes its default from the V8 heap limit at about 1.7 MiB a workflow, which under the worker's
 * 512 MiB heap (`npm run start:worker`) would be about 200 bots in flight (the simulated calls
 * have a worker and a cache of their own), and each eviction costs a replay. These workflows are
 * small: with 1,000 of them in flight the worker's heap after a collection held under 100 MiB.
 */
export const DEFAULT_MAX_CACHED_WORKFLOWS = 1000;

/**
 * Workflow tasks the worker runs at once unless WORKER_MAX_CONCURRENT_WORKFLOW_TASKS says otherwise
 * (the SDK's default is 40). A bot's workflow task holds its slot while the local activities it
 * decides run: its launch, and each status record. With 40 slots, the outbox's eager start of a bot
 * often found none free, and that bot's first task went through the server's queue instead, at about
 * four more Temporal requests a bot. bench:bots (300 bots, 2026-12-04, taking turns): 40 slots gave
 * 15.1-16.8 bots/s at 29.4-29.8 requests a bot; 100 gave 18.0-18.7 at 25.9-26.8; 200 gave 19.3-19.7
 * at 23.4-24.3 (the worker's peak 461-474 MiB, also with 500 bots); 400 gave no more (19.7 at 499 MiB).
 */
export const DEFAULT_MAX_CONCURRENT_WORKFLOW_TASKS = 200;

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
  /** Workflow tasks run at once (DEFAULT_MAX_CONCURRENT_WORKFLOW_TASKS when not given). */
  maxConcurrentWorkflowTasks?: number;
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

/** The workflow code an SDK worker runs: a bundle in memory, or the prebuilt one on disk. */
type WorkflowBundle = { code: string } | { codePath: string };

/** The workflows bundled in this process (webpack: seconds and memory, so at most once a worker). */
async function bundleOnce(): Promise<{ code: string }> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows'),
    logger: new DefaultLogger('WARN'),
  });
  return { code };
}

/**
 * The service's worker as its callers run it: one `run()` for all it polls, one `shutdown()`.
 * `run()` settles when every part has stopped; a part that fails shuts the others down.
 */
export type ServiceWorker = {
  run(): Promise<void>;
  shutdown(): void;
  getState(): State;
};

/**
 * Workflows the simulated calls' worker keeps cached, whatever the service's worker is given: a few
 * long-lived calls' workflows a task queue (SIMULATED_CALL_SHARDS), each replayed from its history
 * when evicted; room for those of continue-as-new runs handing over.
 */
const SIMULATED_CALLS_CACHE = 4 * SIMULATED_CALL_SHARDS;

/**
 * The worker: the project's workflows and activities on one task queue and, when the meeting-bot
 * provider is the simulated one, the simulated calls on theirs (simulatedCallsTaskQueue), polled by
 * a second SDK worker on the same connection with a cache of its own: only its local activities (the
 * calls' reports to their bots), no activity poller.
 */
export async function createWorker(opts: WorkerOptions): Promise<ServiceWorker> {
  // Without a prebuilt bundle the workflows are bundled here, once for both SDK workers.
  const workflowBundle = opts.workflowBundle ?? prebuiltBundle() ?? (await bundleOnce());
  const service = await Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    workflowBundle,
    maxCachedWorkflows: opts.maxCachedWorkflows ?? DEFAULT_MAX_CACHED_WORKFLOWS,
    maxConcurrentWorkflowTaskExecutions: opts.maxConcurrentWorkflowTasks ?? DEFAULT_MAX_CONCURRENT_WORKFLOW_TASKS,
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
  const parts = [service];
  if (opts.providers.meetingBot.name === 'simulated')
    parts.push(await createSimulatedCallsWorker({ ...opts, workflowBundle }));
  return combined(parts);
}

/**
 * The simulated calls' worker of a task queue (simulatedCallsTaskQueue): the calls' workflows, with
 * the calls' reports to their bots as local activities and no activity poller.
 */
export async function createSimulatedCallsWorker(
  opts: Pick<
    WorkerOptions,
    'connection' | 'namespace' | 'taskQueue' | 'temporal' | 'log' | 'maxCachedWorkflows' | 'shutdownGraceMs'
  > & { workflowBundle: WorkflowBundle },
): Promise<Worker> {
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: simulatedCallsTaskQueue(opts.taskQueue),
    workflowBundle: opts.workflowBundle,
    // A worker told to keep no cache (tests that replace workers: the test server hands a task to a
    // stopped worker's sticky queue and never times it out) runs the calls without one too.
    maxCachedWorkflows: opts.maxCachedWorkflows === 0 ? 0 : SIMULATED_CALLS_CACHE,
    // A few workflows, one task at a time each: two polls keep one ready while the other is answered.
    // (SDK 1.24.0 ignores maxConcurrentWorkflowTaskPolls, which this said until 2026-12-04: the
    // worker polled with its default of 10. The poller behaviour is the option it reads.)
    workflowTaskPollerBehavior: { type: 'simple-maximum', maximum: 2 },
    enableNonLocalActivities: false,
    ...(opts.shutdownGraceMs !== undefined ? { shutdownGraceTime: opts.shutdownGraceMs } : {}),
    activities: createSimulatorActivities({ temporal: opts.temporal, taskQueue: opts.taskQueue, log: opts.log }),
  });
}

/** What `combined` needs of an SDK worker. */
export type WorkerPart = Pick<Worker, 'run' | 'shutdown' | 'getState'>;

/** Several SDK workers run and shut down as one. */
export function combined(parts: WorkerPart[]): ServiceWorker {
  const shutdown = () => {
    for (const w of parts) if (w.getState() === 'RUNNING') w.shutdown();
  };
  return {
    async run() {
      const runs = parts.map((w) =>
        w.run().catch((err: unknown) => {
          shutdown();
          throw err;
        }),
      );
      const settled = await Promise.allSettled(runs);
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    shutdown,
    getState: () => parts[0]!.getState(),
  };
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
