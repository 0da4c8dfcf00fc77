import * as simulated from '../../services/simulated-calendars';
import { defineRoute } from '../routing';
import { dateTimeInput } from '../inputs';
import { z } from '../../representations/zod';

/** Development only: scripting the simulated calendar provider (services/simulated-calendars.ts says who may). */
const params = z.object({ email: z.email(), event_id: z.string().min(1).max(200) });
const person = z.strictObject({
  name: z.string().max(200).nullable().optional(),
  email: z.email().nullable().optional(),
});
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
    attendees: z
      .array(
        person.extend({
          email: z.email(),
          response: z.enum(['accepted', 'needs_action', 'declined', 'tentative']).nullable().optional(),
        }),
      )
      .max(500)
      .optional(),
  }),
  response: { schema: ack, description: 'The event is in the simulated calendar.' },
  handler: async (ctx, { params: p, body }) => {
    await simulated.putSimulatedEvent(ctx, p.email, p.event_id, body);
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
    await simulated.cancelSimulatedEvent(ctx, p.email, p.event_id);
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
    await simulated.revokeSimulatedAccount(ctx, p.email);
    return { body: { account_email: p.email.toLowerCase(), status: 'revoked' } };
  },
});

export const simulatedCalendarRoutes = [putSimulatedEvent, cancelSimulatedEvent, revokeSimulatedAccount];
