import type { EntityName, EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Many rows written at once (a page of calendar events). em.execute and em.insertMany inline every
 * value into the SQL text, escaping large JSON character by character; here the rows travel as one
 * bind parameter (a JSON array) that PostgreSQL unpacks with jsonb_to_recordset, in the caller's
 * transaction and outside the unit of work (nothing is hydrated or tracked).
 */

/** One statement with bind parameters (`?` placeholders) in the entity manager's transaction. */
export async function executeBound<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const query = em
    .getConnection()
    .getKnex()
    .raw(sql, params as never[]);
  const trx = em.getTransactionContext();
  if (trx) void query.transacting(trx);
  const res = (await query) as { rows: T[] };
  return res.rows;
}

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

/** Entities of one class, not yet written, inserted with one statement: every mapped column of each. */
export async function insertRows<T extends object>(em: EntityManager, entity: EntityName<T>, rows: T[]): Promise<void> {
  if (rows.length === 0) return;
  const meta = em.getMetadata().get<T>(typeof entity === 'function' ? entity.name : String(entity));
  let cached = sqlCache.get(meta.className);
  if (!cached) {
    const props = meta.props.filter((p) => p.persist !== false && p.fieldNames?.length === 1 && !p.autoincrement);
    const columns = props.map((p) => `"${p.fieldNames[0]}"`).join(', ');
    const types = props.map((p) => `"${p.fieldNames[0]}" ${recordType(p)}`).join(', ');
    const sql = `insert into "${meta.tableName}" (${columns}) select ${columns} from jsonb_to_recordset(?::jsonb) as x(${types})`;
    cached = { sql, props };
    sqlCache.set(meta.className, cached);
  }
  const { sql, props } = cached;
  const data = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const p of props) {
      const v = (row as Record<string, unknown>)[p.name];
      out[p.fieldNames[0]!] = v instanceof Date ? v.toISOString() : (v ?? null);
    }
    return out;
  });
  await executeBound(em, sql, [JSON.stringify(data)]);
}
