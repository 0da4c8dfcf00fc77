import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import type { Logger } from './logger';
import { portFreed, waitForPort } from './net';
import { alive, claimServer, listenerOf, listeningProcess, processesWith, runs, stopLeftRunning } from './orphans';
import { ensureTemporalCli, ensureTestServer } from './temporal-binaries';
import { SEARCH_ATTRIBUTES } from '../workflows/search-attributes';

export type ServerHandle = { address: string; uiUrl: string | null; stop: () => Promise<void> };

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Resolves once the server at `address` answers as a Temporal frontend (system info, and the
 * namespace when given): an open port is not enough, a starting dev server refuses calls
 * ("Frontend is not healthy yet") for a while. Fails after `timeoutMs` naming what was last seen.
 */
export async function waitForTemporal(
  address: string,
  opts: {
    name: string;
    namespace?: string;
    timeoutMs: number;
    isAlive?: () => boolean;
    /** What the server printed last, named when it exits before it is healthy. */
    lastOutput?: () => string;
  },
): Promise<void> {
  const { Connection } = await import('@temporalio/client');
  const deadline = Date.now() + opts.timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    if (opts.isAlive && !opts.isAlive())
      throw new Error(
        `the ${opts.name} on ${address} exited before it was healthy (last seen: ${last})${
          opts.lastOutput?.() ? `; it printed last: ${opts.lastOutput()}` : ''
        }`,
      );
    let connection: Awaited<ReturnType<typeof Connection.connect>> | null = null;
    try {
      connection = await Connection.connect({ address, connectTimeout: 2_000 });
      const c = connection;
      await c.withDeadline(Date.now() + 2_000, () => c.workflowService.getSystemInfo({}));
      if (opts.namespace)
        await c.withDeadline(Date.now() + 2_000, () =>
          c.workflowService.describeNamespace({ namespace: opts.namespace }),
        );
      return;
    } catch (err) {
      last = (err as Error).message.split('\n')[0]!.slice(0, 200);
    } finally {
      await connection?.close().catch(() => undefined);
    }
    if (Date.now() > deadline)
      throw new Error(`the ${opts.name} on ${address} was not healthy after ${opts.timeoutMs / 1000} s: ${last}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Forwards the child's output to the debug log; answers its last few lines (for a start-up failure). */
function pipeLogs(child: ChildProcess, log: Logger, name: string): () => string {
  const recent: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) {
        log.debug({ [name]: line.trim().slice(0, 500) }, name);
        recent.push(line.trim().slice(0, 300));
        if (recent.length > 5) recent.shift();
      }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return () => recent.join(' | ');
}

/**
 * A dev server still running on `dbFile` is stopped when the start that ran it was killed (it
 * held the port, and the file); when the process that ran it still runs, or none is recorded,
 * this start fails saying so.
 */
async function stopDevServerLeftRunning(dbFile: string, log: Logger): Promise<void> {
  const onFile = processesWith(['--db-filename', dbFile]).filter(
    (pid) => alive(pid) && runs(pid, ['server', 'start-dev']),
  );
  for (const pid of onFile)
    await stopLeftRunning(pid, dbFile, 'The Temporal dev server', log, {
      signal: 'SIGTERM',
      waitMs: 20_000,
      thenKill: true,
      fail: (message) => new Error(message),
    });
}

/**
 * The dev server's dynamic configuration; docker-compose.yml gives its server the same
 * (ops/temporal-dynamic-config.yaml). Eager activity dispatch: an activity a workflow task schedules
 * goes back to the worker in the task's answer when it has a free slot, instead of through a poll
 * (the SDK asks for it; Temporal Server 1.29 leaves it off unless told).
 */
export const DEV_SERVER_DYNAMIC_CONFIG: Record<string, boolean> = {
  'system.enableActivityEagerExecution': true,
};

/**
 * How the dev server keeps its state in a file (`dbFile`): SQLite's write-ahead log instead of its
 * default rollback journal, each commit still synced to disk (`synchronous=full`), so a commit
 * survives a crash of the machine as before. A commit then writes and syncs the log alone instead
 * of the journal, the database and the journal's removal, and the same work runs about twice as
 * fast (README › Benchmarks › Bots, `--store file`). The log (`<dbFile>-wal`) is part of the
 * state: copy it with the file, or stop the service first.
 */
export const DEV_SERVER_SQLITE_PRAGMAS: Record<string, string> = { journal_mode: 'wal', synchronous: 'full' };

const sqlitePragmaArgs = () =>
  Object.entries(DEV_SERVER_SQLITE_PRAGMAS).flatMap(([pragma, value]) => ['--sqlite-pragma', `${pragma}=${value}`]);

/**
 * Starts `temporal server start-dev` (with its Web UI) on loopback, keeping its state in
 * `dbFile` when given, and registering the project's search attributes.
 */
export async function startDevServer(opts: {
  log: Logger;
  port: number;
  uiPort: number;
  namespace: string;
  dbFile?: string;
  cliPath?: string | null;
  headless?: boolean;
  /** Where the server answers its Prometheus `/metrics` (benches count its requests); a free port the server picks otherwise. */
  metricsPort?: number;
}): Promise<ServerHandle> {
  const cli = await ensureTemporalCli(opts.log, opts.cliPath);
  const saArgs = SEARCH_ATTRIBUTES.flatMap((k) => ['--search-attribute', `${k.name}=Keyword`]);
  const host = '127.0.0.1';
  if (!cli) {
    // No CLI could be had locally: let the SDK download one (needs internet).
    const { TestWorkflowEnvironment } = await import('@temporalio/testing');
    const env = await TestWorkflowEnvironment.createLocal({
      server: {
        ip: host,
        port: opts.port,
        namespace: opts.namespace,
        ui: !opts.headless,
        uiPort: opts.uiPort,
        dbFilename: opts.dbFile,
        searchAttributes: SEARCH_ATTRIBUTES,
        extraArgs: opts.dbFile ? sqlitePragmaArgs() : [],
      },
    });
    return {
      address: `${host}:${opts.port}`,
      uiUrl: opts.headless ? null : `http://${host}:${opts.uiPort}`,
      stop: () => env.teardown(),
    };
  }
  const args = [
    'server',
    'start-dev',
    '--ip',
    host,
    '--port',
    String(opts.port),
    '--namespace',
    opts.namespace,
    '--log-level',
    'warn',
    ...saArgs,
    ...Object.entries(DEV_SERVER_DYNAMIC_CONFIG).flatMap(([key, value]) => [
      '--dynamic-config-value',
      `${key}=${JSON.stringify(value)}`,
    ]),
  ];
  if (opts.headless) args.push('--headless');
  else args.push('--ui-ip', host, '--ui-port', String(opts.uiPort));
  if (opts.metricsPort) args.push('--metrics-port', String(opts.metricsPort));
  if (opts.dbFile) {
    // Absolute, so the server's command line names this file whatever folder another start ran from.
    const dbFile = path.resolve(opts.dbFile);
    await mkdir(path.dirname(dbFile), { recursive: true });
    args.push('--db-filename', dbFile, ...sqlitePragmaArgs());
    await stopDevServerLeftRunning(dbFile, opts.log);
    await claimServer(dbFile);
  }
  const devHint = 'Stop it, or set TEMPORAL_DEV_PORT to a free port.';
  await ensurePortFree(host, opts.port, 'the Temporal dev server', devHint);
  const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lastOutput = pipeLogs(child, opts.log, 'temporal');
  await ownPortAnswers(child, lastOutput, host, opts.port, 'the Temporal dev server', devHint);
  await waitForTemporal(`${host}:${opts.port}`, {
    name: 'Temporal dev server',
    namespace: opts.namespace,
    timeoutMs: 60_000,
    isAlive: () => child.exitCode === null,
    lastOutput,
  });
  return {
    address: `${host}:${opts.port}`,
    uiUrl: opts.headless ? null : `http://${host}:${opts.uiPort}`,
    stop: () => stopChild(child),
  };
}

/**
 * Waits until the port a server was started for answers, and fails (stopping the server) when
 * another program listens there: that program answers every check the server's own answer would
 * pass (another Temporal server does), and the start would use it without a word while its own
 * server exits, unable to bind. A server that exits first fails the start with what it printed last
 * (a UI port in use: "address already in use"), read once its output has closed (2 s at most).
 */
async function ownPortAnswers(
  child: ChildProcess,
  lastOutput: () => string,
  host: string,
  port: number,
  what: string,
  hint: string,
) {
  try {
    await waitForPort(host, port, 60_000, () => child.exitCode === null);
  } catch (err) {
    const open = (s: Readable | null) => s !== null && !s.readableEnded;
    if (open(child.stdout) || open(child.stderr)) await Promise.race([once(child, 'close'), sleep(2_000)]);
    throw new Error(`${(err as Error).message}: ${lastOutput() || 'it printed nothing'}`);
  }
  if (child.pid === undefined || listenerOf(port, child.pid) !== 'other') return;
  await stopChild(child, 'SIGKILL');
  throw portTaken(host, port, what, hint);
}

const portTaken = (host: string, port: number, what: string, hint: string) => {
  const holder = listeningProcess(port);
  return new Error(
    `Another program${holder ? ` (pid ${holder.pid}: ${holder.command})` : ''} already listens on ${host}:${port}, the port ${what} was started on. ${hint}`,
  );
};

/** Before a server is started: its port free, or free within 10 s (one stopped just before may still be closing it). */
async function ensurePortFree(host: string, port: number, what: string, hint: string) {
  if (!(await portFreed(port, 10_000))) throw portTaken(host, port, what, hint);
}

/** Starts the time-skipping test server on `port` (tests only). */
export async function startTestServer(opts: { log: Logger; port: number }): Promise<ServerHandle> {
  const wrapper = await ensureTestServer(opts.log);
  const host = '127.0.0.1';
  if (!wrapper) throw new Error('the time-skipping test server is not available (no cache, no Maven)');
  await ensurePortFree(host, opts.port, 'the Temporal test server', 'Give it another port.');
  const child = spawn(wrapper, [String(opts.port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lastOutput = pipeLogs(child, opts.log, 'test-server');
  await ownPortAnswers(child, lastOutput, host, opts.port, 'the Temporal test server', 'Give it another port.');
  await waitForTemporal(`${host}:${opts.port}`, {
    name: 'Temporal test server',
    timeoutMs: 60_000,
    isAlive: () => child.exitCode === null,
    lastOutput,
  });
  return { address: `${host}:${opts.port}`, uiUrl: null, stop: () => stopChild(child, 'SIGKILL') };
}
