import { ValidationFailed, type FieldIssue } from './errors';

/** Metadata rules of the spec (Resources › Metadata rules), implemented once for every object. */
export const METADATA_LIMITS = { maxKeys: 50, maxKeyLength: 40, maxValueLength: 500 } as const;

export type Metadata = Record<string, string>;

/**
 * Checks a `metadata` input and returns the change it asks for: `clear` (the empty string),
 * or the keys to set and the keys to remove (an empty-string value removes its key).
 */
export function parseMetadataInput(
  input: unknown,
  field = 'metadata',
): { clear: true } | { clear: false; set: Metadata; remove: string[] } {
  if (input === '') return { clear: true };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationFailed([
      {
        code: 'invalid_type',
        field,
        message: `${field} must be a flat map of string keys to string values, or the empty string to remove every key.`,
      },
    ]);
  }
  const issues: FieldIssue[] = [];
  const set: Metadata = {};
  const remove: string[] = [];
  const entries = Object.entries(input as Record<string, unknown>);
  for (const [key, value] of entries) {
    const path = `${field}.${key}`;
    if (key.length < 1 || key.length > METADATA_LIMITS.maxKeyLength) {
      issues.push({
        code: 'too_long',
        field: path,
        message: `Metadata key "${key}" must be 1 to ${METADATA_LIMITS.maxKeyLength} characters.`,
      });
      continue;
    }
    if (/[[\]]/.test(key)) {
      issues.push({ code: 'invalid', field: path, message: `Metadata key "${key}" must not contain square brackets.` });
      continue;
    }
    if (typeof value === 'number' || typeof value === 'boolean') {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        issues.push({
          code: 'invalid_type',
          field: path,
          message: `Metadata value of "${key}" must be a finite number.`,
        });
        continue;
      }
      set[key] = String(value);
      continue;
    }
    if (typeof value !== 'string') {
      const what =
        value === null
          ? 'null'
          : Array.isArray(value)
            ? 'an array'
            : typeof value === 'object'
              ? 'a nested object'
              : typeof value;
      issues.push({
        code: 'invalid_type',
        field: path,
        message: `Metadata value of "${key}" must be a string, number or boolean, not ${what}.`,
      });
      continue;
    }
    if (value.length > METADATA_LIMITS.maxValueLength) {
      issues.push({
        code: 'too_long',
        field: path,
        message: `Metadata value of "${key}" must be at most ${METADATA_LIMITS.maxValueLength} characters.`,
      });
      continue;
    }
    if (value === '') remove.push(key);
    else set[key] = value;
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
  return { clear: false, set, remove };
}

/** Applies a metadata input to the stored map with merge semantics, enforcing the key count on the result. */
export function mergeMetadata(current: Metadata, input: unknown, field = 'metadata'): Metadata {
  const change = parseMetadataInput(input, field);
  if (change.clear) return {};
  const next: Metadata = { ...current, ...change.set };
  for (const key of change.remove) delete next[key];
  if (Object.keys(next).length > METADATA_LIMITS.maxKeys) {
    throw new ValidationFailed([
      {
        code: 'too_long',
        field,
        message: `Metadata can hold at most ${METADATA_LIMITS.maxKeys} keys; this change would leave ${Object.keys(next).length}.`,
      },
    ]);
  }
  return next;
}

/** Bot metadata before 2026-10-12: any JSON object up to 16 KB (spec: Limits), replaced whole. */
export const OLDER_BOT_METADATA_BYTES = 16 * 1024;

/** Checks an older pin's bot metadata: a JSON object (not an array or null) of at most 16 KB as JSON. */
export function olderBotMetadata(input: unknown, field = 'metadata'): Record<string, unknown> {
  if (input === '') return {};
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw new ValidationFailed([
      { code: 'invalid_type', field, message: 'Bot metadata must be a JSON object at this API version.' },
    ]);
  const bytes = new TextEncoder().encode(JSON.stringify(input)).length;
  if (bytes > OLDER_BOT_METADATA_BYTES)
    throw new ValidationFailed([
      {
        code: 'too_long',
        field,
        message: `Bot metadata can be at most ${OLDER_BOT_METADATA_BYTES} bytes of JSON at this API version; this is ${bytes}.`,
      },
    ]);
  return input as Record<string, unknown>;
}

/** Metadata as the newest version reads it: a flat map of strings (an older pin's nested values read as their JSON text). */
export function flatMetadata(stored: Record<string, unknown>): Metadata {
  const out: Metadata = {};
  for (const [k, v] of Object.entries(stored)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}

/** Whether stored metadata is already a flat map of strings. */
export function isFlatMetadata(stored: Record<string, unknown>): boolean {
  return Object.values(stored).every((v) => typeof v === 'string');
}
