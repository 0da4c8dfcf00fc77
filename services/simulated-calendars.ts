import { SimulatedCalendar } from '../activities/providers/calendar/simulated';
import { CalendarConnection } from '../db/entities';
import { maySimulateCalendar } from '../db/simulated-calendars';
import { ApiError } from '../domain/errors';
import { calendarChanged } from './calendars';
import type { RequestCtx } from './context';

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
  if (!config.simulatorsEnabled || !simulatedInUse)
    throw new ApiError(404, 'not_found', 'Simulated calendars are not enabled on this service.');
  if (!(await maySimulateCalendar(ctx.em, email, ctx.account.id)))
    throw new ApiError(404, 'not_found', 'No simulated calendar of yours has this address.');
  return new SimulatedCalendar(ctx.deps.orm);
}

/** The live connections of that calendar sync now. */
async function notifyConnections(ctx: RequestCtx, email: string): Promise<void> {
  const connections = await ctx.em.find(CalendarConnection, {
    accountEmail: email.toLowerCase(),
    status: { $in: ['syncing', 'active'] },
  });
  for (const c of connections) calendarChanged(ctx.em, c.id);
  await ctx.em.flush();
}

type Person = { name?: string | null; email?: string | null };

/** PUT /simulated_calendars/{email}/events/{event_id} as parsed (api/routes/simulated-calendars.ts documents each field). */
export type SimulatedEventInput = {
  title?: string | null;
  starts_at: string;
  ends_at?: string | null;
  meeting_url?: string | null;
  ical_uid?: string;
  recurring?: boolean;
  original_starts_at?: string | null;
  organizer?: Person | null;
  attendees?: (Person & { email: string; response?: string | null })[];
};

/** Adds or changes an event in the simulated calendar of `email`. */
export async function putSimulatedEvent(
  ctx: RequestCtx,
  email: string,
  eventId: string,
  body: SimulatedEventInput,
): Promise<void> {
  const calendar = await enabled(ctx, email);
  await calendar.put(email, {
    id: eventId,
    ...(body.ical_uid ? { icalUid: body.ical_uid } : {}),
    recurring: body.recurring ?? false,
    originalStartsAt: body.original_starts_at ?? null,
    title: body.title ?? null,
    startsAt: new Date(body.starts_at).toISOString(),
    endsAt: body.ends_at ? new Date(body.ends_at).toISOString() : null,
    meetingUrl: body.meeting_url ?? null,
    organizer: body.organizer ? { name: body.organizer.name ?? null, email: body.organizer.email ?? null } : null,
    attendees: (body.attendees ?? []).map((a) => ({
      name: a.name ?? null,
      email: a.email,
      response: a.response ?? null,
    })),
  });
  await notifyConnections(ctx, email);
}

/** Cancels an event in the simulated calendar of `email`. */
export async function cancelSimulatedEvent(ctx: RequestCtx, email: string, eventId: string): Promise<void> {
  await (await enabled(ctx, email)).cancel(email, eventId);
  await notifyConnections(ctx, email);
}

/** Revokes the grant of the simulated calendar account: its connections move to `error` at their next sync (started at once). */
export async function revokeSimulatedAccount(ctx: RequestCtx, email: string): Promise<void> {
  await (await enabled(ctx, email)).revoke(email);
  await notifyConnections(ctx, email);
}
