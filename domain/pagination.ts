import { ApiError } from './errors';
import { isStorableText } from './input';

export type Page<T> = { data: T[]; hasMore: boolean; nextCursor: string | null };

/** A keyset cursor: the sort key of the last row served (opaque to clients). */
export function encodeCursor(key: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The key a cursor carries, checked against the kinds `keys` names: a string (storable text: no NUL,
 * well formed) or a safe integer. Anything else, tampered or not ours, is a 400, never a value that
 * reaches a query.
 */
export function decodeCursor<T extends Record<string, string | number>>(
  cursor: string | undefined,
  keys: { [K in keyof T]: T[K] extends number ? 'number' : 'string' },
): T | null {
  if (cursor === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fits = (v: unknown, kind: 'string' | 'number') =>
      kind === 'number' ? Number.isSafeInteger(v) : typeof v === 'string' && isStorableText(v);
    if (
      value &&
      typeof value === 'object' &&
      Object.entries(keys).every(([k, kind]) => fits(value[k], kind as 'string' | 'number'))
    )
      return value as T;
  } catch {
    // fall through
  }
  throw new ApiError(400, 'bad_request', 'The cursor is not valid: follow `_links.next.url` as given.', 'cursor');
}

/** Cuts a page from rows fetched with `limit + 1`. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => Record<string, string | number>): Page<T> {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  return { data, hasMore, nextCursor: hasMore ? encodeCursor(keyOf(data[data.length - 1]!)) : null };
}

export function mapPage<T, U>(page: Page<T>, fn: (row: T) => U): Page<U> {
  return { ...page, data: page.data.map(fn) };
}
