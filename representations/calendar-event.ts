import type { Meeting } from '../db/entities';
import { z } from './zod';

const person = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  member_id: z.string().nullable(),
});

export const calendarEventSchema = z
  .object({
    id: z.string().openapi({ example: 'cev_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('calendar_event'),
    meeting_id: z.string(),
    ical_uid: z.string(),
    recurring: z.boolean().nullable(),
    title: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    meeting_url: z.string().nullable(),
    organizer: person.nullable(),
    attendees: z.array(
      person.extend({
        response: z
          .string()
          .nullable()
          .openapi({ description: '`accepted`, `needs_action`, `declined`, `tentative`, or null when unknown.' }),
      }),
    ),
    source: z.enum(['calendar_connection', 'calendar_sync']),
    metadata: z.record(z.string(), z.string()),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('CalendarEvent');

/** The calendar event of a calendar meeting, as POST /calendar_events returns it and meeting.calendar_event shows it. */
export function serializeCalendarEvent(m: Meeting): Record<string, unknown> | null {
  const ev = m.calendarEvent;
  if (!ev) return null;
  return {
    id: ev.id,
    object: 'calendar_event',
    meeting_id: m.id,
    ical_uid: m.icalUid,
    recurring: ev.recurring,
    title: m.title,
    starts_at: m.startsAt?.toISOString() ?? null,
    ends_at: m.endsAt?.toISOString() ?? null,
    meeting_url: m.meetingUrl,
    organizer: m.organizer,
    attendees: ev.attendees,
    source: m.source,
    metadata: ev.metadata,
    cancelled_at: m.cancelledAt?.toISOString() ?? null,
    created_at: ev.created_at,
    updated_at: ev.updated_at,
  };
}
