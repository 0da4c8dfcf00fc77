import * as calendarEvents from '../../services/calendar-events';
import { metadataInput, dateTimeInput, workspaceIdInput } from '../inputs';
import { defineRoute } from '../routing';
import { calendarEventSchema, serializeCalendarEvent } from '../../representations/calendar-event';
import { z } from '../../representations/zod';

const RESPONSES = ['accepted', 'needs_action', 'declined', 'tentative'] as const;
const when = dateTimeInput;

export const pushCalendarEvent = defineRoute({
  method: 'post',
  path: '/calendar_events',
  tag: 'Calendars',
  summary: 'Push a calendar event (one occurrence); answers the calendar event',
  description:
    'One meeting per occurrence per workspace, identified by `ical_uid` and, for an occurrence of a recurring event, `original_starts_at` (its start before any reschedule; defaults to `starts_at`). Pushing again updates it (a reschedule or link change keeps the meeting); `cancelled: true` cancels the meeting. `metadata` is merged on every push. The same push twice changes nothing and emits nothing. When the meeting’s settings record it, a bot is scheduled to join 3 minutes before the start. 201 when the event is new, 200 otherwise. Limited to 1,000 pushes per minute per workspace.',
  body: z.strictObject({
    workspace_id: workspaceIdInput,
    member_id: z.string().nullable().optional().openapi({
      description: 'The member whose calendar holds the event (a member-role key pushes for its own member).',
    }),
    member_data: z
      .strictObject({ name: z.string().max(100).trim().min(1), email: z.email(), metadata: metadataInput.optional() })
      .optional()
      .openapi({
        description:
          'Instead of member_id: the member with this email, created when the workspace has none (counts toward the hourly member limit).',
      }),
    ical_uid: z.string().max(1024).trim().min(1),
    recurring: z
      .boolean()
      .optional()
      .openapi({ description: 'Whether the event belongs to a recurring series (default false).' }),
    original_starts_at: when.optional().openapi({
      description: 'For an occurrence of a recurring event: its original start (iCalendar RECURRENCE-ID).',
    }),
    title: z.string().max(1024).nullable().optional(),
    starts_at: when,
    ends_at: when.nullable().optional(),
    meeting_url: z.string().max(2048).trim().nullable().optional(),
    organizer: z
      .strictObject({ name: z.string().max(200).nullable().optional(), email: z.email().nullable().optional() })
      .nullable()
      .optional(),
    attendees: z
      .array(
        z.strictObject({
          email: z.email(),
          name: z.string().max(200).nullable().optional(),
          response: z.enum(RESPONSES).nullable().optional(),
        }),
      )
      .max(500)
      .optional(),
    cancelled: z.boolean().optional(),
    metadata: metadataInput.optional(),
  }),
  response: {
    status: 201,
    schema: calendarEventSchema,
    description: 'The calendar event, new.',
    also: { 200: 'The calendar event existed: the push updated it, or changed nothing.' },
  },
  errors: {
    409: 'shared_meeting: a member-role key pushed an occurrence held by another member’s calendar; no_calendar_event: a cancellation of an occurrence never pushed; conflict: a request with this Idempotency-Key is still being processed',
  },
  handler: async (ctx, { body }) => {
    const { meeting, created } = await calendarEvents.pushCalendarEvent(ctx, body);
    return { status: created ? 201 : 200, kind: 'calendar_event', body: serializeCalendarEvent(meeting)! };
  },
});

export const calendarEventRoutes = [pushCalendarEvent];
