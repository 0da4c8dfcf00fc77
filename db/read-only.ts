import type { EntityManager } from '@mikro-orm/postgresql';

type Column = { name: string; field: string; convert: (v: unknown) => unknown };
/** Where a row comes from: the driver's columns, or PostgreSQL's JSON of a row (`json_agg`, `row_to_json`). */
type Source = 'row' | 'json';
const mappings: Record<Source, WeakMap<object, Column[]>> = { row: new WeakMap(), json: new WeakMap() };

const same = (v: unknown) => v;

/** How one column's value becomes the property's. */
function converter(
  kind: 'date' | 'json' | 'plain',
  source: Source,
  platform: ReturnType<EntityManager['getPlatform']>,
): (v: unknown) => unknown {
  if (kind === 'date')
    // JSON of a row carries ISO 8601 text; the driver hands timestamps over as text too, which the
    // ORM parses with the platform's rule: so does this.
    return source === 'json'
      ? (v) => new Date(v as string)
      : (v) => (typeof v === 'string' ? platform.parseDate(v) : v);
  // In JSON of a row, a JSON column is already a value.
  if (kind === 'json' && source === 'row') return (v) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  return same;
}

/**
 * Per entity class: each property with one column, and how its value comes from the driver (as the
 * ORM maps it), or from PostgreSQL's JSON of the row: there a JSON column is already a value and a
 * timestamp is ISO 8601 text with its offset.
 */
function columnsOf(em: EntityManager, entity: new () => object, source: Source = 'row'): Column[] {
  let columns = mappings[source].get(entity);
  if (columns) return columns;
  const platform = em.getPlatform();
  const meta = em.getMetadata().get(entity.name);
  columns = meta.props
    .filter((p) => p.fieldNames?.length === 1)
    .map((p) => {
      const type = String(p.type).toLowerCase();
      const convert = converter(
        type === 'date' || type === 'datetime' ? 'date' : type === 'json' ? 'json' : 'plain',
        source,
        platform,
      );
      return { name: p.name, field: p.fieldNames[0]!, convert };
    });
  mappings[source].set(entity, columns);
  return columns;
}

/**
 * A row read only to be shown, as an object of the entity's class: the class's defaults, then every
 * column the row holds, converted as the ORM converts it, without the unit of work (no identity map,
 * no snapshot of each JSON column). Several times cheaper than `em.map` for list pages. Never
 * persist, flush or change such an object.
 */
export function readOnlyEntity<T extends object>(
  em: EntityManager,
  entity: new () => T,
  row: Record<string, unknown>,
  source: Source = 'row',
): T {
  const out = new entity() as Record<string, unknown>;
  for (const c of columnsOf(em, entity, source)) {
    const v = row[c.field];
    if (v === undefined) continue;
    out[c.name] = v === null ? null : c.convert(v);
  }
  return out as T;
}

const selectLists = new Map<string, string>();

/**
 * The entity's columns as a select list (`alias."column", …`): what `alias.*` reads today, named, so
 * a statement that reads them can be prepared (a prepared `select *` fails once a migration adds a
 * column, until its connection closes; a named list reads the columns this build maps).
 */
export function selectColumns(em: EntityManager, entity: new () => object, alias: string): string {
  const key = `${entity.name}\u0000${alias}`;
  let list = selectLists.get(key);
  if (!list) {
    list = [...new Set(columnsOf(em, entity).map((c) => c.field))].map((f) => `${alias}."${f}"`).join(', ');
    selectLists.set(key, list);
  }
  return list;
}

/** The entity's column names (each property with one column), as selectColumns lists them. */
export function fieldsOf(em: EntityManager, entity: new () => object): string[] {
  return [...new Set(columnsOf(em, entity).map((c) => c.field))];
}
