import type { Bot, Meeting } from '../db/entities';
import { meetingPhase, recordingStatus } from '../domain/meetings/state';
import { isTeamsLive } from '../domain/meetings/url';
import { withLegacy } from '../domain/versions';
import { z } from './zod';
import type { SettingsBlock } from '../domain/settings';
import { settingsBlockSchema } from './settings-block';
import { calendarEventSchema, serializeCalendarEvent } from './calendar-event';

const person = z
  .object({ name: z.string().nullable(), email: z.string().nullable(), member_id: z.string().nullable() })
  .openapi('Person');
const partStatus = z.enum(['none', 'processing', 'ready', 'failed']);

export const meetingSchema = z
  .object({
    id: z.string().openapi({ example: 'mtg_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('meeting'),
    workspace_id: z.string(),
    member_id: z.string().nullable(),
    source: z.enum(['calendar_connection', 'calendar_sync', 'bot']),
    phase: z.enum(['upcoming', 'live', 'past', 'cancelled']),
    title: z.string().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    meeting_url: z.string().nullable(),
    platform: z.enum(['meet', 'zoom', 'teams']).nullable(),
    organizer: person.nullable(),
    participants: z.array(person),
    calendar_event: calendarEventSchema.nullable(),
    settings: settingsBlockSchema.optional(),
    recordings: z.array(
      z.object({
        id: z.string(),
        type: z.literal('bot'),
        status: z.enum(['queued', 'joining', 'in_call', 'completed', 'failed', 'cancelled']),
        started_at: z.string().nullable(),
        ended_at: z.string().nullable(),
      }),
    ),
    results: z.object({
      status: partStatus,
      transcript: z.object({ status: partStatus, language: z.string().nullable() }),
      summary: z.object({ status: partStatus }),
      media: z.object({ status: partStatus, duration_seconds: z.number().nullable() }),
    }),
    metadata: z.record(z.string(), z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Meeting');

/** The meeting as GET /meetings/{id} returns it; `bots` are its bots, oldest first. */
export function serializeMeeting(
  m: Meeting,
  bots: Bot[],
  opts: { settings: SettingsBlock | null; now?: Date },
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: m.id,
    object: 'meeting',
    workspace_id: m.workspaceId,
    member_id: m.memberId,
    source: m.source,
    phase: meetingPhase(m, bots, opts.now ?? new Date()),
    title: m.title,
    starts_at: m.startsAt?.toISOString() ?? null,
    ends_at: m.endsAt?.toISOString() ?? null,
    meeting_url: m.meetingUrl,
    platform: m.platform,
    organizer: m.organizer,
    participants: m.participants,
    calendar_event: serializeCalendarEvent(m),
  };
  if (opts.settings) out.settings = opts.settings;
  out.recordings = bots.map((b) => ({
    id: b.id,
    type: 'bot',
    status: recordingStatus(b),
    // When it joined, or, before that, when it is scheduled to.
    started_at: (b.joinedAt ?? b.joinAt ?? (b.status === 'queued' ? null : b.createdAt))?.toISOString() ?? null,
    ended_at: b.leftAt?.toISOString() ?? null,
  }));
  out.results = m.results;
  out.metadata = m.metadata;
  out.created_at = m.createdAt.toISOString();
  out.updated_at = m.updatedAt.toISOString();
  return m.platform === 'teams' && isTeamsLive(m.meetingUrl) ? withLegacy(out, { teams_live: true }) : out;
}
