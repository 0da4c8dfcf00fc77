import * as endpoints from '../../services/webhook-endpoints';
import { EVENT_TYPES } from '../../domain/events';
import { metadataInput, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import {
  endpointSchema,
  serializeEndpoint,
  serializeTestSend,
  testSendSchema,
} from '../../representations/webhook-endpoint';
import { z } from '../../representations/zod';

export const createEndpoint = defineRoute({
  method: 'post',
  path: '/webhook_endpoints',
  tag: 'Webhooks',
  summary: 'Register a webhook endpoint (owner or admin)',
  description:
    'The response is the only one that shows `secret`. The endpoint is pinned to the version of this request, or `api_version`.',
  body: z.strictObject({
    workspace_id: workspaceIdInput,
    url: z.string().max(2048).trim().min(1).openapi({
      description: 'A public HTTPS URL (development setups may allow loopback http).',
      format: 'uri',
      example: 'https://hooks.example.com/notetaker',
    }),
    enabled_events: z
      .array(z.string().openapi({ enum: ['*', ...EVENT_TYPES] }))
      .min(1)
      .openapi({ example: ['*'] }),
    secret: z.string().min(16).max(200).optional(),
    api_version: z.string().optional().openapi({
      description: 'A version date (YYYY-MM-DD); the newest version on or before it.',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    }),
    metadata: metadataInput.optional(),
  }),
  response: { status: 201, schema: endpointSchema, description: 'The endpoint, with its secret.' },
  handler: async (ctx, { body }) => ({
    status: 201,
    body: serializeEndpoint(await endpoints.createEndpoint(ctx, body), true),
  }),
});

export const listEndpoints = defineRoute({
  method: 'get',
  path: '/webhook_endpoints',
  tag: 'Webhooks',
  summary: "List a workspace's webhook endpoints",
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: {
    schema: listSchema(endpointSchema, 'WebhookEndpointList'),
    description: 'A page of endpoints (without secrets).',
  },
  handler: async (ctx, { query }) => ({
    page: mapPage(await endpoints.listEndpoints(ctx, query), (e) => serializeEndpoint(e)),
  }),
});

export const getEndpoint = defineRoute({
  method: 'get',
  path: '/webhook_endpoints/{id}',
  tag: 'Webhooks',
  summary: 'Get a webhook endpoint',
  params: idParams,
  response: { schema: endpointSchema, description: 'The endpoint (without its secret).' },
  handler: async (ctx, { params }) => ({ body: serializeEndpoint(await endpoints.getEndpoint(ctx, params.id)) }),
});

export const updateEndpoint = defineRoute({
  method: 'patch',
  path: '/webhook_endpoints/{id}',
  tag: 'Webhooks',
  summary: 'Change the URL, subscribed events, enabled state or metadata of an endpoint',
  description: 'Disabling an endpoint stops its pending deliveries at their next attempt.',
  params: idParams,
  body: z.strictObject({
    url: z.string().max(2048).trim().min(1).optional(),
    enabled_events: z.array(z.string()).min(1).optional(),
    enabled: z.boolean().optional(),
    metadata: metadataInput.optional(),
  }),
  response: { schema: endpointSchema, description: 'The endpoint.' },
  handler: async (ctx, { params, body }) => ({
    body: serializeEndpoint(await endpoints.updateEndpoint(ctx, params.id, body)),
  }),
});

export const deleteEndpoint = defineRoute({
  method: 'delete',
  path: '/webhook_endpoints/{id}',
  tag: 'Webhooks',
  summary: 'Delete a webhook endpoint; its pending deliveries stop',
  params: idParams,
  response: {
    schema: z.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) }),
    description: 'Deleted.',
  },
  handler: async (ctx, { params }) => {
    const endpoint = await endpoints.deleteEndpoint(ctx, params.id);
    return { body: { id: endpoint.id, object: 'webhook_endpoint', deleted: true } };
  },
});

export const rotateSecret = defineRoute({
  method: 'post',
  path: '/webhook_endpoints/{id}/rotate_secret',
  tag: 'Webhooks',
  summary: "Rotate an endpoint's signing secret",
  description:
    'Answers the new secret once. For 24 hours deliveries carry a v1= digest of both the new and the old secret.',
  params: idParams,
  response: { schema: endpointSchema, description: 'The endpoint with its new secret.' },
  handler: async (ctx, { params }) => ({ body: serializeEndpoint(await endpoints.rotateSecret(ctx, params.id), true) }),
});

export const testEndpoint = defineRoute({
  method: 'post',
  path: '/webhook_endpoints/{id}/test',
  tag: 'Webhooks',
  summary: 'Send a sample event to an endpoint now',
  description:
    'The sample is a `meeting.updated` whose ids exist nowhere. Answers what the receiver returned, or the connection error.',
  params: idParams,
  response: { schema: testSendSchema, description: 'The receiver’s answer.' },
  handler: async (ctx, { params }) => ({ body: serializeTestSend(await endpoints.sendTestEvent(ctx, params.id)) }),
});

export const webhookEndpointRoutes = [
  createEndpoint,
  listEndpoints,
  getEndpoint,
  updateEndpoint,
  deleteEndpoint,
  rotateSecret,
  testEndpoint,
];
