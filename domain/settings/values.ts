import type { FieldIssue } from '../errors';
import { BUILT_IN_TEMPLATES, isLanguageTag } from '../meetings/vocabulary';

/**
 * The settings a meeting resolves (spec: Settings block): recording, transcription, summary and
 * branding. A settings object holds some of these paths; resolution layers them over the defaults.
 */
export type ResolvedSettings = {
  recording: {
    enabled: boolean;
    methods: {
      bot: {
        start: 'on_join' | 'on_command';
        mode: 'audio_and_video' | 'audio_only';
        silence_detection: { alert: boolean };
      };
    };
  };
  transcription: { language: string };
  summary: { template: string; language: string };
  branding: { brand_kit_id: string };
};

export const SERVICE_DEFAULTS: ResolvedSettings = {
  recording: {
    enabled: true,
    methods: { bot: { start: 'on_join', mode: 'audio_and_video', silence_detection: { alert: false } } },
  },
  transcription: { language: 'auto' },
  summary: { template: 'general', language: 'same_as_transcript' },
  branding: { brand_kit_id: 'none' },
};

export const SETTING_PATHS = [
  'recording.enabled',
  'recording.methods.bot.start',
  'recording.methods.bot.mode',
  'recording.methods.bot.silence_detection.alert',
  'transcription.language',
  'summary.template',
  'summary.language',
  'branding.brand_kit_id',
] as const;
export type SettingPath = (typeof SETTING_PATHS)[number];

/** The values one settings object sets, by dotted path; a path it leaves to the next layer is absent. */
export type SettingValues = Partial<Record<SettingPath, string | boolean>>;

/** Written to a path to remove this object's value, so the next layer decides. */
export const INHERIT = 'inherit';

/** Paths the 2026-10-12 release removed; naming one is `unknown_field` (spec: Release 2026-10-12, Policies). */
export const REMOVED_PATHS = [
  'transcription.model',
  'transcription.glossary_ids',
  'access',
  'summary_email',
  'storage',
  'recording.methods.bot.silence_detection.automatic_leave',
  'recording.methods.bot.join_at_scheduled_start',
];

export function getPath(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** Sets the value at a path given as its keys, making the objects on the way when missing. */
function setKeys(obj: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let node = obj;
  for (let i = 0; i < keys.length - 1; i += 1) node = (node[keys[i]!] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

/** Each setting path as its keys, split once. */
const PATH_KEYS: Record<SettingPath, string[]> = Object.fromEntries(
  SETTING_PATHS.map((p) => [p, p.split('.')]),
) as Record<SettingPath, string[]>;

/** A fresh copy of the service defaults (a literal: one per meeting of a page, so no generic deep copy). */
function defaultSettings(): ResolvedSettings {
  const d = SERVICE_DEFAULTS;
  const bot = d.recording.methods.bot;
  return {
    recording: {
      enabled: d.recording.enabled,
      methods: { bot: { start: bot.start, mode: bot.mode, silence_detection: { alert: bot.silence_detection.alert } } },
    },
    transcription: { language: d.transcription.language },
    summary: { template: d.summary.template, language: d.summary.language },
    branding: { brand_kit_id: d.branding.brand_kit_id },
  };
}

/** Flat values over the service defaults. */
export function resolveValues(values: SettingValues): ResolvedSettings {
  const out = defaultSettings() as unknown as Record<string, unknown>;
  for (const path of SETTING_PATHS) if (values[path] !== undefined) setKeys(out, PATH_KEYS[path], values[path]);
  return out as unknown as ResolvedSettings;
}

/** A settings object's groups as it reads (`null` where it leaves the value to the next layer). */
export function nestedValues(values: SettingValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of SETTING_PATHS) setKeys(out, PATH_KEYS[path], values[path] ?? null);
  return out;
}

/** The bot's flat recording fields always read its meeting's resolved settings (spec: Bot). */
export function botFlatFields(s: ResolvedSettings) {
  return {
    language: s.transcription.language,
    recording_start: s.recording.methods.bot.start,
    recording_mode: s.recording.methods.bot.mode,
    silence_alert: s.recording.methods.bot.silence_detection.alert,
    summary_language: s.summary.language === 'same_as_transcript' ? null : s.summary.language,
    summary_template: s.summary.template,
  };
}

/** What a path accepts: a check and the words of its message. */
type Rule = { check: (v: unknown) => boolean; allowed: string };
const oneOf = (...values: string[]): Rule => ({
  check: (v) => v === INHERIT || values.includes(v as string),
  allowed: [...values, INHERIT].join(', '),
});
const bool: Rule = { check: (v) => typeof v === 'boolean' || v === INHERIT, allowed: `true, false, ${INHERIT}` };
const languageOr = (...words: string[]): Rule => ({
  check: (v) => v === INHERIT || (typeof v === 'string' && (words.includes(v) || isLanguageTag(v))),
  allowed: `a BCP-47 language code (for example en or pt-BR), ${[...words, INHERIT].join(', ')}`,
});

const RULES: Record<SettingPath, Rule> = {
  'recording.enabled': bool,
  'recording.methods.bot.start': oneOf('on_join', 'on_command'),
  'recording.methods.bot.mode': oneOf('audio_and_video', 'audio_only'),
  'recording.methods.bot.silence_detection.alert': bool,
  'transcription.language': languageOr('auto', 'multi'),
  'summary.template': {
    check: (v) =>
      v === INHERIT || (typeof v === 'string' && (BUILT_IN_TEMPLATES.includes(v) || /^tpl_[0-9a-z]{26}$/.test(v))),
    allowed: `a built-in template (${BUILT_IN_TEMPLATES.join(', ')}), a custom template tpl_ id, ${INHERIT}`,
  },
  'summary.language': languageOr('same_as_transcript'),
  // A brk_ id is checked against the database too (services/brand-kits: a kit the workspace may use).
  'branding.brand_kit_id': {
    check: (v) => v === INHERIT || v === 'none' || (typeof v === 'string' && /^brk_[0-9a-z]{26}$/.test(v)),
    allowed: `a brand kit brk_ id, none, ${INHERIT}`,
  },
};

/** What a write changes: a value per path, or `INHERIT` to remove this object's value. */
export type SettingsWrite = Partial<Record<SettingPath, string | boolean>>;

/**
 * Reads the groups of a settings write (partial at any depth) into dotted paths, with one issue per
 * bad field: `unknown_field` for a path the service does not have (or the 2026-10-12 release removed),
 * `invalid` with the allowed values for a bad value. `otherFields` are the caller's (name, workspace_id).
 */
export function readSettingsWrite(
  body: Record<string, unknown>,
  opts: { otherFields?: string[]; prefix?: string } = {},
): { write: SettingsWrite; issues: FieldIssue[] } {
  const prefix = opts.prefix ?? '';
  const write: SettingsWrite = {};
  const issues: FieldIssue[] = [];
  const known = new Set<string>(SETTING_PATHS);
  const walk = (node: unknown, path: string): void => {
    const field = prefix + path;
    if (known.has(path)) {
      const rule = RULES[path as SettingPath];
      const value = node === null ? INHERIT : node;
      if (!rule.check(value))
        issues.push({ code: 'invalid', field, message: `${field} must be one of: ${rule.allowed}.` });
      else write[path as SettingPath] = value as string | boolean;
      return;
    }
    if (![...known].some((p) => p.startsWith(`${path}.`))) {
      const removed = REMOVED_PATHS.some((r) => path === r || path.startsWith(`${r}.`));
      const message = removed
        ? `${field} was removed in version 2026-10-12 and can no longer be written.`
        : `${field} is not a setting.`;
      issues.push({ code: 'unknown_field', field, message });
      return;
    }
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      issues.push({ code: 'invalid_type', field, message: `${field} must be an object.` });
      return;
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
  };
  for (const [key, node] of Object.entries(body))
    if (!opts.otherFields?.includes(key) && node !== undefined) walk(node, key);
  return { write, issues };
}

/** Applies a write to an object's values: a value sets the path, `inherit` removes it. */
export function applyWrite(values: SettingValues, write: SettingsWrite): SettingValues {
  const out: SettingValues = { ...values };
  for (const [path, value] of Object.entries(write) as [SettingPath, string | boolean][]) {
    if (value === INHERIT) delete out[path];
    else out[path] = value;
  }
  return out;
}
