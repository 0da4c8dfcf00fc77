import pg from 'pg';
import { ulid } from '../../domain/ids';
import { createOrm, type Orm } from '../../db/orm';
import { createLogger } from '../../runtime/logger';
import { testEnv } from './env';

export const silentLog = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** A database of its own, copied from the migrated template; dropped by `drop()`. */
export async function freshDatabase(): Promise<{ url: string; orm: Orm; drop: () => Promise<void> }> {
  const { adminUrl, templateDb } = testEnv();
  const name = `t_${ulid()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDb}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const orm = await createOrm(url, silentLog, 5);
  return {
    url,
    orm,
    drop: async () => {
      await orm.close(true);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
