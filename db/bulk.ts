import { createHash } from 'node:crypto';
import { helper, type EntityMetadata, type EntityName, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import pg from 'pg';
import { answerWithNext, holding } from './connections';
import { onSharedReader, sharable, type ReaderPool } from './shared-reader';

/**
 * Many rows written at once (a page of calendar events; a new meeting with its settings, bot, bot
 * command and event). em.execute and em.insertMany inline every value into the SQL text, escaping
 * large JSON character by character; here the rows travel as one bind parameter (a JSON array) that
 * PostgreSQL unpacks with jsonb_to_recordset, in the caller's transaction and outside the unit of
 * work (nothing is hydrated or tracked).
 */

/** A statement's text as PostgreSQL takes it (`$n` placeholders), and its prepared name when it is one. */
type Statement = { text: string; name: string; bindings: number };

/** Per statement text (bounded: every text is a literal of this code, a thousand is many). */
const statements = new Map<string, Statement>();
const STATEMENTS_KEPT = 1_000;

function statementOf(sql: string): Statement {
  let statement = statements.get(sql);
  if (!statement) {
    const { text, bindings } = positional(sql);
    statement = {
      text,
      bindings,
      // The name each prepared statement's text goes by on every connection (derived from the text).
      name: `ntk_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`,
    };
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statements.set(sql, statement);
  }
  return statement;
}

/** knex's `?` placeholders as PostgreSQL's `$1`, `$2`…, by knex's rule (`\?` is a literal `?`; no `??`). */
function positional(sql: string): { text: string; bindings: number } {
  let n = 0;
  const text = sql.replace(/\\?\?\??/g, (match) => {
    if (match === '\\?') return '?';
    if (match === '??') throw new Error('executeBound does not bind identifiers (??)');
    n += 1;
    return `$${n}`;
  });
  return { text, bindings: n };
}

/**
 * One statement with bind parameters (`?` placeholders) in the entity manager's transaction. An array
 * is bound as one PostgreSQL array (`= any(?)`); unlike em.execute, `in (?)` does not expand it.
 *
 * `prepared`: a named prepared statement, parsed once per connection and then planned as PostgreSQL
 * sees fit (after five runs, a generic plan when it costs no more): for hot statements whose planning
 * costs more than their execution. Only for statements that name their result columns (or return
 * none): a prepared `select *` fails once a migration adds a column, until the connection closes.
 *
 * The statement goes to the transaction's connection, or to one of the ORM's pool outside a
 * transaction, without knex's query builder: the reads of every API request take this path, and
 * knex's compilation of a raw statement (placeholders, bindings, its runner and events) cost about
 * 30 µs of each (README › Benchmarks › API reads). knex's `query` event is still emitted (MikroORM
 * listens). Either way a failure is MikroORM's driver exception for it (asDriverException).
 */
export async function executeBound<T>(
  em: EntityManager,
  sql: string,
  params: unknown[],
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  const [rows] = await executeTogether(em, [{ sql, params, prepared: opts.prepared }]);
  return rows as T[];
}

/** A statement for executeTogether: as executeBound's arguments. */
export type BoundStatement = { sql: string; params: unknown[]; prepared?: boolean };

/**
 * Statements as executeBound runs them, sent together on one connection (the ORM's connections are
 * pipelined, db/orm.ts): the server runs them one after the other in the order given, each a statement
 * of its own (in READ COMMITTED, each sees what was committed before it started: one that follows a
 * lock sees what the lock's previous holder committed), and they cost one round trip. Answers each
 * one's rows, in order; when one fails, the first failure (the statements after a failure in a
 * transaction fail too, as the transaction is then aborted). Outside a transaction each commits by
 * itself, so use it there only for reads.
 *
 * `answeredByNext` (inside a transaction, for writes whose rows nobody reads): the answers are not
 * waited for; the transaction's next statement, its COMMIT when these are its last, answers for them
 * too (it fails with their first failure), and they leave in one write with it. So a transaction
 * ending with them commits one round trip sooner. The caller must not catch their failure inside the
 * transaction: it comes with the next statement. Answers empty rows then. Only statements whose
 * values are strings or null are left unanswered; others are waited for, as without the option.
 */
export async function executeTogether(
  em: EntityManager,
  statements: BoundStatement[],
  opts: { answeredByNext?: boolean } = {},
): Promise<unknown[][]> {
  const configs = statements.map(({ sql, params, prepared }) => {
    const statement = statementOf(sql);
    // knex's own checks: a statement bound wrong is a bug, never a query.
    if (params.length !== statement.bindings || params.some(containsUndefined))
      throw new Error(`Expected ${statement.bindings} defined bindings, got ${params.length}: ${sql.slice(0, 200)}`);
    return prepared
      ? { name: statement.name, text: statement.text, values: params }
      : { text: statement.text, values: params };
  });
  const knex = em.getConnection().getKnex();
  const trx = em.getTransactionContext<Knex.Transaction>();
  // A transaction's client always hands its one connection and keeps it on release.
  const client = (trx ? trx.client : knex.client) as PoolClient;
  // Hot reads outside a transaction share one pipelined connection (db/shared-reader.ts).
  if (!trx && configs.every(sharable)) {
    // A reader's connection not given in time fails as the pool's does below (a driver exception: 503).
    const shared = await onSharedReader(client, configs, (connection, c) => {
      knex.emit('query', { sql: c.text, bindings: c.values, method: 'raw' });
      return submitted(connection, c);
    }).catch((err: unknown) => {
      throw asDriverException(em, err);
    });
    if (shared) return rowsOf(shared, (reason) => asDriverException(em, reason));
  }
  const connection = await client.acquireConnection();
  try {
    // As knex refuses it: the transaction's connection may already serve another caller.
    if (trx?.isCompleted()) throw new Error('Transaction query already complete');
    for (const c of configs) knex.emit('query', { sql: c.text, bindings: c.values, method: 'raw' });
    // Every answer is in before the connection goes back (outside a transaction, to the pool). The
    // statements leave in one write (with the next statement, when answered by it: answerWithNext
    // holds them on until then).
    // Deferred only when node-postgres cannot refuse the statements before sending them (values it
    // converts itself, a prepared name that always stands for the same text): a statement refused
    // unsent would not abort the transaction, and the COMMIT would keep what came before it.
    const deferred =
      opts.answeredByNext === true &&
      !!trx &&
      configs.every((c) => c.values.every((v) => v === null || typeof v === 'string'));
    const release = configs.length > 1 || deferred ? holding(connection).hold() : () => undefined;
    let answered: Promise<PromiseSettledResult<{ rows: unknown[] }>[]>;
    try {
      answered = Promise.allSettled(configs.map((c) => submitted(connection, c)));
      if (deferred) {
        const reported = answered.then((answers) => {
          const failed = answers.find((a) => a.status === 'rejected');
          if (failed) throw asDriverException(em, failed.reason);
        });
        if (answerWithNext(connection, reported)) return configs.map(() => []);
        reported.catch(() => undefined); // a connection that cannot: answered below, as without the option
      }
    } finally {
      release();
    }
    return rowsOf(await answered, (reason) => reason);
  } catch (err) {
    throw asDriverException(em, err);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Each statement's rows, in order; or the first failure, as `failure` makes it. */
function rowsOf(
  answers: PromiseSettledResult<{ rows: unknown[] }>[],
  failure: (reason: unknown) => unknown,
): unknown[][] {
  const failed = answers.find((a) => a.status === 'rejected');
  if (failed) throw failure(failed.reason);
  return answers.map((a) => (a as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows);
}

/**
 * A failure of a statement as MikroORM's own statements fail: its driver exception (by SQLSTATE, a
 * unique violation, a lost connection…; class, code and constraint kept), which runtime/safe-error
 * shows without its message. knex prefixes the message of any failure with the statement, and a
 * failure that is not PostgreSQL's (a connection lost mid-statement) has no other mark of being the
 * database's. A pool that gave no connection in time becomes a DriverException with knex's message,
 * as it does from MikroORM's own statements (runtime/availability answers both 503).
 */
function asDriverException(em: EntityManager, err: unknown): unknown {
  return err instanceof Error ? em.getDriver().convertException(err) : err;
}

/** knex's rule for a binding it refuses: undefined, also inside an array or a plain object. */
function containsUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.some(containsUndefined);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).some(containsUndefined);
  return false;
}

/**
 * A statement handed to node-postgres as a query object of its own made from its text and values,
 * its callback passed beside it (so the connection's wrappers in db/orm.ts see and wrap it). Given a
 * config object instead, node-postgres copies it property descriptor by descriptor and adds a promise
 * of its own: about 2 % of `GET /api/v1/workspaces` in its profile (README › Benchmarks › API reads).
 * A prepared statement's name is set after, as the config would have set it.
 */
function submitted(
  connection: Submitting,
  config: { name?: string; text: string; values: unknown[] },
): Promise<{ rows: unknown[] }> {
  const query = new pg.Query(config.text, config.values);
  if (config.name) (query as pg.Query & { name?: string }).name = config.name;
  return new Promise((resolve, reject) => {
    connection.query(query, (err: Error | undefined, result: { rows: unknown[] }) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** What `submitted` uses of a node-postgres client. */
type Submitting = {
  query(query: pg.Query, callback: (err: Error | undefined, result: { rows: unknown[] }) => void): unknown;
};

/** What executeTogether uses of knex's client: its pool's connections (or a transaction's one), each a node-postgres client. */
type PoolClient = ReaderPool;

/** The column type a property's JSON value is read as (never a bounded varchar, which would truncate). */
function recordType(p: EntityProperty): string {
  const column = (p.columnTypes?.[0] ?? '').toLowerCase();
  if (column.startsWith('json')) return 'jsonb';
  if (column.startsWith('timestamp')) return 'timestamptz';
  if (column.startsWith('bool')) return 'boolean';
  if (/^(int|integer|bigint|smallint|numeric|double|real|float)/.test(column))
    return column.startsWith('numeric') ? 'numeric' : 'bigint';
  return 'text';
}

const sqlCache = new Map<string, { sql: string; props: EntityProperty[] }>();

/** The insert of one entity class, its rows read from one JSON bind parameter, and the properties it writes. */
function insertOf(em: EntityManager, entity: EntityName<object>): { sql: string; props: EntityProperty[] } {
  const meta = em.getMetadata().get<object>(typeof entity === 'function' ? entity.name : String(entity));
  let cached = sqlCache.get(meta.className);
  if (!cached) {
    const props = meta.props.filter((p) => p.persist !== false && p.fieldNames?.length === 1 && !p.autoincrement);
    const columns = props.map((p) => `"${p.fieldNames[0]}"`).join(', ');
    const types = props.map((p) => `"${p.fieldNames[0]}" ${recordType(p)}`).join(', ');
    const sql = `insert into "${meta.tableName}" (${columns}) select ${columns} from jsonb_to_recordset(?::jsonb) as x(${types})`;
    cached = { sql, props };
    sqlCache.set(meta.className, cached);
  }
  return cached;
}

/** The rows as the JSON array their insert reads: every written property under its column's name. */
function rowsJson(props: EntityProperty[], rows: object[]): string {
  const data = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const p of props) {
      const v = (row as Record<string, unknown>)[p.name];
      out[p.fieldNames[0]!] = v instanceof Date ? v.toISOString() : (v ?? null);
    }
    return out;
  });
  return JSON.stringify(data);
}

/** Rows of one entity class for insertTogether. */
export type RowsOf = { entity: EntityName<object>; rows: object[] };

/**
 * Rows of several entity classes, not yet written, inserted with one statement (one round trip): the
 * insert of each class is a data-modifying `with` query of one statement. PostgreSQL checks foreign
 * keys when the whole statement has run, so rows may reference rows of any other class in it; each
 * class's rows go in the order given. Classes without rows are left out.
 */
export async function insertTogether(em: EntityManager, groups: RowsOf[]): Promise<void> {
  await runTogether(em, insertParts(em, groups));
}

/**
 * insertTogether, each class's rows taken only when `guard` allows, in one statement: `guard.sql`
 * (its bind parameters `guard.params`) is a query of one row with a boolean column `ok`, run first;
 * answers that row. Outside a transaction the statement's own commit ends it, so a lock the guard
 * takes is held only while the server runs the statement and commits, with no round trip in between.
 */
export async function insertTogetherIf<G extends { ok: boolean }>(
  em: EntityManager,
  groups: RowsOf[],
  guard: { sql: string; params: unknown[] },
): Promise<G> {
  const parts = insertParts(em, groups);
  const inserts = parts.map((p, i) => `, w${i} as (${p.sql} where (select ok from guard))`).join('');
  const rows = await executeBound<G>(
    em,
    `with guard as (${guard.sql})${inserts} select * from guard`,
    [...guard.params, ...parts.map((p) => p.json)],
    { prepared: true },
  );
  return rows[0]!;
}

/** Each class's insert with its rows' JSON (classes without rows left out). */
function insertParts(em: EntityManager, groups: RowsOf[]): { sql: string; json: string }[] {
  return groups
    .filter((g) => g.rows.length > 0)
    .map((g) => {
      const { sql, props } = insertOf(em, g.entity);
      return { sql, json: rowsJson(props, g.rows) };
    });
}

/** Data-modifying statements, each with one JSON bind parameter, run as one statement (`with` queries). */
async function runTogether(
  em: EntityManager,
  parts: { sql: string; json: string }[],
  opts: { answeredByNext?: boolean } = {},
): Promise<void> {
  if (parts.length === 0) return;
  const last = parts[parts.length - 1]!;
  const sql =
    parts.length === 1
      ? last.sql
      : `with ${parts
          .slice(0, -1)
          .map((p, i) => `w${i} as (${p.sql})`)
          .join(', ')} ${last.sql}`;
  await executeTogether(em, [{ sql, params: parts.map((p) => p.json), prepared: true }], opts);
}

const updateCache = new Map<string, string>();

/** The update of one entity's `props` (by primary key), its values read from one JSON bind parameter. */
function updateOf(meta: EntityMetadata<object>, pk: EntityProperty, props: EntityProperty[]): string {
  const key = `${meta.className}\u0000${props.map((p) => p.name).join(',')}`;
  let sql = updateCache.get(key);
  if (!sql) {
    const table = `"${meta.tableName}"`;
    const types = [pk, ...props].map((p) => `"${p.fieldNames[0]}" ${recordType(p)}`).join(', ');
    sql = `update ${table} set ${props.map((p) => `"${p.fieldNames[0]}" = x."${p.fieldNames[0]}"`).join(', ')}
      from jsonb_to_record(?::jsonb) as x(${types}) where ${table}."${pk.fieldNames[0]}" = x."${pk.fieldNames[0]}"`;
    if (updateCache.size >= STATEMENTS_KEPT) updateCache.clear();
    updateCache.set(key, sql);
  }
  return sql;
}

/**
 * What a flush would write for these managed entities (each property changed since the entity was
 * read or last written, with the class's `onUpdate` values) and for these new rows, in one statement
 * (one round trip instead of one per entity and class): each update and each class's insert is a
 * data-modifying `with` query. Then the unit of work takes what each entity holds as written, so a
 * later flush writes it again only if it changes again. An entity the unit of work does not manage
 * yet (a new one, persisted) is left to the next flush. With `answeredByNext`, the statement is
 * answered by the transaction's next one (executeTogether).
 */
export async function writeTogether(
  em: EntityManager,
  entities: object[],
  inserts: RowsOf[] = [],
  opts: { answeredByNext?: boolean } = {},
): Promise<void> {
  const comparator = em.getComparator();
  const parts: { sql: string; json: string }[] = [];
  const written: object[] = [];
  for (const entity of entities) {
    const wrapped = helper(entity);
    const original = wrapped.__originalEntityData;
    if (!wrapped.__managed || !original) continue;
    const meta = wrapped.__meta;
    const diff = comparator.diffEntities(meta.className, original, comparator.prepareEntity(entity));
    if (Object.keys(diff).length === 0) continue;
    const record = entity as Record<string, unknown>;
    for (const p of meta.props) if (p.onUpdate) record[p.name] = p.onUpdate(entity, em);
    const props = meta.props.filter(
      (p) => p.fieldNames?.length === 1 && !p.primary && (p.name in diff || p.onUpdate !== undefined),
    );
    const pk = meta.props.find((p) => p.primary)!;
    parts.push({ sql: updateOf(meta, pk, props), json: rowsJson([pk, ...props], [entity]).slice(1, -1) });
    written.push(entity);
  }
  parts.push(...insertParts(em, inserts));
  if (parts.length === 0) return;
  await runTogether(em, parts, opts);
  const uow = em.getUnitOfWork();
  for (const entity of written) uow.merge(entity);
}
