import { upsertCalendarEvent } from '../../services/calendar-events';
import { Meeting, Member } from '../../db/entities';
import { memberByEmail } from '../../services/members';
import { hitCounter } from '../../db/rate-limits';
import { mergeMetadata } from '../../domain/metadata';
import { ValidationFailed } from '../../domain/errors';
import { normaliseMeetingUrl } from '../../domain/meetings/url';
import { workspaceFor } from '../../services/access';
import { ApiError, rateLimited, unauthorized } from '../../domain/errors';
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
    member_id: z.string().nullable().optional().openapi({ description: 'The member whose calendar holds the event (a member-role key pushes for its own member).' }),
    member_data: z
      .strictObject({ name: z.string().max(100).trim().min(1), email: z.email(), metadata: metadataInput.optional() })
      .optional()
      .openapi({ description: 'Instead of member_id: the member with this email, created when the workspace has none (counts toward the hourly member limit).' }),
    ical_uid: z.string().max(1024).trim().min(1),
    recurring: z.boolean().optional().openapi({ description: 'Whether the event belongs to a recurring series (default false).' }),
    original_starts_at: when.optional().openapi({ description: 'For an occurrence of a recurring event: its original start (iCalendar RECURRENCE-ID).' }),
    title: z.string().max(1024).nullable().optional(),
    starts_at: when,
    ends_at: when.nullable().optional(),
    meeting_url: z.string().max(2048).trim().nullable().optional(),
    organizer: z.strictObject({ name: z.string().max(200).nullable().optional(), email: z.email().nullable().optional() }).nullable().optional(),
    attendees: z
      .array(z.strictObject({ email: z.email(), name: z.string().max(200).nullable().optional(), response: z.enum(RESPONSES).nullable().optional() }))
      .max(500)
      .optional(),
    cancelled: z.boolean().optional(),
    metadata: metadataInput.optional(),
  }),
  response: { status: 201, schema: calendarEventSchema, description: 'The calendar event, new.', also: { 200: 'The calendar event existed: the push updated it, or changed nothing.' } },
  handler: async (ctx, { body }) => {
    const { workspace, access } = await workspaceFor(ctx, body.workspace_id);
    if (access.role === 'guest') throw unauthorized();
    const startsAt = new Date(body.starts_at);
    const endsAt = body.ends_at ? new Date(body.ends_at) : null;
    const issues = [];
    if (endsAt && endsAt < startsAt) issues.push({ code: 'invalid', field: 'ends_at', message: 'ends_at must not be before starts_at.' });
    let memberId = body.member_id ?? null;
    if (body.member_data && body.member_id) issues.push({ code: 'invalid', field: 'member_data', message: 'Send member_id or member_data, not both.' });
    if (body.member_data && access.role === 'member') throw unauthorized();
    if (access.role === 'member') memberId = access.memberId;
    if (memberId && !(await ctx.em.findOne(Member, { id: memberId, workspaceId: workspace.id, deletedAt: null }))) {
      issues.push({ code: 'invalid', field: 'member_id', message: 'member_id names no member of this workspace.' });
    }
    if (issues.length) throw new ValidationFailed(issues);
    const meetingUrl = body.meeting_url ? normaliseMeetingUrl(body.meeting_url) : null;
    const recurring = body.recurring ?? false;
    const occurrenceKey = recurring ? new Date(body.original_starts_at ?? body.starts_at).toISOString() : '';
    if (access.role === 'member') {
      // A member-role key pushes its own member's events: not one another member already holds alone.
      const existing = await ctx.em.findOne(Meeting, { workspaceId: workspace.id, icalUid: body.ical_uid, occurrenceKey });
      if (existing && existing.memberId !== memberId && !existing.calendarEvent?.member_ids.includes(memberId!)) {
        throw new ApiError(401, 'unauthorized', 'This event belongs to another member’s calendar; a member key pushes only its own member’s events.');
      }
    }
    const limit = ctx.deps.config.rateLimits.calendarEventsPerMinute;
    // Counted on its own (not holding the counter row through the push's transaction).
    const hit = await hitCounter(ctx.em, `calendar_events:${workspace.id}`, 60);
    if (hit.count > limit) throw rateLimited(hit.resetInSeconds, 'rate_limited', `At most ${limit} calendar events can be pushed per minute in a workspace.`);
    const result = await ctx.em.transactional(async (em) => {
      if (body.member_data) {
        // Members created by a pushed event count toward the hourly member limit (spec: Limits).
        const { membersPerHour } = ctx.deps.config.rateLimits;
        const data = { ...body.member_data, metadata: body.member_data.metadata === undefined ? {} : mergeMetadata({}, body.member_data.metadata) };
        const member = await memberByEmail(em, workspace.id, data, membersPerHour);
        if ('limited' in member) throw rateLimited(member.limited, 'rate_limited', `At most ${membersPerHour} members can be created per hour in a workspace, including members created by pushed events.`);
        memberId = member.id;
      }
      return upsertCalendarEvent(
        em,
        workspace.id,
        {
          source: 'calendar_sync',
          icalUid: body.ical_uid,
          occurrenceKey,
          recurring,
          title: body.title ?? null,
          startsAt,
          endsAt,
          meetingUrl,
          organizer: body.organizer ? { name: body.organizer.name ?? null, email: body.organizer.email ?? null } : null,
          attendees: (body.attendees ?? []).map((a) => ({ email: a.email, name: a.name ?? null, response: a.response ?? null })),
          cancelled: body.cancelled ?? false,
          metadata: body.metadata,
          memberId,
        },
      );
    });
    return { status: result.created ? 201 : 200, body: serializeCalendarEvent(result.meeting)! };
  },
});

export const calendarEventRoutes = [pushCalendarEvent];
