import type { Bot, Meeting, MeetingResult } from '../db/entities';
import { flatMetadata, isFlatMetadata } from '../domain/metadata';
import { botFlatFields, type ResolvedSettings } from '../domain/settings';
import { withLegacy, type LegacyFacts } from '../domain/versions';
import { z } from './zod';

export const botSchema = z
  .object({
    id: z.string().openapi({ example: 'bot_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('bot'),
    meeting_id: z.string(),
    meeting_url: z.string(),
    join_at: z.string().nullable(),
    status: z.enum(['queued', 'joining', 'in_call', 'processing', 'completed', 'failed', 'cancelled']),
    bot_name: z.string(),
    bot_avatar: z.string().nullable(),
    welcome_message: z.string().nullable(),
    language: z.string(),
    recording_start: z.enum(['on_join', 'on_command']),
    recording_mode: z.enum(['audio_and_video', 'audio_only']),
    silence_alert: z.boolean(),
    summary_language: z.string().nullable(),
    summary_template: z.string().nullable(),
    participants: z.array(z.object({ email: z.string().nullable(), name: z.string().nullable() })),
    metadata: z.record(z.string(), z.string()),
    created_at: z.string(),
    ended_at: z.string().nullable(),
    reason: z.enum(['no_recording', 'invalid_meeting_url', 'bot_error', 'transcription_failed']).optional(),
    failure_message: z.string().nullable().optional(),
  })
  .openapi('Bot');

/** Domains of free mail providers: their addresses name people, not companies. */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'aol.com',
  'gmx.com',
]);

/**
 * The result fields bots carried before 2026-10-12, read from the meeting's results: the transcript's
 * segments (null until it is ready), its speakers, the summary as text and as sections (null / empty
 * until ready), action items, the people of the meeting and their companies (e-mail domains).
 */
export function olderBotResults(meeting: Meeting, row: MeetingResult | null): Record<string, unknown> {
  const segments = row?.transcript?.segments ?? null;
  const people = meeting.participants.filter((p) => p.email || p.name).map((p) => ({ name: p.name, email: p.email }));
  const domains = [
    ...new Set(
      meeting.participants
        .map((p) => p.email?.split('@')[1]?.toLowerCase())
        .filter((d): d is string => !!d && !FREE_MAIL.has(d)),
    ),
  ];
  const sections = row?.summary?.sections ?? [];
  return {
    transcript:
      segments && segments.map(({ speaker, email, start, end, text }) => ({ speaker, email, start, end, text })),
    speakers: segments
      ? [...new Map(segments.map((s) => [s.speaker, { name: s.speaker, email: s.email }])).values()]
      : [],
    summary: row?.summary ? sections.map((s) => `${s.title}\n${s.text}`).join('\n\n') : null,
    summary_sections: sections,
    action_items: row?.summary?.action_items ?? [],
    people,
    companies: domains.map((domain) => ({ name: domain.split('.')[0], domain })),
  };
}

/**
 * The bot as GET /bots/{id} returns it; its recording fields read the meeting's current settings.
 * Older versions read facts attached here: its settings groups, metadata written as a JSON object,
 * and, when `results` is given (undefined: not loaded), the result fields read from the meeting's results.
 */
export function serializeBot(
  b: Bot,
  meeting: Meeting,
  settings: ResolvedSettings,
  results?: MeetingResult | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: b.id,
    object: 'bot',
    meeting_id: b.meetingId,
    meeting_url: b.meetingUrl,
    join_at: b.joinAt?.toISOString() ?? null,
    status: b.status,
    bot_name: b.botName,
    bot_avatar: b.botAvatar,
    welcome_message: b.welcomeMessage,
    ...botFlatFields(settings),
    participants: meeting.participants.map((p) => ({ email: p.email, name: p.name })),
    metadata: flatMetadata(b.metadata),
    created_at: b.createdAt.toISOString(),
    ended_at: b.endedAt?.toISOString() ?? null,
  };
  if (b.status === 'failed') {
    out.reason = b.reason;
    out.failure_message = b.failureMessage;
  }
  const facts: LegacyFacts = {
    bot_settings: {
      recording: settings.recording,
      transcription: settings.transcription,
      summary: settings.summary,
      branding: settings.branding,
    },
  };
  if (!isFlatMetadata(b.metadata)) facts.raw_metadata = b.metadata;
  if (results !== undefined) facts.bot_results = olderBotResults(meeting, results);
  return withLegacy(out, facts);
}
