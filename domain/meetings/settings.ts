/**
 * Recording choices a meeting resolves (spec: Settings block). The settings feature layers
 * workspace, member and category assignments between the meeting's own values and these defaults.
 */
export type ResolvedSettings = {
  recording: { enabled: boolean; methods: { bot: { start: 'on_join' | 'on_command'; mode: 'audio_and_video' | 'audio_only'; silence_detection: { alert: boolean } } } };
  transcription: { language: string };
  summary: { template: string; language: string };
  branding: { brand_kit_id: string };
};

export const SERVICE_DEFAULTS: ResolvedSettings = {
  recording: { enabled: true, methods: { bot: { start: 'on_join', mode: 'audio_and_video', silence_detection: { alert: false } } } },
  transcription: { language: 'auto' },
  summary: { template: 'general', language: 'same_as_transcript' },
  branding: { brand_kit_id: 'none' },
};

/** The meeting's own values, by dotted path (what POST /bots sets). */
export type OwnSettings = Partial<Record<SettingPath, unknown>>;

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

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = obj;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

/** Own values over the service defaults. */
export function resolveSettings(own: OwnSettings): ResolvedSettings {
  const out = structuredClone(SERVICE_DEFAULTS) as unknown as Record<string, unknown>;
  for (const path of SETTING_PATHS) if (own[path] !== undefined) setPath(out, path, own[path]);
  return out as unknown as ResolvedSettings;
}

export function settingValue(s: ResolvedSettings, path: SettingPath): unknown {
  return getPath(s, path);
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
