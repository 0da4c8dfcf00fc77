import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { temporal } from '@temporalio/proto';
import { SEARCH_ATTRIBUTES } from '../../workflows/search-attributes';
import type { Orm } from '../../db/orm';
import { freePort } from '../../runtime/net';
import { startDevServer, startTestServer, type ServerHandle } from '../../runtime/temporal-servers';
import { createWorker, installTemporalLogging, type ServiceWorker } from '../../worker';
import { startDispatcher, type Dispatcher } from '../../worker/dispatcher';
import { temporalGateway, workerClient } from '../../runtime/temporal-gateway';
import { silentLog } from './db';
import type { Providers } from '../../activities/providers';
import { createProviders } from '../../activities/providers';
import { loadConfig } from '../../runtime/config';
import { LocalStorage, type MediaStorage } from '../../runtime/storage';
import { testEnv } from './env';
import { until } from './until';
import type { WorkflowHandle } from '@temporalio/client';

export type TemporalHarness = {
  env: TestWorkflowEnvironment;
  taskQueue: string;
  server: ServerHandle;
  teardown: () => Promise<void>;
};

/**
 * A time-skipping Temporal server of this test file's own (time skipping is global to a server),
 * connected through the SDK's public environment with time skipping on.
 */
export async function timeSkipping(): Promise<TemporalHarness> {
  installTemporalLogging(silentLog);
  const server = await startTestServer({ log: silentLog, port: await freePort() });
  // `create` with an existing server keeps time skipping; the SDK's own spawn allows a JVM only ~5 s.
  const env: TestWorkflowEnvironment = await (TestWorkflowEnvironment as any).create({
    server: { type: 'existing' },
    address: server.address,
    namespace: 'default',
    supportsTimeSkipping: true,
  });
  // The test server knows only the search attributes registered with it, like any Temporal server.
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(
      SEARCH_ATTRIBUTES.map((k) => [k.name, temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]),
    ),
  });
  return {
    env,
    server,
    taskQueue: `test-${path.basename(process.argv[1] ?? 'q')}`,
    teardown: async () => {
      await env.teardown();
      await server.stop();
    },
  };
}

/** A dev server (no time skipping) for what the test server lacks: Schedules, list and count queries. */
export async function devServer(): Promise<TemporalHarness> {
  installTemporalLogging(silentLog);
  const server = await startDevServer({
    log: silentLog,
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
    headless: true,
    cliPath: testEnv().cli,
  });
  const env = await TestWorkflowEnvironment.createFromExistingServer({ address: server.address, namespace: 'default' });
  return {
    env,
    server,
    taskQueue: 'test-dev',
    teardown: async () => {
      await env.teardown();
      await server.stop();
    },
  };
}

/**
 * A worker with the project's real workflows (bundled once per run) and activities, and the outbox
 * dispatcher as in production (woken by NOTIFY; `dispatched()` waits until nothing is left to send).
 */
export async function startWorker(
  h: TemporalHarness,
  orm: Orm,
  opts: { providers?: Partial<Providers>; storage?: MediaStorage; sticky?: boolean; dispatcher?: boolean } = {},
): Promise<{
  worker: ServiceWorker;
  stop: () => Promise<void>;
  storage: MediaStorage;
  dispatcher: Dispatcher | null;
  dispatched: () => Promise<void>;
}> {
  const storage = opts.storage ?? new LocalStorage(path.join(testEnv().tmp, `media-${process.pid}`));
  const config = loadConfig({ SIMULATOR_SPEED: '1', SIGNING_SECRET: 'test-signing-secret-of-at-least-32-chars' });
  // As in production (scripts/start.ts): what runs beside the worker uses the worker's connection.
  const besideWorker = workerClient(h.env.nativeConnection, 'default');
  const worker = await createWorker({
    connection: h.env.nativeConnection,
    namespace: 'default',
    taskQueue: h.taskQueue,
    orm,
    log: silentLog,
    temporal: besideWorker,
    providers: { ...createProviders(config, besideWorker, h.taskQueue, orm), ...opts.providers },
    storage,
    allowLoopbackWebhooks: true,
    workflowBundle: { code: readFileSync(testEnv().workflowBundle, 'utf8') },
    ...(opts.sticky === false ? { maxCachedWorkflows: 0 } : {}),
  });
  const running = worker.run();
  const dispatcher =
    opts.dispatcher === false
      ? null
      : startDispatcher({
          allowLoopbackWebhooks: true,
          orm,
          log: silentLog,
          gateway: temporalGateway(besideWorker, { taskQueue: h.taskQueue, deadlineMs: 10_000 }),
          databaseUrl: orm.config.get('clientUrl'),
          pollMs: 200,
        });
  return {
    worker,
    storage,
    dispatcher,
    dispatched: async () => {
      await withDeadline(dispatcher?.idle() ?? Promise.resolve(), 30_000, 'the outbox dispatcher did not become idle');
    },
    stop: async () => {
      await dispatcher?.stop();
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
    },
  };
}

/** Rejects with `message` when `promise` takes longer than `ms`. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A workflow's result once the outbox has started it (the dispatcher sends starts after commit):
 * waits up to 30 s for the execution to exist, then for its result (time skipping on).
 */
export async function resultOf<T = unknown>(h: Pick<TemporalHarness, 'env'>, workflowId: string): Promise<T> {
  return (await startedWorkflow(h, workflowId)).result() as Promise<T>;
}

/** The handle of a workflow once the outbox has started it (waits up to 30 s for it to exist). */
export async function startedWorkflow(h: Pick<TemporalHarness, 'env'>, workflowId: string) {
  const handle = h.env.client.workflow.getHandle(workflowId);
  await until(
    () =>
      handle.describe().then(
        () => 'started',
        (err: Error) => err.message,
      ),
    { what: `workflow ${workflowId} to be started`, timeoutMs: 30_000, accept: (s) => s === 'started' },
  );
  return handle;
}

/**
 * The whole service for a workflow test: a fresh database, a Temporal server of the given kind, a
 * worker with the real workflows (providers overridable) and the API on it. `close` stops all.
 */
export async function serviceFixture(opts: {
  server: 'dev' | 'time-skipping';
  env?: Record<string, string>;
  providers?: Partial<Providers>;
  sticky?: boolean;
}) {
  const { freshDatabase } = await import('./db');
  const { givenApi } = await import('./api');
  const db = await freshDatabase();
  const t = opts.server === 'dev' ? await devServer() : await timeSkipping();
  const worker = await startWorker(t, db.orm, { providers: opts.providers, sticky: opts.sticky });
  const api = await givenApi({
    orm: db.orm,
    temporal: t.env.client,
    storage: worker.storage,
    env: { TEMPORAL_TASK_QUEUE: t.taskQueue, ...opts.env },
  });
  const fixture = {
    db,
    t,
    worker,
    api,
    /** Stops the worker the fixture has then (a test may have replaced it), the server, the database. */
    async close() {
      await fixture.worker.stop();
      await t.teardown();
      await db.drop();
    },
  };
  return fixture;
}

/** A pending activity asked to cancel (`PendingActivityState` of Temporal's API). */
export const CANCEL_REQUESTED = temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_CANCEL_REQUESTED;

/** A workflow's status and its pending activity of one type, as `describe` shows them (attempt 0: none). */
export async function pendingActivity(handle: WorkflowHandle, activityType: string) {
  const d = await handle.describe();
  const a = d.raw.pendingActivities?.find((p) => p.activityType?.name === activityType);
  return { status: d.status.name, attempt: a?.attempt ?? 0, state: a?.state ?? null };
}
