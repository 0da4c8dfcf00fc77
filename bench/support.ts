import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allProcesses, statOf } from '../runtime/orphans';
import { projectRoot } from '../runtime/paths';

/** The p-th percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Loads one URL with autocannon for `seconds`; any non-2xx answer fails the bench. */
export async function load(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, headers, duration: seconds, connections });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from ${url}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

export type Loaded = Awaited<ReturnType<typeof load>>;

/**
 * Loads each target for `seconds`, the targets taking turns for `rounds` rounds, so a slow moment of
 * the machine does not land on one target alone. Returns every round and, per target, its median
 * round (by requests/s).
 */
export async function loadInRounds<K extends string, L extends Loaded = Loaded>(
  rounds: number,
  targets: Record<K, () => Promise<L>>,
): Promise<{ runs: Record<K, L[]>; median: Record<K, L> }> {
  const keys = Object.keys(targets) as K[];
  const runs = Object.fromEntries(keys.map((k) => [k, [] as L[]])) as Record<K, L[]>;
  for (let r = 0; r < rounds; r += 1) for (const k of keys) runs[k].push(await targets[k]());
  const median = Object.fromEntries(
    keys.map((k) => [k, [...runs[k]].sort((a, b) => a.rps - b.rps)[Math.floor(runs[k].length / 2)]!]),
  ) as Record<K, L>;
  return { runs, median };
}

/**
 * A migrated database for a bench: `DATABASE_URL` when given, else an embedded PostgreSQL in a
 * temporary folder. `close` stops and removes what was started.
 */
export async function benchDatabase(name: string, opts: { countStatements?: boolean } = {}) {
  const { chmod, mkdtemp, rm } = await import('node:fs/promises');
  const os = await import('node:os');
  const { createOrm, migrate } = await import('../db/orm');
  const { createLogger } = await import('../runtime/logger');
  const { freePort } = await import('../runtime/net');
  const { startEmbeddedPostgres } = await import('../runtime/postgres');
  const log = createLogger('warn');
  const tmp = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  await chmod(tmp, 0o755);
  let stopPg: (() => Promise<void>) | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(tmp, 'pg'),
      port: await freePort(),
      database: 'bench',
      log,
      persistent: false,
      // Counts every statement the service sends (sqlCounts), only where asked: it costs each statement a little.
      ...(opts.countStatements ? { settings: { shared_preload_libraries: 'pg_stat_statements' } } : {}),
    });
    stopPg = pg.stop;
    url = pg.url;
  }
  const orm = await createOrm(url, log, 20);
  await migrate(orm);
  // Where the server was started with it (not a DATABASE_URL given): see sqlCounts.
  if (opts.countStatements)
    await orm.em
      .fork()
      .execute('create extension if not exists pg_stat_statements')
      .catch(() => undefined);
  return {
    orm,
    tmp,
    url,
    close: async () => {
      await orm.close();
      if (stopPg) await stopPg();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** How sqlCounts's own statements begin (it leaves them out). */
const SQL_COUNTS_READ = 'select (select coalesce(sum(calls)';
const SQL_TOP_READ = 'select query, calls from pg_stat_statements';

/**
 * The statements the database has run so far (pg_stat_statements, top-level ones, `BEGIN` and
 * `COMMIT` included), but for those whose text starts with one of `unless` (a bench's own polling),
 * and the transactions it committed (a statement outside one counts as one; PostgreSQL publishes a
 * connection's commits within about a second, so short runs read a few less); null when the server
 * does not count statements (a DATABASE_URL given without pg_stat_statements loaded).
 */
export async function sqlCounts(
  orm: import('../db/orm').Orm,
  unless: string[] = [],
): Promise<{ statements: number; commits: number; byQuery: Map<string, number> } | null> {
  try {
    // With BENCH_SQL, each statement's calls too (the figures print the most frequent).
    const byQuery = new Map<string, number>();
    if (process.env.BENCH_SQL)
      for (const r of await orm.em
        .fork()
        .execute<{ query: string; calls: string }[]>(
          `${SQL_TOP_READ} where dbid = (select oid from pg_database where datname = current_database())`,
        ))
        byQuery.set(r.query, (byQuery.get(r.query) ?? 0) + Number(r.calls));
    const [row] = await orm.em.fork().execute<{ statements: string; commits: string }[]>(
      `select (select coalesce(sum(calls), 0) from pg_stat_statements s
                where s.dbid = (select oid from pg_database where datname = current_database())
                  and not exists (select 1 from json_array_elements_text(?::json) p where s.query like p)) as statements,
              (select xact_commit from pg_stat_database where datname = current_database()) as commits`,
      [JSON.stringify([...unless, SQL_COUNTS_READ, SQL_TOP_READ].map((u) => `${u.replace(/[\\%_]/g, '\\$&')}%`))],
    );
    return { statements: Number(row!.statements), commits: Number(row!.commits), byQuery };
  } catch {
    return null;
  }
}

/** With BENCH_SQL: the statements run most between two sqlCounts readings, per unit, one a line. */
export function sqlTop(
  before: { byQuery: Map<string, number> },
  after: { byQuery: Map<string, number> },
  units: number,
): string[] {
  return perUnit(before.byQuery, after.byQuery, units)
    .slice(0, 30)
    .map(([query, n]) => `  ${n.toFixed(2).padStart(6)}  ${query.replace(/\s+/g, ' ').slice(0, 150)}`);
}

/** What each counter grew by between two readings, per unit: those that grew by 0.05 a unit at least, most first. */
function perUnit(before: Map<string, number>, after: Map<string, number>, units: number): [string, number][] {
  return [...after]
    .map(([key, n]): [string, number] => [key, (n - (before.get(key) ?? 0)) / units])
    .filter(([, n]) => n >= 0.05)
    .sort((a, b) => b[1] - a[1]);
}

/**
 * Runs a bench's main when the file is executed (not when imported): exits 0 once it has printed
 * its figures (servers it started may keep handles open), 1 with the stack on failure.
 */
export function runBench(module: NodeModule, main: () => Promise<void>): void {
  if (require.main !== module) return;
  // The API runs in the bench's process: with the node flags `npm run start:api` gives it.
  const missing = startNodeFlags('api').filter((f) => !process.execArgv.includes(f));
  if (missing.length) {
    const child = spawn(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
    });
    // A signal to this process reaches the bench that runs (and it stops what it started).
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
    child.on('error', (err) => {
      process.stderr.write(`could not start the bench with ${missing.join(' ')}: ${err.message}\n`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    return;
  }
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exit(1);
    },
  );
}

/**
 * A headless Temporal dev server on free loopback ports, namespace `default` (TEMPORAL_CLI_PATH
 * names the CLI to run, as for the service): its state in memory (the benches' default), or with
 * `fileIn`, in a file of that folder as `npm start` keeps it (with the same SQLite settings).
 */
export async function benchDevServer(log: import('../runtime/logger').Logger, fileIn?: string) {
  const { freePort } = await import('../runtime/net');
  const { startDevServer } = await import('../runtime/temporal-servers');
  const metricsPort = await freePort();
  const server = await startDevServer({
    log,
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
    headless: true,
    cliPath: process.env.TEMPORAL_CLI_PATH,
    metricsPort,
    ...(fileIn ? { dbFile: path.join(fileIn, 'temporal.sqlite') } : {}),
  });
  return { ...server, requests: () => temporalRequests(`http://127.0.0.1:${metricsPort}/metrics`) };
}

/**
 * The requests the Temporal server has answered so far, by operation (its `service_requests`
 * counter, summed over its labels other than `operation`); an empty map when it does not say
 * (a server the SDK downloaded).
 */
async function temporalRequests(url: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let text: string;
  try {
    text = await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text();
  } catch {
    return counts;
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('service_requests{')) continue;
    const operation = /operation="([^"]+)"/.exec(line)?.[1];
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (operation && Number.isFinite(value)) counts.set(operation, (counts.get(operation) ?? 0) + value);
  }
  return counts;
}

/**
 * What the Temporal server answered between two readings of benchDevServer's `requests`, per unit:
 * the operations that took at least 0.05 each, most first ("PollWorkflowTaskQueue 6.0, …").
 */
export function requestsPerUnit(before: Map<string, number>, after: Map<string, number>, units: number): string {
  if (after.size === 0) return 'not known (the server gives no metrics)';
  const per = perUnit(before, after, units);
  const total = per.reduce((sum, [, n]) => sum + n, 0);
  return `${total.toFixed(1)} (${per.map(([op, n]) => `${op} ${n.toFixed(1)}`).join(', ')})`;
}

/** The `--store` option of a bench: where its dev server keeps its state. */
export function storeOption(value: string | undefined): 'memory' | 'file' {
  if (value !== 'memory' && value !== 'file') throw new Error(`--store must be memory or file, not ${value}`);
  return value;
}

/**
 * A Temporal dev server with a worker running the real workflows in this process, for a bench's
 * database and configuration (task queue `bench`). `close` stops the worker, then the server.
 */
export async function benchTemporal(
  db: { orm: import('../db/orm').Orm; tmp: string },
  config: import('../runtime/config').Config,
  log: import('../runtime/logger').Logger,
  /** false: no worker here (the bench spawns one with spawnWorker, pointed at `address`). */
  opts: { worker?: boolean } = {},
) {
  const { Client, Connection } = await import('@temporalio/client');
  const { NativeConnection } = await import('@temporalio/worker');
  const { createProviders } = await import('../activities/providers');
  const { LocalStorage } = await import('../runtime/storage');
  const { createWorker, installTemporalLogging } = await import('../worker');
  installTemporalLogging(log);
  const temporal = await benchDevServer(log);
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const native = await NativeConnection.connect({ address: temporal.address });
  const providers = createProviders(config, client, 'bench', db.orm);
  const storage = new LocalStorage(path.join(db.tmp, 'media'));
  const worker =
    opts.worker === false
      ? null
      : await createWorker({
          connection: native,
          namespace: 'default',
          taskQueue: 'bench',
          orm: db.orm,
          log,
          temporal: client,
          providers,
          storage,
          allowLoopbackWebhooks: config.allowLoopbackWebhooks,
        });
  const running = worker?.run();
  return {
    address: temporal.address,
    client,
    providers,
    storage,
    close: async () => {
      worker?.shutdown();
      await running;
      await native.close();
      await connection.close();
      await temporal.stop();
    },
  };
}

/**
 * Runs `work`; with `BENCH_CPU_PROFILE=<dir>` set, under the V8 profiler of this process, written to
 * `<dir>/<name>.cpuprofile` (open it in Chrome DevTools): a profile of one phase, not of the set-up.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return work();
  const { Session } = await import('node:inspector/promises');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

/**
 * The SQL statements this process sends while `action` runs (every statement goes through the
 * ORM's knex), but for the per-IP limit's periodic flush, which is shared by every request of the
 * moment; with BENCH_SQL set they are printed too.
 */
export async function statementsOf(orm: import('../db/orm').Orm, action: () => Promise<unknown>): Promise<string[]> {
  const { COUNTERS_FLUSH_SQL } = await import('../db/rate-limits');
  const statements: string[] = [];
  const knex = orm.em.getConnection().getKnex();
  const onQuery = (q: { sql: string }) => {
    if (!q.sql.startsWith(COUNTERS_FLUSH_SQL)) statements.push(q.sql);
  };
  knex.on('query', onQuery);
  try {
    await action();
  } finally {
    knex.off('query', onQuery);
  }
  if (process.env.BENCH_SQL) process.stdout.write(`${statements.map((q) => q.slice(0, 160)).join('\n')}\n`);
  return statements;
}

/**
 * The node flags `npm run start:<only>` starts that process with, from package.json: the worker's heap
 * limit, the API's young generation.
 */
export function startNodeFlags(only: 'api' | 'worker'): string[] {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8'));
  const script = `start:${only}`;
  const command = new RegExp(` node ((?:--\\S+ )*)dist/scripts/start\\.js --only=${only}$`).exec(pkg.scripts[script]);
  if (!command) throw new Error(`package.json ${script} does not run node dist/scripts/start.js --only=${only}`);
  return command[1]!.split(' ').filter(Boolean);
}

let build: Promise<unknown> | null = null;
/** `npm run build`, once per bench: what spawnWorker and spawnApi run is the build of this checkout. */
function built(): Promise<unknown> {
  build ??= (async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    return promisify(execFile)('npm', ['run', 'build', '--silent'], { cwd: projectRoot() });
  })();
  return build;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on every architecture Node runs on here). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The service's worker as `npm run start:worker` runs it (built, then `node <its flags>
 * dist/scripts/start.js --only=worker`: workflows from the prebuilt bundle, activities, the
 * dispatcher) in a process of its own, so its memory is its own: `memory()` reads its current and
 * peak RSS. `stop` sends SIGTERM and waits for the exit.
 */

export async function spawnWorker(env: Record<string, string>) {
  const { readFile } = await import('node:fs/promises');
  await built();
  // BENCH_CPU_PROFILE: the worker's whole run profiled too, a profile for each of its threads
  // (<dir>/worker/CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, written as each exits): the main
  // thread, and the SDK's workflow thread, where the workflow code runs. A name of node's choosing,
  // because a name given with --cpu-prof-name is every thread's, and each thread's profile would
  // overwrite the one before.
  const dir = process.env.BENCH_CPU_PROFILE;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, 'worker')}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, ...startNodeFlags('worker'), path.join(projectRoot(), 'dist', 'scripts', 'start.js'), '--only=worker'],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  const bytes = (status: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return {
    pid: child.pid!,
    /** Bytes: resident now, and the most it has been resident since it started (VmHWM). */
    memory: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      return { rss: bytes(status, 'VmRSS'), peak: bytes(status, 'VmHWM') };
    },
    /** Seconds of CPU (user and system) the process has used since it started (/proc/<pid>/stat). */
    cpuSeconds: async () => (statOf(child.pid!)?.cpuTicks ?? 0) / CLOCK_TICKS_PER_SECOND,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The signing secret of the benches' processes (the API and the worker must share one). */
export const BENCH_SIGNING_SECRET = 'bench-signing-secret-of-at-least-32-characters';

/**
 * The API as `npm run start:api` runs it (built, then `node <its flags> dist/scripts/start.js
 * --only=api`): API_PROCESSES from `env` (unset: `auto`, one API process per core; the caller's own
 * API_PROCESSES and BASE_URL are not passed on). `env` gives DATABASE_URL and may give the rest; by
 * default SIGNING_SECRET is BENCH_SIGNING_SECRET, the per-IP limit is out of the load's way, and
 * TEMPORAL_ADDRESS is a port nothing listens on (for a bench that starts no workflow: the client
 * connects lazily). Resolves once the banner is printed (every API process listens), within 120 s,
 * or stops what it started and rejects; `stop` sends SIGTERM and waits.
 */
export async function spawnApi(env: { DATABASE_URL: string } & Record<string, string>) {
  const { freePort } = await import('../runtime/net');
  await built();
  const port = await freePort();
  const inherited = { ...process.env };
  delete inherited.API_PROCESSES;
  delete inherited.BASE_URL;
  const defaults = {
    SIGNING_SECRET: BENCH_SIGNING_SECRET,
    RATE_LIMIT_IP_PER_MINUTE: '100000000',
    TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
  };
  const { out, stop, pid } = await spawnUntil(
    'start:api',
    [...startNodeFlags('api'), path.join(projectRoot(), 'dist', 'scripts', 'start.js'), '--only=api'],
    { ...inherited, LOG_LEVEL: 'warn', ...defaults, ...env, HOST: '127.0.0.1', PORT: String(port) },
    /API processes:.*\n/,
    120_000,
  );
  return {
    pid,
    baseUrl: /API base URL:\s+(\S+)/.exec(out)![1]!,
    processes: Number(/API processes:\s+(\d+)/.exec(out)![1]),
    stop,
  };
}

/**
 * `node <args>` with `env`, once its standard output matches `ready` (what it printed so far is
 * `out`); within `timeoutMs`, or it is stopped and this rejects, as when it exits first. `stop` sends
 * SIGTERM and waits for the exit.
 */
export async function spawnUntil(
  what: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs: number,
): Promise<{ out: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let out = '';
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout!.on('data', onData);
  const deadline = Date.now() + timeoutMs;
  while (!ready.test(out)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${out}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.stdout!.off('data', onData);
  child.stdout!.resume();
  return { out, pid: child.pid!, stop };
}

type Sample = { machine: number; processes: Map<number, { parent: number; name: string; ticks: number }> };

/** Every process's CPU ticks now, and the machine's busy ticks (/proc/stat: all but idle and iowait). */
function sample(): Sample {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const machine = cpu.reduce((a, b) => a + b, 0) - cpu[3]! - cpu[4]!;
  const processes = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const pid of allProcesses()) {
    const stat = statOf(pid);
    if (stat) processes.set(pid, { parent: stat.parent, name: stat.name, ticks: stat.cpuTicks });
  }
  return { machine, processes };
}

/**
 * Where the machine's CPU went while `work` ran, in ms per `unit` (`units(result)` of them), by
 * role: PostgreSQL (every `postgres` process), the Temporal server, the worker and the API processes
 * (the process trees of the pids given), this process (the load generator, and the API when it runs
 * here), and the rest of the machine. Linux only: elsewhere `work` runs and nothing is measured.
 */
export async function cpuPerUnit<T>(
  /** What is counted ("push"). */
  unit: string,
  roots: { worker?: number; api?: number },
  work: () => Promise<T>,
  units: (result: T) => number,
): Promise<{ result: T; line: string; perUnit: Record<string, number> }> {
  if (!existsSync('/proc/stat')) return { result: await work(), line: '', perUnit: {} };
  const before = sample();
  const result = await work();
  const after = sample();
  const n = units(result);
  const roleOf = (pid: number): string => {
    const me = after.processes.get(pid)!;
    if (me.name === 'postgres') return 'PostgreSQL';
    if (me.name.startsWith('temporal')) return 'Temporal server';
    for (let p = pid, hops = 0; p > 1 && hops < 16; p = after.processes.get(p)?.parent ?? 0, hops++) {
      if (p === roots.worker) return 'worker';
      if (p === roots.api) return 'API processes';
      if (p === process.pid) return 'this process';
    }
    return 'rest of the machine';
  };
  const ms = new Map<string, number>();
  let known = 0;
  for (const [pid, now] of after.processes) {
    const used = now.ticks - (before.processes.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const role = roleOf(pid);
    if (role === 'rest of the machine') continue;
    ms.set(role, (ms.get(role) ?? 0) + used);
    known += used;
  }
  // What the processes above do not account for: other processes, ones that ended, the kernel's own work.
  ms.set('rest of the machine', Math.max(0, after.machine - before.machine - known));
  const perUnit = (ticks: number) => ((ticks / CLOCK_TICKS_PER_SECOND) * 1000) / Math.max(1, n);
  const order = ['this process', 'API processes', 'PostgreSQL', 'worker', 'Temporal server', 'rest of the machine'];
  const parts = order.filter((r) => ms.has(r)).map((r) => `${r} ${perUnit(ms.get(r)!).toFixed(2)}`);
  return {
    result,
    line: `CPU per ${unit} (ms): machine ${perUnit(after.machine - before.machine).toFixed(2)} = ${parts.join(' + ')}`,
    perUnit: Object.fromEntries([...ms].map(([role, ticks]) => [role, perUnit(ticks)])),
  };
}
