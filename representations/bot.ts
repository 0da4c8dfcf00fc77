import type { Bot, Meeting } from '../db/entities';
import { botFlatFields, type ResolvedSettings } from '../domain/settings';
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

/** The bot as GET /bots/{id} returns it; its recording fields read the meeting's current settings. */
export function serializeBot(b: Bot, meeting: Meeting, settings: ResolvedSettings): Record<string, unknown> {
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
    metadata: b.metadata,
    created_at: b.createdAt.toISOString(),
    ended_at: b.endedAt?.toISOString() ?? null,
  };
  if (b.status === 'failed') {
    out.reason = b.reason;
    out.failure_message = b.failureMessage;
  }
  return out;
}
