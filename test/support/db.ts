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

/**
 * Makes PostgreSQL refuse writes to `table` (as it would while away) through a trigger: `on` the
 * operation, for each row where `when` holds (a condition on `new`) or for each statement. Returns
 * what takes the refusal back.
 */
export async function refuseWrites(
  em: { execute: (sql: string) => Promise<unknown> },
  table: string,
  opts: { on: 'update' | 'delete'; when?: string },
): Promise<() => Promise<void>> {
  const name = `test_refuse_${table}`;
  const check = opts.when
    ? `if ${opts.when} then raise exception 'refused by the test'; end if;`
    : "raise exception 'refused by the test';";
  await em.execute(
    `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${check} return new; end $$`,
  );
  await em.execute(
    `create trigger ${name} before ${opts.on} on ${table} for each ${opts.when ? 'row' : 'statement'} execute function ${name}()`,
  );
  return async () => {
    await em.execute(`drop trigger ${name} on ${table}`);
    await em.execute(`drop function ${name}()`);
  };
}
