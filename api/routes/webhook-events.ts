import * as events from '../../services/webhook-events';
import { idParams, workspaceIdInput } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { eventSchema, serializeWebhookEvent } from '../../representations/webhook-event';
import { z } from '../../representations/zod';

const render = (v: events.WebhookEventView) => serializeWebhookEvent(v.event, v.deliveries, v.attempts);

export const listEvents = defineRoute({
  method: 'get',
  path: '/webhook_events',
  tag: 'Webhooks',
  summary: 'List events, newest first',
  query: listQuery.extend({
    workspace_id: workspaceIdInput,
    delivery_status: z.enum(['pending', 'succeeded', 'failed']).optional(),
    type: z.string().optional(),
    endpoint_id: z.string().optional(),
  }),
  response: { schema: listSchema(eventSchema, 'WebhookEventList'), description: 'A page of events.' },
  handler: async (ctx, { query }) => ({ page: mapPage(await events.listEvents(ctx, query), render) }),
});

export const getEvent = defineRoute({
  method: 'get',
  path: '/webhook_events/{id}',
  tag: 'Webhooks',
  summary: 'An event with every delivery attempt and what the receiver answered',
  params: idParams,
  response: { schema: eventSchema, description: 'The event.' },
  handler: async (ctx, { params }) => ({ body: render(await events.getEvent(ctx, params.id)) }),
});

export const redeliverEvent = defineRoute({
  method: 'post',
  path: '/webhook_events/{id}/redeliver',
  tag: 'Webhooks',
  summary: 'Deliver an event again to its endpoints (or one of them)',
  description:
    'Starts a fresh attempt series with the stored body and a fresh signature timestamp. 202 with the event.',
  params: idParams,
  body: z.strictObject({ endpoint_id: z.string().optional() }).optional(),
  response: { status: 202, schema: eventSchema, description: 'Redelivery started.' },
  errors: {
    409: 'conflict: the event has no endpoint to deliver to, or was not delivered to the endpoint named; conflict: a request with this Idempotency-Key is still being processed',
    410: 'gone: every endpoint named was removed',
  },
  handler: async (ctx, { params, body }) => ({
    status: 202,
    body: render(await events.redeliverEvent(ctx, params.id, body?.endpoint_id)),
  }),
});

export const webhookEventRoutes = [listEvents, getEvent, redeliverEvent];
