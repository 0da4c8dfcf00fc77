import { ApiError } from './errors';

export type Page<T> = { data: T[]; hasMore: boolean; nextCursor: string | null };

/** A keyset cursor: the sort key of the last row served (opaque to clients). */
export function encodeCursor(key: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends Record<string, string | number>>(
  cursor: string | undefined,
  keys: (keyof T)[],
): T | null {
  if (cursor === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as T;
    if (
      value &&
      typeof value === 'object' &&
      keys.every((k) => typeof value[k] === 'string' || typeof value[k] === 'number')
    )
      return value;
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
