import type { FieldIssue } from '../errors';
import { INHERIT, REMOVED_PATHS } from './values';

/**
 * Policy values only pins before 2026-10-12 read and write (spec: Release 2026-10-12 › Policies), by
 * dotted path: the removed fields, and `recording.methods.bot.start` when it was written with an
 * older word. They are stored beside a settings object's values and change nothing the service does.
 */
export type LegacyValues = Record<string, unknown>;

/** The path whose older words are kept beside the newest value they map to. */
export const START_PATH = 'recording.methods.bot.start';

/** `recording.methods.bot.start` before 2026-10-12 also took these words; each behaves as the newest value it maps to. */
export const OLDER_START_WORDS: Record<string, 'on_join' | 'on_command'> = {
  automatic: 'on_join',
  manual: 'on_command',
};

type Rule = { check: (v: unknown) => boolean; allowed: string; default: unknown };
const oneOf = (fallback: string, ...values: string[]): Rule => ({
  check: (v) => values.includes(v as string),
  allowed: [...values, INHERIT].join(', '),
  default: fallback,
});
const bool: Rule = { check: (v) => typeof v === 'boolean', allowed: `true, false, ${INHERIT}`, default: false };

/** The value rules of the removed paths (this service's choice: the spec does not show their types) and what a block reads when no layer sets one. */
export const REMOVED_RULES: Record<string, Rule> = {
  'transcription.model': oneOf('default', 'default', 'enhanced'),
  'transcription.glossary_ids': {
    check: (v) =>
      Array.isArray(v) &&
      v.length <= 50 &&
      v.every((id) => typeof id === 'string' && id.trim().length > 0 && id.length <= 100) &&
      new Set(v).size === v.length,
    allowed: `a list of at most 50 distinct glossary ids (1 to 100 characters each), ${INHERIT}`,
    default: [],
  },
  access: oneOf('private', 'private', 'participants', 'workspace'),
  summary_email: oneOf('none', 'none', 'member', 'participants'),
  storage: {
    check: (v) => v === 'forever' || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 3650),
    allowed: `a number of days from 1 to 3650, forever, ${INHERIT}`,
    default: 'forever',
  },
  'recording.methods.bot.silence_detection.automatic_leave': bool,
  'recording.methods.bot.join_at_scheduled_start': bool,
};

/** What a settings block reads for each removed path that no layer sets. */
export const REMOVED_DEFAULTS: LegacyValues = Object.fromEntries(
  REMOVED_PATHS.map((path) => [path, REMOVED_RULES[path]!.default]),
);

/**
 * Moves what the newest shape cannot hold out of an older pin's settings write (nested or dotted
 * keys, at any depth): the removed paths into `removed`, and an older start word into `olderStart`,
 * leaving the newest value it maps to. Nested objects on the way are copied, never changed.
 */
export function takeOlderSettings(body: Record<string, unknown>): {
  removed: LegacyValues;
  olderStart: string | undefined;
} {
  const removed: LegacyValues = {};
  let olderStart: string | undefined;
  const wanted = [...REMOVED_PATHS, START_PATH];
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const key of Object.keys(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const value = node[key];
      if (REMOVED_PATHS.includes(path)) {
        removed[path] = value;
        delete node[key];
      } else if (path === START_PATH) {
        if (typeof value === 'string' && Object.hasOwn(OLDER_START_WORDS, value)) {
          olderStart = value;
          node[key] = OLDER_START_WORDS[value];
        }
      } else if (
        wanted.some((w) => w.startsWith(`${path}.`)) &&
        value &&
        typeof value === 'object' &&
        !Array.isArray(value)
      ) {
        const copy = { ...(value as Record<string, unknown>) };
        walk(copy, path);
        node[key] = copy;
      }
    }
  };
  walk(body, '');
  return { removed, olderStart };
}

/** Checks the removed paths an older pin wrote: a value per path, `inherit` (or null) to remove it; one issue per bad field. */
export function readRemovedWrite(removed: LegacyValues): { write: LegacyValues; issues: FieldIssue[] } {
  const write: LegacyValues = {};
  const issues: FieldIssue[] = [];
  for (const [path, raw] of Object.entries(removed)) {
    if (raw === undefined) continue;
    const value = raw === null ? INHERIT : raw;
    const rule = REMOVED_RULES[path]!;
    if (value === INHERIT || rule.check(value)) write[path] = value;
    else issues.push({ code: 'invalid', field: path, message: `${path} must be one of: ${rule.allowed}.` });
  }
  return { write, issues };
}

/**
 * A settings object's legacy values after a write: the removed paths written (`inherit` removes),
 * and the older start word kept only while the newest start value it maps to is the one written.
 */
export function applyLegacyWrite(
  legacy: LegacyValues,
  removed: LegacyValues,
  start: { written: boolean; olderWord?: string },
): LegacyValues {
  const out: LegacyValues = { ...legacy };
  for (const [path, value] of Object.entries(removed)) {
    if (value === INHERIT) delete out[path];
    else out[path] = value;
  }
  if (start.written) {
    if (start.olderWord) out[START_PATH] = start.olderWord;
    else delete out[START_PATH];
  }
  return out;
}

/** A settings object's removed paths as an older pin reads them: null where it leaves the value to the next layer. */
export function removedOf(legacy: LegacyValues): LegacyValues {
  return Object.fromEntries(REMOVED_PATHS.map((path) => [path, legacy[path] ?? null]));
}
