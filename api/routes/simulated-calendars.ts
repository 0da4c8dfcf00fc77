import { SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { calendarChanged } from '../../services/calendars';
import { CalendarConnection } from '../../db/entities';
import { maySimulateCalendar } from '../../db/simulated-calendars';
import { ApiError } from '../../domain/errors';
import type { RequestCtx } from '../../services/context';
import { defineRoute } from '../routing';
import { dateTimeInput } from '../inputs';
import { z } from '../../representations/zod';

/**
 * Scripting the simulated calendar provider over HTTP, for development: a key adds, moves or cancels
 * events in a simulated calendar it owns (the first key to script an address owns it; a key with
 * access to a workspace connected to that calendar may script it too), or revokes its grant.
 * Connections of that calendar are notified at once, as a real provider's push would. Answers only
 * where simulated calendars are in use and simulators are enabled (never in a production start
 * unless ENABLE_SIMULATORS=true); anyone else's calendar answers 404.
 */
async function enabled(ctx: RequestCtx, email: string): Promise<SimulatedCalendar> {
  const { config } = ctx.deps;
  const simulatedInUse = config.calendars.google === null || config.calendars.microsoft === null;
  if (!config.simulatorsEnabled || !simulatedInUse) throw new ApiError(404, 'not_found', 'Simulated calendars are not enabled on this service.');
  if (!(await maySimulateCalendar(ctx.em, email, ctx.account.id))) throw new ApiError(404, 'not_found', 'No simulated calendar of yours has this address.');
  return new SimulatedCalendar(ctx.deps.orm);
}

async function notifyConnections(ctx: RequestCtx, email: string): Promise<void> {
  const connections = await ctx.em.find(CalendarConnection, { accountEmail: email.toLowerCase(), status: { $in: ['syncing', 'active'] } });
  for (const c of connections) calendarChanged(ctx.em, c.id);
  await ctx.em.flush();
}

const params = z.object({ email: z.email(), event_id: z.string().min(1).max(200) });
const person = z.strictObject({ name: z.string().max(200).nullable().optional(), email: z.email().nullable().optional() });
const ack = z.object({ account_email: z.string(), event_id: z.string().optional(), status: z.string() });

export const putSimulatedEvent = defineRoute({
  method: 'put',
  path: '/simulated_calendars/{email}/events/{event_id}',
  tag: 'Simulator',
  summary: 'Development: add or change an event in a simulated calendar',
  description: 'Not available in production. Connected calendars of that account sync at once.',
  params,
  body: z.strictObject({
    title: z.string().max(1024).nullable().optional(),
    starts_at: dateTimeInput,
    ends_at: dateTimeInput.nullable().optional(),
    meeting_url: z.string().max(2048).nullable().optional(),
    ical_uid: z.string().max(1024).optional(),
    recurring: z.boolean().optional(),
    original_starts_at: dateTimeInput.nullable().optional(),
    organizer: person.nullable().optional(),
    attendees: z.array(person.extend({ email: z.email(), response: z.enum(['accepted', 'needs_action', 'declined', 'tentative']).nullable().optional() })).max(500).optional(),
  }),
  response: { schema: ack, description: 'The event is in the simulated calendar.' },
  handler: async (ctx, { params: p, body }) => {
    const calendar = await enabled(ctx, p.email);
    await calendar.put(p.email, {
      id: p.event_id,
      ...(body.ical_uid ? { icalUid: body.ical_uid } : {}),
      recurring: body.recurring ?? false,
      originalStartsAt: body.original_starts_at ?? null,
      title: body.title ?? null,
      startsAt: new Date(body.starts_at).toISOString(),
      endsAt: body.ends_at ? new Date(body.ends_at).toISOString() : null,
      meetingUrl: body.meeting_url ?? null,
      organizer: body.organizer ? { name: body.organizer.name ?? null, email: body.organizer.email ?? null } : null,
      attendees: (body.attendees ?? []).map((a) => ({ name: a.name ?? null, email: a.email, response: a.response ?? null })),
    });
    await notifyConnections(ctx, p.email);
    return { body: { account_email: p.email.toLowerCase(), event_id: p.event_id, status: 'confirmed' } };
  },
});

export const cancelSimulatedEvent = defineRoute({
  method: 'delete',
  path: '/simulated_calendars/{email}/events/{event_id}',
  tag: 'Simulator',
  summary: 'Development: cancel an event in a simulated calendar',
  params,
  response: { schema: ack, description: 'The event is cancelled in the simulated calendar.' },
  handler: async (ctx, { params: p }) => {
    await (await enabled(ctx, p.email)).cancel(p.email, p.event_id);
    await notifyConnections(ctx, p.email);
    return { body: { account_email: p.email.toLowerCase(), event_id: p.event_id, status: 'cancelled' } };
  },
});

export const revokeSimulatedAccount = defineRoute({
  method: 'post',
  path: '/simulated_calendars/{email}/revoke',
  tag: 'Simulator',
  summary: 'Development: revoke the grant of a simulated calendar account',
  description: 'Its connections move to `error` at their next sync (started at once).',
  params: z.object({ email: z.email() }),
  response: { schema: ack, description: 'The grant is revoked.' },
  handler: async (ctx, { params: p }) => {
    await (await enabled(ctx, p.email)).revoke(p.email);
    await notifyConnections(ctx, p.email);
    return { body: { account_email: p.email.toLowerCase(), status: 'revoked' } };
  },
});

export const simulatedCalendarRoutes = [putSimulatedEvent, cancelSimulatedEvent, revokeSimulatedAccount];
