import { EVENT_TYPES } from '../../domain/events';
import { randomBytes, randomUUID } from 'node:crypto';
import { postOnce, urlProblem } from '../../activities/webhooks';
import { commands } from '../../services/commands';
import { deliveryWorkflowId } from '../../workflows/signals';
import { WebhookEndpoint, WebhookEvent } from '../../db/entities';
import { newId } from '../../domain/ids';
import { mergeMetadata } from '../../domain/metadata';
import { resolveVersion, VERSIONS } from '../../domain/versions';
import { ValidationFailed, type FieldIssue } from '../../domain/errors';
import { accessToObject, MANAGERS, workspaceFor } from '../../services/access';
import type { RequestCtx } from '../../services/context';
import { ApiError, notFound } from '../../domain/errors';
import { metadataInput, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { Where } from '../../db/where';
import { z } from '../../representations/zod';


const ROTATION_OVERLAP_MS = 24 * 3600_000;

const endpointSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_endpoint'),
    workspace_id: z.string(),
    url: z.string(),
    enabled_events: z.array(z.string()),
    enabled: z.boolean(),
    api_version: z.string(),
    metadata: z.record(z.string(), z.string()),
    secret: z.string().optional().openapi({ description: 'Only in the creation and rotation responses.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('WebhookEndpoint');

function serializeEndpoint(e: WebhookEndpoint, withSecret = false): Record<string, unknown> {
  return {
    id: e.id,
    object: 'webhook_endpoint',
    workspace_id: e.workspaceId,
    url: e.url,
    enabled_events: e.enabledEvents,
    enabled: e.enabled,
    api_version: e.apiVersion,
    metadata: e.metadata,
    ...(withSecret ? { secret: e.secret } : {}),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

function checkEndpointInput(ctx: RequestCtx, body: { url?: string; enabled_events?: string[]; api_version?: string }): string | null {
  const issues: FieldIssue[] = [];
  const version = body.api_version === undefined ? null : resolveVersion(body.api_version);
  if (body.api_version !== undefined && !version) issues.push({ code: 'invalid', field: 'api_version', message: `api_version must be a version date: ${VERSIONS.join(', ')}.` });
  if (body.url !== undefined) {
    const problem = urlProblem(body.url, ctx.deps.config.allowLoopbackWebhooks);
    if (problem) issues.push({ code: 'invalid', field: 'url', message: problem });
  }
  body.enabled_events?.forEach((t, i) => {
    if (t !== '*' && !(EVENT_TYPES as readonly string[]).includes(t)) issues.push({ code: 'inclusion', field: `enabled_events.${i}`, message: `Unknown event type ${t}; known: ${EVENT_TYPES.join(', ')}, or * for all.` });
  });
  if (issues.length) throw new ValidationFailed(issues);
  return version;
}

async function loadEndpoint(ctx: RequestCtx, id: string, manage = true): Promise<WebhookEndpoint> {
  const endpoint = await ctx.em.findOne(WebhookEndpoint, { id, deletedAt: null });
  if (!endpoint) throw notFound('Webhook endpoint');
  await accessToObject(ctx, endpoint.workspaceId, 'Webhook endpoint', manage ? { roles: MANAGERS } : {});
  return endpoint;
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export const createEndpoint = defineRoute({
  method: 'post',
  path: '/webhook_endpoints',
  tag: 'Webhooks',
  summary: 'Register a webhook endpoint (owner or admin)',
  description: 'The response is the only one that shows `secret`. The endpoint is pinned to the version of this request, or `api_version`.',
  body: z.strictObject({
    workspace_id: workspaceIdInput,
    url: z.string().max(2048).trim().min(1).openapi({ description: 'A public HTTPS URL (development setups may allow loopback http).', format: 'uri', example: 'https://hooks.example.com/notetaker' }),
    enabled_events: z.array(z.string().openapi({ enum: ['*', ...EVENT_TYPES] })).min(1).openapi({ example: ['*'] }),
    secret: z.string().min(16).max(200).optional(),
    api_version: z.string().optional().openapi({ description: 'A version date (YYYY-MM-DD); the newest version on or before it.', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    metadata: metadataInput.optional(),
  }),
  response: { status: 201, schema: endpointSchema, description: 'The endpoint, with its secret.' },
  handler: async (ctx, { body }) => {
    const { workspace } = await workspaceFor(ctx, body.workspace_id, { roles: MANAGERS });
    const version = checkEndpointInput(ctx, body) ?? ctx.version;
    const endpoint = Object.assign(new WebhookEndpoint(), {
      id: newId('webhookEndpoint'),
      workspaceId: workspace.id,
      url: body.url,
      enabledEvents: [...new Set(body.enabled_events)],
      secret: body.secret ? (body.secret.startsWith('whsec_') ? body.secret : `whsec_${body.secret}`) : newSecret(),
      apiVersion: version,
      metadata: body.metadata === undefined ? {} : mergeMetadata({}, body.metadata),
    });
    ctx.em.persist(endpoint);
    await ctx.em.flush();
    return { status: 201, body: serializeEndpoint(endpoint, true) };
  },
});

export const listEndpoints = defineRoute({
  method: 'get',
  path: '/webhook_endpoints',
  tag: 'Webhooks',
  summary: "List a workspace's webhook endpoints",
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(endpointSchema, 'WebhookEndpointList'), description: 'A page of endpoints (without secrets).' },
  handler: async (ctx, { query }) => {
    const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const rows = await ctx.em.find(WebhookEndpoint, { workspaceId: workspace.id, deletedAt: null, ...(after ? { id: { $gt: after.id } } : {}) }, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
    const page = pageOf(rows, query.limit, (e) => ({ id: e.id }));
    return { page: { ...page, data: page.data.map((e) => serializeEndpoint(e)) } };
  },
});

export const getEndpoint = defineRoute({
  method: 'get',
  path: '/webhook_endpoints/{id}',
  tag: 'Webhooks',
  summary: 'Get a webhook endpoint',
  params: idParams,
  response: { schema: endpointSchema, description: 'The endpoint (without its secret).' },
  handler: async (ctx, { params }) => ({ body: serializeEndpoint(await loadEndpoint(ctx, params.id)) }),
});

export const updateEndpoint = defineRoute({
  method: 'patch',
  path: '/webhook_endpoints/{id}',
  tag: 'Webhooks',
  summary: 'Change the URL, subscribed events, enabled state or metadata of an endpoint',
  description: 'Disabling an endpoint stops its pending deliveries at their next attempt.',
  params: idParams,
  body: z.strictObject({ url: z.string().max(2048).trim().min(1).optional(), enabled_events: z.array(z.string()).min(1).optional(), enabled: z.boolean().optional(), metadata: metadataInput.optional() }),
  response: { schema: endpointSchema, description: 'The endpoint.' },
  handler: async (ctx, { params, body }) => {
    const endpoint = await loadEndpoint(ctx, params.id);
    checkEndpointInput(ctx, body);
    if (body.url !== undefined) endpoint.url = body.url;
    if (body.enabled_events !== undefined) endpoint.enabledEvents = [...new Set(body.enabled_events)];
    if (body.enabled !== undefined) endpoint.enabled = body.enabled;
    if (body.metadata !== undefined) endpoint.metadata = mergeMetadata(endpoint.metadata, body.metadata);
    await ctx.em.flush();
    return { body: serializeEndpoint(endpoint) };
  },
});

export const deleteEndpoint = defineRoute({
  method: 'delete',
  path: '/webhook_endpoints/{id}',
  tag: 'Webhooks',
  summary: 'Delete a webhook endpoint; its pending deliveries stop',
  params: idParams,
  response: { schema: z.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) }), description: 'Deleted.' },
  handler: async (ctx, { params }) => {
    const endpoint = await loadEndpoint(ctx, params.id);
    endpoint.deletedAt = new Date();
    await ctx.em.flush();
    return { body: { id: endpoint.id, object: 'webhook_endpoint', deleted: true } };
  },
});

export const rotateSecret = defineRoute({
  method: 'post',
  path: '/webhook_endpoints/{id}/rotate_secret',
  tag: 'Webhooks',
  summary: "Rotate an endpoint's signing secret",
  description: 'Answers the new secret once. For 24 hours deliveries carry a v1= digest of both the new and the old secret.',
  params: idParams,
  response: { schema: endpointSchema, description: 'The endpoint with its new secret.' },
  handler: async (ctx, { params }) => {
    const endpoint = await loadEndpoint(ctx, params.id);
    endpoint.previousSecret = endpoint.secret;
    endpoint.previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
    endpoint.secret = newSecret();
    await ctx.em.flush();
    return { body: serializeEndpoint(endpoint, true) };
  },
});

export const testEndpoint = defineRoute({
  method: 'post',
  path: '/webhook_endpoints/{id}/test',
  tag: 'Webhooks',
  summary: 'Send a sample event to an endpoint now',
  description: 'The sample is a `meeting.updated` whose ids exist nowhere. Answers what the receiver returned, or the connection error.',
  params: idParams,
  response: {
    schema: z.object({ event_id: z.string(), status_code: z.number().nullable(), error: z.string().nullable(), duration_ms: z.number(), response_body: z.string().nullable() }),
    description: 'The receiver’s answer.',
  },
  handler: async (ctx, { params }) => {
    const endpoint = await loadEndpoint(ctx, params.id);
    const now = new Date().toISOString();
    const fake = (prefix: string) => `${prefix}_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const eventId = fake('evt');
    const body = JSON.stringify({
      id: eventId,
      type: 'meeting.updated',
      created_at: now,
      data: { object: { id: fake('mtg'), object: 'meeting', workspace_id: endpoint.workspaceId, source: 'bot', phase: 'upcoming', title: 'Sample meeting', metadata: {}, created_at: now, updated_at: now } },
    });
    const r = await postOnce(ctx.deps.config, endpoint, 'meeting.updated', body);
    return { body: { event_id: eventId, status_code: r.statusCode, error: r.error, duration_ms: r.durationMs, response_body: r.responseBody } };
  },
});

// ---- Event log ----

type DeliveryRow = { event_id: string; endpoint_id: string; status: string; attempts: number; series: number; last_attempt_at: Date | null };

const eventSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_event'),
    type: z.string(),
    created_at: z.string(),
    delivery_status: z.enum(['none', 'pending', 'succeeded', 'failed']),
    deliveries: z.array(
      z.object({
        endpoint_id: z.string(),
        status: z.enum(['pending', 'succeeded', 'failed']),
        attempt_count: z.number(),
        last_attempt_at: z.string().nullable(),
        attempts: z
          .array(z.object({ number: z.number(), series: z.number(), started_at: z.string(), duration_ms: z.number(), status_code: z.number().nullable(), response_body: z.string().nullable(), error: z.string().nullable() }))
          .optional(),
      }),
    ),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  })
  .openapi('WebhookEvent');

/** An event's overall delivery status: failed if any endpoint gave up, pending while any tries, else succeeded. */
function overall(deliveries: DeliveryRow[]): 'none' | 'pending' | 'succeeded' | 'failed' {
  if (deliveries.length === 0) return 'none';
  if (deliveries.some((d) => d.status === 'failed')) return 'failed';
  if (deliveries.some((d) => d.status === 'pending')) return 'pending';
  return 'succeeded';
}

async function serializeEvents(ctx: RequestCtx, events: WebhookEvent[], withAttempts: boolean) {
  const ids = events.map((e) => e.id);
  const deliveries = ids.length ? await ctx.em.execute<DeliveryRow[]>('select event_id, endpoint_id, status, attempts, series, last_attempt_at from webhook_deliveries where event_id in (?) order by endpoint_id', [ids]) : [];
  const attempts = withAttempts && ids.length
    ? await ctx.em.execute<{ event_id: string; endpoint_id: string; series: number; number: number; started_at: Date; duration_ms: number; status_code: number | null; response_body: string | null; error: string | null }[]>(
        'select * from webhook_attempts where event_id in (?) order by series, number',
        [ids],
      )
    : [];
  return events.map((e) => {
    const mine = deliveries.filter((d) => d.event_id === e.id);
    return {
      id: e.id,
      object: 'webhook_event',
      type: e.type,
      created_at: e.createdAt.toISOString(),
      delivery_status: overall(mine),
      deliveries: mine.map((d) => ({
        endpoint_id: d.endpoint_id,
        status: d.status,
        attempt_count: d.attempts,
        last_attempt_at: d.last_attempt_at ? new Date(d.last_attempt_at).toISOString() : null,
        ...(withAttempts
          ? {
              attempts: attempts
                .filter((a) => a.event_id === e.id && a.endpoint_id === d.endpoint_id)
                .map((a) => ({ number: a.number, series: a.series, started_at: new Date(a.started_at).toISOString(), duration_ms: a.duration_ms, status_code: a.status_code, response_body: a.response_body, error: a.error })),
            }
          : {}),
      })),
      data: { object: e.payload },
    };
  });
}

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
  handler: async (ctx, { query }) => {
    const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const delivery = (condition: string) => `exists (select 1 from webhook_deliveries d where d.event_id = e.id and ${condition})`;
    const where = new Where().add('e.workspace_id = ?', workspace.id);
    if (after) where.add('e.id < ?', after.id);
    if (query.type) where.add('e.type = ?', query.type);
    if (query.endpoint_id) where.add(delivery('d.endpoint_id = ?'), query.endpoint_id);
    if (query.delivery_status === 'failed') where.add(delivery(`d.status = 'failed'`));
    if (query.delivery_status === 'pending') where.add(delivery(`d.status = 'pending'`)).add(`not ${delivery(`d.status = 'failed'`)}`);
    if (query.delivery_status === 'succeeded') where.add(delivery('true')).add(`not ${delivery(`d.status <> 'succeeded'`)}`);
    const rows = await ctx.em.execute<{ id: string }[]>(`select e.id from webhook_events e where ${where} order by e.id desc limit ?`, [...where.params, query.limit + 1]);
    const page = pageOf(rows, query.limit, (r) => ({ id: r.id }));
    const events = await ctx.em.find(WebhookEvent, { id: { $in: page.data.map((r) => r.id) } }, { orderBy: { id: 'desc' } });
    return { page: { ...page, data: await serializeEvents(ctx, events, false) } };
  },
});

async function loadEvent(ctx: RequestCtx, id: string): Promise<WebhookEvent> {
  const event = await ctx.em.findOne(WebhookEvent, { id });
  if (!event) throw notFound('Event');
  await accessToObject(ctx, event.workspaceId, 'Event', { roles: MANAGERS });
  return event;
}

export const getEvent = defineRoute({
  method: 'get',
  path: '/webhook_events/{id}',
  tag: 'Webhooks',
  summary: 'An event with every delivery attempt and what the receiver answered',
  params: idParams,
  response: { schema: eventSchema, description: 'The event.' },
  handler: async (ctx, { params }) => ({ body: (await serializeEvents(ctx, [await loadEvent(ctx, params.id)], true))[0]! }),
});

export const redeliverEvent = defineRoute({
  method: 'post',
  path: '/webhook_events/{id}/redeliver',
  tag: 'Webhooks',
  summary: 'Deliver an event again to its endpoints (or one of them)',
  description: 'Starts a fresh attempt series with the stored body and a fresh signature timestamp. 202 with the event.',
  params: idParams,
  body: z.strictObject({ endpoint_id: z.string().optional() }).optional(),
  response: { status: 202, schema: eventSchema, description: 'Redelivery started.' },
  errors: { 409: 'conflict: the event has no endpoint to deliver to, or was not delivered to the endpoint named' },
  handler: async (ctx, { params, body }) => {
    const event = await loadEvent(ctx, params.id);
    const deliveries = await ctx.em.execute<DeliveryRow[]>('select * from webhook_deliveries where event_id = ?', [event.id]);
    const targets = body?.endpoint_id ? deliveries.filter((d) => d.endpoint_id === body.endpoint_id) : deliveries;
    if (targets.length === 0) throw new ApiError(409, 'conflict', body?.endpoint_id ? 'This event was not delivered to that endpoint.' : 'This event has no endpoint to deliver to.');
    // A new series per redelivery, each its own workflow, started by the outbox after commit.
    await ctx.em.transactional(async (em) => {
      for (const d of targets) {
        const [row] = await em.execute<{ series: number }[]>(
          `update webhook_deliveries set status = 'pending', series = series + 1 where event_id = ? and endpoint_id = ? returning series`,
          [event.id, d.endpoint_id],
        );
        const series = row!.series;
        commands.start(em, 'webhookDelivery', deliveryWorkflowId(event.id, d.endpoint_id, series), [{ eventId: event.id, endpointId: d.endpoint_id, series }]);
      }
      await em.flush();
    });
    return { status: 202, body: (await serializeEvents(ctx, [event], true))[0]! };
  },
});

export const webhookRoutes = [createEndpoint, listEndpoints, getEndpoint, updateEndpoint, deleteEndpoint, rotateSecret, testEndpoint, listEvents, getEvent, redeliverEvent];
