import { OLDER_START_WORDS } from '../../settings/legacy';
import { camelCaseWithServerOffset } from '../format';
import type { ChangeModule, LegacyFacts, Representation } from '../types';
import { policies } from './policies';
import { brandKits, upgradeBrandKitWrite } from './brand-kits';

/** The platform names before 2026-10-12 (Teams Live told apart from Teams). */
function olderPlatform(platform: unknown, teamsLive: boolean | undefined): unknown {
  if (platform === 'meet') return 'google_meet';
  if (platform === 'teams') return teamsLive ? 'microsoft_teams_live' : 'microsoft_teams';
  return platform;
}

/** The calendar event before 2026-10-12 carried `series_id`: the iCalendar UID of a recurring event's series. */
function olderCalendarEvent(ev: unknown): unknown {
  if (!ev || typeof ev !== 'object') return ev;
  const e = ev as Representation;
  return { ...e, series_id: e.recurring === true ? e.ical_uid : null };
}

const FLAT_RECORDING_FIELDS = [
  'language',
  'recording_start',
  'recording_mode',
  'silence_alert',
  'summary_language',
  'summary_template',
] as const;

/** The `settings` older bots carried, read from the flat fields when the serializer attached no groups. */
function botSettingsFromFlat(b: Representation): Record<string, unknown> {
  return {
    recording: {
      methods: {
        bot: { start: b.recording_start, mode: b.recording_mode, silence_detection: { alert: b.silence_alert } },
      },
    },
    transcription: { language: b.language },
    summary: { template: b.summary_template, language: b.summary_language ?? 'same_as_transcript' },
  };
}

/** The result fields bots carried before 2026-10-12, empty while the meeting has none. */
export const EMPTY_BOT_RESULTS = {
  transcript: null,
  speakers: [],
  summary: null,
  summary_sections: [],
  action_items: [],
  people: [],
  companies: [],
};

/**
 * A bot before 2026-10-12: `settings` instead of the flat recording fields, no `meeting_id` (the
 * results were the conversation's: `conversation_id` is the meeting id), metadata as the JSON object
 * written, and the result fields read from the meeting's results.
 */
function olderBot(b: Representation, facts: LegacyFacts): Representation {
  const out: Representation = {};
  for (const [k, v] of Object.entries(b)) {
    if (k === 'meeting_id' || (FLAT_RECORDING_FIELDS as readonly string[]).includes(k)) continue;
    if (k === 'metadata') {
      out.metadata = facts.raw_metadata ?? v;
      continue;
    }
    out[k] = v;
    if (k === 'welcome_message') out.settings = facts.bot_settings ?? botSettingsFromFlat(b);
  }
  out.conversation_id = b.meeting_id;
  Object.assign(out, EMPTY_BOT_RESULTS, facts.bot_results ?? {});
  return out;
}

/**
 * Release 2026-10-12 (spec: Versioning › Release 2026-10-12). Every object of the release that this
 * service has is rewritten here; policies, members, connections and connect links in ./policies.
 */
export const release20261012: ChangeModule = {
  version: '2026-10-12',
  title:
    'snake_case fields, flat metadata, grouped brand kits, one calendar event object, platform names, bots record meetings',
  changes: [
    'Workspaces answer with snake_case names and ISO 8601 UTC timestamps with Z (keeping milliseconds); earlier pins keep camelCase names and server-offset timestamps. Both spellings are accepted as input.',
    'Bot metadata is a flat string map with merge semantics on PATCH /bots/{id}; earlier pins keep a JSON object up to 16 KB, replaced whole by PATCH.',
    ...policies.changes,
    ...brandKits.changes,
    'One calendar event object: POST /calendar_events returns it and meeting.calendar_event is that object, without series_id; earlier pins keep series_id (the iCalendar UID of a recurring series, else null).',
    'Platform names meet, zoom, teams (Teams Live included); earlier pins keep google_meet, zoom, microsoft_teams, microsoft_teams_live.',
    'The bot records a meeting: bots carry meeting_id and the flat recording fields (language, recording_start, recording_mode, silence_alert, summary_language, summary_template) instead of settings, and no longer carry conversation_id, transcript, speakers, summary, summary_sections, action_items, people and companies (read the meeting’s results). Earlier pins keep the older shape, in webhooks too, as it was when the event happened; a bot request with settings answers 400.',
  ],
  downgrade: {
    ...policies.downgrade,
    workspace: (w, ctx) =>
      camelCaseWithServerOffset(
        policies.downgrade.workspace ? policies.downgrade.workspace(w, ctx) : w,
        ctx.serverOffsetMinutes,
      ),
    bot: (b, { facts }) => olderBot(b, facts),
    brand_kit: (k, { facts }) => brandKits.downgrade(k, facts),
    calendar_event: (e) => olderCalendarEvent(e) as Representation,
    meeting: (m, ctx) => {
      const withPolicies = policies.downgrade?.meeting ? policies.downgrade.meeting(m, ctx) : m;
      return {
        ...withPolicies,
        platform: olderPlatform(m.platform, ctx.facts.teams_live),
        calendar_event: olderCalendarEvent(m.calendar_event),
      };
    },
  },
  upgrade: {
    ...policies.upgrade,
    brand_kit_write: (body) => upgradeBrandKitWrite(body),
    bot_create: (body, legacy) => {
      const settings = body.settings;
      if (settings && typeof settings === 'object' && !Array.isArray(settings)) {
        delete body.settings;
        const s = settings as Record<string, Record<string, unknown> | undefined>;
        const bot = (s.recording?.methods as Record<string, Record<string, unknown>> | undefined)?.bot;
        const set = (field: string, value: unknown) => {
          if (value !== undefined && value !== 'inherit' && body[field] === undefined) body[field] = value;
        };
        // The older words of `start` (automatic, manual) name the newest values.
        const start = bot?.start;
        set(
          'recording_start',
          typeof start === 'string' && Object.hasOwn(OLDER_START_WORDS, start) ? OLDER_START_WORDS[start] : start,
        );
        set('recording_mode', bot?.mode);
        set('silence_alert', (bot?.silence_detection as Record<string, unknown> | undefined)?.alert);
        set('summary_template', s.summary?.template);
        const summaryLanguage = s.summary?.language;
        set('summary_language', summaryLanguage === 'same_as_transcript' ? null : summaryLanguage);
        legacy.transcription_language = s.transcription?.language;
      }
      if (body.metadata !== undefined) {
        legacy.metadata = body.metadata;
        delete body.metadata;
      }
    },
    bot_update: (body, legacy) => {
      // The older object replaces the stored one; the newest rules see an empty change.
      if (body.metadata !== undefined) {
        legacy.metadata = body.metadata;
        body.metadata = {};
      }
    },
  },
  openapi: (doc) => {
    policies.openapi?.(doc);
    brandKits.openapi?.(doc);
    const schemas = doc.components?.schemas ?? {};
    const ws = schemas.Workspace;
    if (ws?.properties) {
      const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
      ws.properties = Object.fromEntries(Object.entries(ws.properties).map(([k, v]) => [camel(k), v]));
      ws.required = ws.required?.map(camel);
    }
    const platform = schemas.Meeting?.properties?.platform;
    if (platform) {
      platform.enum = ['google_meet', 'zoom', 'microsoft_teams', 'microsoft_teams_live', null];
      delete platform.anyOf;
    }
    for (const name of ['CalendarEvent']) {
      const s = schemas[name];
      if (s?.properties)
        s.properties.series_id = {
          type: ['string', 'null'],
          description: 'The iCalendar UID of the recurring series; null for a single event.',
        };
    }
    const bot = schemas.Bot;
    if (bot?.properties) {
      for (const k of ['meeting_id', ...FLAT_RECORDING_FIELDS]) delete bot.properties[k];
      bot.required = bot.required?.filter(
        (k) => k !== 'meeting_id' && !(FLAT_RECORDING_FIELDS as readonly string[]).includes(k),
      );
      bot.properties.settings = {
        type: 'object',
        description: 'The meeting’s recording, transcription and summary settings.',
      };
      bot.properties.metadata = { type: 'object', description: 'A JSON object up to 16 KB.' };
      bot.properties.conversation_id = { type: 'string', description: 'The meeting whose results these are.' };
      for (const k of ['transcript', 'summary'])
        bot.properties[k] = { description: 'From the meeting’s results; null until ready.' };
      for (const k of ['speakers', 'summary_sections', 'action_items', 'people', 'companies'])
        bot.properties[k] = { type: 'array', description: 'From the meeting’s results.' };
    }
  },
};
