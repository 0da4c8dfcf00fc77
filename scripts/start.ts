/**
 * `npm start`: the whole service in one process tree. Uses DATABASE_URL and TEMPORAL_ADDRESS when
 * given; otherwise starts an embedded PostgreSQL and a Temporal dev server with its Web UI.
 * `--only=api` / `--only=worker` run one half (both addresses must then be given). With API_PROCESSES
 * above one (the default: one per core), the API is served by that many processes of this script
 * (cluster workers, `apiProcess` below) on one port; this process keeps the rest (runtime/api-cluster.ts).
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { startApi } from '../api/server';
import { createOrm, migrate, type Orm } from '../db/orm';
import { ConfigError, loadConfig } from '../runtime/config';
import { createLogger } from '../runtime/logger';
import { PostgresStartError, startEmbeddedPostgres } from '../runtime/postgres';
import { startDevServer } from '../runtime/temporal-servers';
import { createWorker, ensureMaintenanceWorkflows, installTemporalLogging } from '../worker';
import { startDispatcher } from '../worker/dispatcher';
import { temporalGateway, workerClient } from '../runtime/temporal-gateway';
import { createProviders } from '../activities/providers';
import { LocalStorage } from '../runtime/storage';
import { markServersStopping } from '../runtime/orphans';
import { ensureSigningSecret } from '../runtime/secrets';
import { apiProcessChannel, startApiCluster } from '../runtime/api-cluster';
import { forgetAccountKeys, relayKeyForgets } from '../services/auth';

async function main(): Promise<void> {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) as
    'api' | 'worker' | undefined;
  if (only && only !== 'api' && only !== 'worker') throw new ConfigError(`--only must be api or worker, not ${only}`);
  const loaded = loadConfig();
  // Separate API and worker processes must share one secret (links the worker signs, tokens the API seals).
  if (only && !loaded.signingSecret)
    throw new ConfigError(
      `SIGNING_SECRET is required with --only=${only}: the API and the worker run as separate processes and must share it (32+ characters, e.g. openssl rand -hex 32).`,
    );
  const config = await ensureSigningSecret(loaded);
  const log = createLogger(config.logLevel);
  const runApi = only !== 'worker';
  const runWorker = only !== 'api';
  if (only && (!config.databaseUrl || !config.temporal.address)) {
    throw new ConfigError(
      `npm run start:${only} runs one half of a deployment: set DATABASE_URL and TEMPORAL_ADDRESS (or use npm start for the embedded defaults).`,
    );
  }
  // Stopped in reverse order of starting: the API drains its requests, the dispatcher stops, the
  // worker drains its activities, then connections, Temporal and PostgreSQL close.
  const stops: (() => Promise<unknown>)[] = [];
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) {
      log.info({ signal }, 'already shutting down; waiting for in-flight work');
      return;
    }
    draining = true;
    // A start right after this one (a restart) waits for it rather than finding its servers in use.
    await markServersStopping();
    const deadline = config.shutdownTimeoutMs;
    log.info(
      { signal, deadline_ms: deadline },
      'shutting down: /readyz fails, no new requests, in-flight requests and activities finish',
    );
    const forced = setTimeout(() => {
      log.error({ deadline_ms: deadline }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, deadline + 5_000);
    for (const stop of stops.reverse()) await stop().catch((err) => log.warn({ err }, 'stop failed'));
    clearTimeout(forced);
    log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  installTemporalLogging(log, only === 'api' ? null : config.workerMetricsAddress);

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info('no DATABASE_URL: starting the embedded PostgreSQL');
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPostgresPort,
      database: 'notetaker',
      log,
    });
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }

  let temporalAddress = config.temporal.address;
  let temporalUi = config.temporal.uiUrl;
  if (!temporalAddress) {
    log.info('no TEMPORAL_ADDRESS: starting a Temporal dev server with its Web UI');
    const dev = await startDevServer({
      log,
      port: config.temporal.devPort,
      uiPort: config.temporal.uiPort,
      namespace: config.temporal.namespace,
      dbFile: path.join(config.dataDir, 'temporal.sqlite'),
      cliPath: config.temporal.cliPath,
    });
    stops.push(dev.stop);
    temporalAddress = dev.address;
    temporalUi = dev.uiUrl;
  }

  const orm: Orm = await createOrm(databaseUrl, log);
  stops.push(() => orm.close());
  if (runApi) {
    const applied = await migrate(orm);
    log.info({ applied }, applied.length ? 'database migrated' : 'database schema up to date');
  }

  const storage = new LocalStorage(config.mediaDir);
  // Lazy: the API serves (and the outbox keeps commands) while Temporal is away; calls carry deadlines.
  const connection = Connection.lazy({ address: temporalAddress });
  stops.push(() => connection.close());
  const client = new Client({ connection, namespace: config.temporal.namespace });

  if (runWorker) {
    const nativeConnection = await NativeConnection.connect({ address: temporalAddress });
    // What runs beside the worker talks to Temporal over the worker's connection: its starts may be eager.
    const besideWorker = workerClient(nativeConnection, config.temporal.namespace);
    const worker = await createWorker({
      connection: nativeConnection,
      namespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      orm,
      log,
      temporal: besideWorker,
      providers: createProviders(config, besideWorker, config.temporal.taskQueue, orm),
      storage,
      allowLoopbackWebhooks: config.allowLoopbackWebhooks,
      webhookRetentionDays: config.webhookRetentionDays,
      ...(config.temporal.maxCachedWorkflows !== null
        ? { maxCachedWorkflows: config.temporal.maxCachedWorkflows }
        : {}),
      ...(config.temporal.maxConcurrentWorkflowTasks !== null
        ? { maxConcurrentWorkflowTasks: config.temporal.maxConcurrentWorkflowTasks }
        : {}),
      shutdownGraceMs: config.shutdownTimeoutMs,
    });
    const running = worker.run();
    stops.push(async () => {
      worker.shutdown();
      await running;
      await nativeConnection.close();
    });
    running.then(
      () => {
        if (!draining) {
          log.fatal('worker stopped unexpectedly');
          process.exit(1);
        }
      },
      (err) => {
        log.fatal({ err }, 'worker stopped');
        process.exit(1);
      },
    );
    await ensureMaintenanceWorkflows(orm);
    // The one path from committed changes to Temporal: events become deliveries, commands are sent.
    const dispatcher = startDispatcher({
      orm,
      log,
      gateway: temporalGateway(besideWorker, {
        taskQueue: config.temporal.taskQueue,
        deadlineMs: config.temporal.callTimeoutMs,
      }),
      databaseUrl,
      allowLoopbackWebhooks: config.allowLoopbackWebhooks,
    });
    stops.push(dispatcher.stop);
  }

  let apiBase: string | null = null;
  if (runApi && config.apiProcesses > 1) {
    // What this process settled (the embedded servers' addresses, the secret, whether simulators run)
    // is handed to the API processes, which read their configuration from the environment.
    const api = await startApiCluster({
      processes: config.apiProcesses,
      env: {
        DATABASE_URL: databaseUrl,
        TEMPORAL_ADDRESS: temporalAddress,
        SIGNING_SECRET: config.signingSecret!,
        ENABLE_SIMULATORS: String(config.simulatorsEnabled),
        // The count this process settled: each API process's shared limits divide by it (services/rate-limits).
        API_PROCESSES: String(config.apiProcesses),
      },
      log,
    });
    stops.push(api.stop);
    apiBase = api.baseUrl;
  } else if (runApi) {
    const api = await startApi(
      { orm, config, log, temporal: client, storage, draining: () => draining },
      { host: config.host, port: config.port },
    );
    stops.push(() => api.stop(config.shutdownTimeoutMs));
    apiBase = api.baseUrl;
  }

  const uiLine = temporalUi
    ? `${temporalUi}/namespaces/${config.temporal.namespace}/workflows`
    : `the UI of ${temporalAddress}`;
  const banner = [
    '',
    'Notetaker service is running.',
    apiBase ? `  API base URL:   ${apiBase}` : '  API:            not started in this process',
    apiBase ? `  API reference:  ${apiBase}/docs` : null,
    apiBase ? `  API processes:  ${config.apiProcesses} (API_PROCESSES)` : null,
    `  Temporal UI:    ${uiLine}`,
    `  Worker:         ${runWorker ? `task queue "${config.temporal.taskQueue}"` : 'not started in this process'}`,
    '  Get an API key: npm run admin -- create-user --email you@example.com --workspace-name "My workspace"',
    apiBase ? `  Then:           curl -H "Authorization: <api_key>" ${apiBase}/workspaces` : null,
    '',
  ].filter((l) => l !== null);
  process.stdout.write(banner.join('\n') + '\n');
  log.info({ api: apiBase, temporal: temporalAddress, temporal_ui: temporalUi }, 'service started');
}

/**
 * One API process of a cluster (forked by startApiCluster, its addresses and secret in its
 * environment): serves requests until SIGTERM or SIGINT, then drains them and exits. It exits at once
 * if the primary process goes away.
 */
async function apiProcess(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  installTemporalLogging(log, null);
  const orm = await createOrm(config.databaseUrl!, log);
  const connection = Connection.lazy({ address: config.temporal.address! });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const channel = apiProcessChannel({
    onForgetAccountKeys: (accountId) => forgetAccountKeys(orm.em, accountId, { relayed: true }),
  });
  relayKeyForgets(channel.forgetAccountKeys);
  let draining = false;
  const api = await startApi(
    {
      orm,
      config,
      log,
      temporal: client,
      storage: new LocalStorage(config.mediaDir),
      draining: () => draining,
      clusterMetrics: channel.clusterMetrics,
    },
    { host: config.host, port: config.port },
  );
  const shutdown = async () => {
    if (draining) return;
    draining = true;
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 5_000).unref();
    await api.stop(config.shutdownTimeoutMs).catch((err) => log.warn({ err }, 'API stop failed'));
    await connection.close().catch(() => undefined);
    await orm.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  channel.ready({ url: api.url, baseUrl: api.baseUrl });
}

(cluster.isWorker ? apiProcess() : main()).catch((err) => {
  if (err instanceof ConfigError || err instanceof PostgresStartError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`Start-up failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
