import type { FieldIssue } from './errors';

/** Deepest nesting a request may carry; nothing in the interface nests more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

/** Keys that would reach an object's prototype when a body is merged into plain objects. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * True for text PostgreSQL can store: no NUL (U+0000) and no lone surrogate (which JSON escapes
 * and jsonb refuses). One rule for every string of every request.
 */
export function isStorableText(s: string): boolean {
  return s.indexOf('\u0000') === -1 && (s as string & { isWellFormed(): boolean }).isWellFormed(); // ES2024, in Node ≥ 20
}

/**
 * The first problem of a parsed request input, walked without recursion: a key that reaches a
 * prototype, text PostgreSQL cannot store (in a key or a value), or nesting beyond
 * MAX_INPUT_DEPTH. `prefix` names where the input came from for fields (`''` for a body).
 */
export function inputProblem(input: unknown, prefix = ''): (FieldIssue & { kind: 'key' | 'text' | 'depth' }) | null {
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        return {
          kind: 'text',
          code: 'invalid',
          field: path || undefined,
          message: `${path || 'The body'} contains a NUL character or an unpaired surrogate, which cannot be stored.`,
        };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return {
        kind: 'depth',
        code: 'invalid_json',
        message: `The body is nested deeper than ${MAX_INPUT_DEPTH} levels.`,
      };
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: join(path, String(index)), depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const field = join(path, key);
      if (FORBIDDEN_KEYS.has(key))
        return { kind: 'key', code: 'invalid', field, message: `The field name "${key}" is not accepted.` };
      if (!isStorableText(key))
        return {
          kind: 'text',
          code: 'invalid',
          field: path || undefined,
          message: `A field name in ${path || 'the body'} contains a NUL character or an unpaired surrogate.`,
        };
      stack.push({ value: (value as Record<string, unknown>)[key], path: field, depth: depth + 1 });
    }
  }
  return null;
}
