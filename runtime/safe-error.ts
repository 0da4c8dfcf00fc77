/**
 * Database errors carry the SQL and its values in their message (a webhook secret, a meeting URL
 * with its passcode, a body): they never reach a log line or a workflow failure as they are. What
 * is kept: the error's class, the SQLSTATE code, the constraint, table and column.
 */
type DbErrorLike = Error & {
  code?: unknown;
  sqlState?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  severity?: unknown;
  query?: unknown;
  sql?: unknown;
  params?: unknown;
  cause?: unknown;
};

/** True for errors raised by the database layer (MikroORM's driver exceptions, node-postgres, knex). */
export function isDatabaseError(err: unknown): err is DbErrorLike {
  if (!(err instanceof Error)) return false;
  const e = err as DbErrorLike;
  return (
    /Exception$/.test(e.name) || // MikroORM DriverException and its subclasses
    e.name === 'DatabaseError' || // node-postgres
    e.name === 'KnexTimeoutError' ||
    typeof e.sqlState === 'string' ||
    'query' in e ||
    'sql' in e ||
    (typeof e.severity === 'string' && typeof e.code === 'string')
  );
}

/** A description of a database error without its message: class, code, constraint, table, column. */
export function describeDatabaseError(err: DbErrorLike): {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
} {
  const source = (err.cause instanceof Error ? err.cause : err) as DbErrorLike;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const out: { type: string; code?: string; constraint?: string; table?: string; column?: string } = { type: err.name };
  const code = str(source.code) ?? str(err.code) ?? str(err.sqlState);
  if (code) out.code = code;
  const constraint = str(source.constraint) ?? str(err.constraint);
  if (constraint) out.constraint = constraint;
  const table = str(source.table) ?? str(err.table);
  if (table) out.table = table;
  const column = str(source.column) ?? str(err.column);
  if (column) out.column = column;
  return out;
}

/** The text a database error may show anywhere: what it was, never the SQL or values. */
export function safeErrorMessage(err: unknown): string {
  if (!isDatabaseError(err)) return err instanceof Error ? err.message : String(err);
  const d = describeDatabaseError(err);
  return `database error ${d.type}${d.code ? ` (SQLSTATE ${d.code})` : ''}${d.constraint ? ` on constraint ${d.constraint}` : ''}${d.table ? ` in table ${d.table}` : ''}`;
}

/**
 * pino's `err` serializer: database errors without message, SQL or values; other errors as pino
 * shows them. An error already serialized by pino-std-serializers is read through its `raw`, the original.
 */
export function serializeError(value: unknown): unknown {
  const raw = value instanceof Error ? value : (value as { raw?: unknown } | null)?.raw;
  if (!(raw instanceof Error)) return value;
  const err = raw;
  if (isDatabaseError(err)) return { ...describeDatabaseError(err), message: safeErrorMessage(err) };
  return {
    type: err.name,
    message: err.message,
    stack: err.stack,
    ...(err.cause instanceof Error ? { cause: serializeError(err.cause) } : {}),
  };
}
