import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from '../runtime/logger';
import { ANSWERED_BY_NEXT, holding, type Corkable, type Deferring } from './connections';
import { ENTITIES } from './entities';
import { Migration20261122000000_platform } from './migrations/Migration20261122000000_platform';
import { Migration20261122010000_meetings_bots } from './migrations/Migration20261122010000_meetings_bots';
import { Migration20261122020000_webhooks } from './migrations/Migration20261122020000_webhooks';
import { Migration20261122030000_settings } from './migrations/Migration20261122030000_settings';
import { Migration20261122040000_calendar_events } from './migrations/Migration20261122040000_calendar_events';
import { Migration20261122050000_calendar_connections } from './migrations/Migration20261122050000_calendar_connections';
import { Migration20261122060000_workflow_commands } from './migrations/Migration20261122060000_workflow_commands';
import { Migration20261122070000_idempotency_keys } from './migrations/Migration20261122070000_idempotency_keys';
import { Migration20261122080000_simulated_calendar_owners } from './migrations/Migration20261122080000_simulated_calendar_owners';
import { Migration20261123110000_endpoint_health } from './migrations/Migration20261123110000_endpoint_health';
import { Migration20261123100000_webhook_event_legacy } from './migrations/Migration20261123100000_webhook_event_legacy';
import { Migration20261122090000_connect_link_provider_choice } from './migrations/Migration20261122090000_connect_link_provider_choice';
import { Migration20261123010000_older_version_fields } from './migrations/Migration20261123010000_older_version_fields';
import { Migration20261124000000_files_brand_kits } from './migrations/Migration20261124000000_files_brand_kits';
import { Migration20261124010000_account_disabled } from './migrations/Migration20261124010000_account_disabled';
import { Migration20261125000000_first_attempts } from './migrations/Migration20261125000000_first_attempts';
import { Migration20261126000000_locked_count } from './migrations/Migration20261126000000_locked_count';
import { Migration20261127000000_settings_candidates } from './migrations/Migration20261127000000_settings_candidates';
import { Migration20261124000000_web_app } from './migrations/Migration20261124000000_web_app';
import { Migration20261128000000_live_bots } from './migrations/Migration20261128000000_live_bots';
import { Migration20261128010000_waiting_deliveries } from './migrations/Migration20261128010000_waiting_deliveries';
import { Migration20261128020000_stop_requests } from './migrations/Migration20261128020000_stop_requests';
import { Migration20261128030000_notify_only_inserted_commands } from './migrations/Migration20261128030000_notify_only_inserted_commands';
import { Migration20261128040000_notify_events_with_endpoints } from './migrations/Migration20261128040000_notify_events_with_endpoints';
import { Migration20261129000000_locked_window } from './migrations/Migration20261129000000_locked_window';

/** Migrations in the order they run; listed here so the compiled and the TypeScript trees behave alike. */
export const MIGRATIONS = [
  { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
  { name: 'Migration20261122010000_meetings_bots', class: Migration20261122010000_meetings_bots },
  { name: 'Migration20261122020000_webhooks', class: Migration20261122020000_webhooks },
  { name: 'Migration20261122030000_settings', class: Migration20261122030000_settings },
  { name: 'Migration20261122040000_calendar_events', class: Migration20261122040000_calendar_events },
  { name: 'Migration20261122050000_calendar_connections', class: Migration20261122050000_calendar_connections },
  { name: 'Migration20261122060000_workflow_commands', class: Migration20261122060000_workflow_commands },
  { name: 'Migration20261122070000_idempotency_keys', class: Migration20261122070000_idempotency_keys },
  {
    name: 'Migration20261122080000_simulated_calendar_owners',
    class: Migration20261122080000_simulated_calendar_owners,
  },
  {
    name: 'Migration20261122090000_connect_link_provider_choice',
    class: Migration20261122090000_connect_link_provider_choice,
  },
  { name: 'Migration20261123010000_older_version_fields', class: Migration20261123010000_older_version_fields },
  { name: 'Migration20261123100000_webhook_event_legacy', class: Migration20261123100000_webhook_event_legacy },
  { name: 'Migration20261123110000_endpoint_health', class: Migration20261123110000_endpoint_health },
  { name: 'Migration20261124000000_files_brand_kits', class: Migration20261124000000_files_brand_kits },
  { name: 'Migration20261124000000_web_app', class: Migration20261124000000_web_app },
  { name: 'Migration20261124010000_account_disabled', class: Migration20261124010000_account_disabled },
  { name: 'Migration20261125000000_first_attempts', class: Migration20261125000000_first_attempts },
  { name: 'Migration20261126000000_locked_count', class: Migration20261126000000_locked_count },
  { name: 'Migration20261127000000_settings_candidates', class: Migration20261127000000_settings_candidates },
  { name: 'Migration20261128000000_live_bots', class: Migration20261128000000_live_bots },
  { name: 'Migration20261128010000_waiting_deliveries', class: Migration20261128010000_waiting_deliveries },
  { name: 'Migration20261128020000_stop_requests', class: Migration20261128020000_stop_requests },
  {
    name: 'Migration20261128030000_notify_only_inserted_commands',
    class: Migration20261128030000_notify_only_inserted_commands,
  },
  {
    name: 'Migration20261128040000_notify_events_with_endpoints',
    class: Migration20261128040000_notify_events_with_endpoints,
  },
  { name: 'Migration20261129000000_locked_window', class: Migration20261129000000_locked_window },
];

export function ormOptions(databaseUrl: string, log?: Logger, poolMax = 10): Options {
  return {
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    forceUtcTimezone: true,
    // A request never waits long for a connection: with PostgreSQL away it answers 503 quickly. Each
    // connection, from the first, answers a transaction's BEGIN at once (pipelinedBegin).
    pool: {
      min: 0,
      max: poolMax,
      afterCreate: (connection: RawConnection, done: (err: Error | null, connection: RawConnection) => void) =>
        done(null, pipelinedBegin(commitsOrFails(connection))),
    },
    driverOptions: {
      acquireConnectionTimeout: 10_000,
      connection: {
        // No statement runs away and no transaction is left open holding locks (DESIGN.md › The outbox).
        statement_timeout: 60_000,
        idle_in_transaction_session_timeout: 60_000,
        connectionTimeoutMillis: 10_000,
        keepAlive: true,
        // node-postgres's pipeline mode: a statement asked for while another is under way is sent at
        // once, not after the answer before it (the server still runs them in order, each as its own
        // statement). What uses it: BEGIN (pipelinedBegin below) and executeTogether (db/bulk.ts).
        pipeline: true,
      },
    },
    discovery: { warnWhenNoEntities: false },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    allowGlobalContext: false,
    debug: false,
    logger: (message: string) => log?.debug({ orm: true }, message),
  };
}

export type Orm = MikroORM;

export async function createOrm(databaseUrl: string, log?: Logger, poolMax?: number): Promise<Orm> {
  return withCheapForks(await MikroORM.init(ormOptions(databaseUrl, log, poolMax)));
}

/** What pipelinedBegin uses of a node-postgres client. */
type RawConnection = Corkable & {
  pipeline?: boolean;
  query(config: unknown, values?: unknown, callback?: unknown): unknown;
};

/**
 * A COMMIT that PostgreSQL answered `ROLLBACK`: the transaction was already aborted by a statement
 * whose failure someone caught inside it, and nothing of it was kept. PostgreSQL reports this as a
 * success (its command tag says ROLLBACK), and so would knex and MikroORM.
 */
export class CommitRolledBack extends Error {
  /** PostgreSQL's SQLSTATE for "current transaction is aborted", the state the COMMIT found. */
  readonly code = '25P02';
  /** As node-postgres's errors carry it: logs and activity failures treat this one as a database error. */
  readonly severity = 'ERROR';
  constructor() {
    super(
      'COMMIT was answered ROLLBACK: a statement of this transaction failed and its failure was caught inside the transaction; nothing of it was kept',
    );
    this.name = 'CommitRolledBack';
  }
}

/** The failure for a COMMIT's answer, if it says the transaction rolled back instead. */
const rolledBack = (result: unknown): CommitRolledBack | null =>
  (result as { command?: unknown } | null)?.command === 'ROLLBACK' ? new CommitRolledBack() : null;

/** A transaction's end, as knex (`COMMIT;`) or anyone else may spell it. */
const COMMIT = /^\s*(commit|end)(\s+(work|transaction))?\s*;?\s*$/i;

/**
 * The connection (the pool's `afterCreate`), its COMMITs failing when PostgreSQL answers them
 * `ROLLBACK` (`CommitRolledBack`) instead of reading as a success: a caller never reports as kept
 * what was rolled back. A COMMIT sent as a query object of node-postgres's own (one it submits, or
 * one carrying its callback) is passed through unchecked; knex sends `{ text: 'COMMIT;' }` with a
 * callback.
 */
export function commitsOrFails<C extends RawConnection>(connection: C): C {
  const query = connection.query.bind(connection) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  connection.query = (config: unknown, values?: unknown, callback?: unknown) => {
    const asked = config as { text?: unknown; submit?: unknown; callback?: unknown } | null;
    const text = typeof config === 'string' ? config : asked?.text;
    if (typeof text !== 'string' || !COMMIT.test(text) || typeof asked?.submit === 'function' || asked?.callback)
      return query(config, values, callback);
    const done = typeof values === 'function' ? values : typeof callback === 'function' ? callback : null;
    if (!done) {
      const answer = query(config, values) as Promise<unknown> | undefined;
      if (typeof answer?.then !== 'function') return answer;
      return answer.then((result) => {
        const failure = rolledBack(result);
        if (failure) throw failure;
        return result;
      });
    }
    const answer = done as (err: unknown, result?: unknown) => void;
    const checked = (err: unknown, result: unknown) => {
      const failure = err ? null : rolledBack(result);
      return failure ? answer(failure) : answer(err, result);
    };
    return typeof values === 'function' ? query(config, checked) : query(config, values, checked);
  };
  return connection;
}

/** What knex hands a BEGIN's caller (it reads nothing of it). */
const BEGUN = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });

/**
 * The connection (the pool's `afterCreate`), its `query` answering a transaction's BEGIN at once: the
 * BEGIN is sent (pipeline mode) and its caller told at once; its answer, which comes before the next
 * statement's, decides that statement's. A BEGIN refused fails the first statement after it with the
 * BEGIN's error (the transaction's callback then fails and knex rolls back, as when BEGIN itself
 * fails). So a transaction's first statement leaves with its BEGIN: one round trip fewer for each
 * transaction (a bot makes six; README › Production). knex's BEGIN is the statement `BEGIN;`. A
 * transaction's last write can be answered the same way, by its COMMIT (`answeredByNext`). A
 * connection without pipeline mode is left as it is.
 */
export function pipelinedBegin<C extends RawConnection>(connection: C): C {
  if (!connection.pipeline) return connection;
  const query = connection.query.bind(connection) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  const held = holding(connection);
  // A statement sent and not yet followed by another (a BEGIN, or a write answered by the next
  // statement): its answer, whose failure the next statement reports.
  let pending: Promise<unknown> | null = null;
  // The hold that waits for the next statement, released by it or at the end of this turn of the event loop.
  let releaseForNext: (() => void) | null = null;
  /** Until the next statement, or the end of this turn of the event loop, the connection's writes wait to leave with it. */
  const holdForNext = () => {
    const release = held.hold();
    releaseForNext = release;
    setImmediate(release);
  };
  (connection as Deferring)[ANSWERED_BY_NEXT] = (answer: Promise<unknown>) => {
    answer.catch(() => undefined); // the next statement answers with its failure
    const before = pending;
    pending = before ? before.then(() => answer) : answer;
    pending.catch(() => undefined); // handled: the next statement reports it
    holdForNext();
  };
  connection.query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = (config as { text?: unknown } | null)?.text;
    if (text === 'BEGIN;' && typeof values === 'function' && callback === undefined) {
      const answered = values as (err: Error | null, result: unknown) => void;
      // Its bytes wait for the first statement, to leave with it in one write (or for the end of this
      // turn of the event loop, when that statement waits for something else first).
      holdForNext();
      const sent = query(config) as Promise<unknown>;
      sent.catch(() => undefined); // the next statement answers with its failure
      pending = sent;
      process.nextTick(answered, null, BEGUN);
      return undefined;
    }
    if (!pending) return query(config, values, callback);
    const before = pending;
    pending = null;
    try {
      const done = typeof values === 'function' ? values : typeof callback === 'function' ? callback : null;
      if (done) {
        const answer = done as (err: unknown, result?: unknown) => void;
        const answered = (err: unknown, result: unknown) =>
          before.then(
            () => answer(err, result),
            (earlierFailure: unknown) => answer(earlierFailure),
          );
        return typeof values === 'function' ? query(config, answered) : query(config, values, answered);
      }
      const result = query(config, values) as Promise<unknown>;
      result.catch(() => undefined); // the earlier statement's failure comes first when both fail
      return before.then(() => result);
    } finally {
      const release = releaseForNext;
      releaseForNext = null;
      release?.();
    }
  };
  return connection;
}

/**
 * Every request and activity forks the EntityManager. MikroORM's `fork()` sets `allowGlobalContext`
 * on the shared configuration and back, and each `set` re-applies the whole configuration, writing
 * `process.env.MIKRO_ORM_COLORS` and the logger's debug mode: two environment writes per fork, about
 * 5 µs of every `GET /api/v1/workspaces` in its profile (README › Benchmarks › API reads). Nothing
 * that re-application derives depends on `allowGlobalContext`, so that one option is set without it;
 * every other `set` is MikroORM's own.
 */
function withCheapForks(orm: Orm): Orm {
  const config = orm.config;
  const options = config.getAll();
  const set = config.set.bind(config);
  config.set = (key, value) => {
    if (key === 'allowGlobalContext') options.allowGlobalContext = value as boolean;
    else set(key, value);
  };
  return orm;
}

/** Brings the schema up to date; safe to run at every start. */
export async function migrate(orm: Orm): Promise<string[]> {
  const done = await orm.getMigrator().up();
  return done.map((m) => m.name);
}
