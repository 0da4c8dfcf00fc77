import { mapPage } from '../../domain/pagination';
import * as connections from '../../services/calendar-connections';
import { calendarNotified } from '../../services/provider-callbacks';
import { metadataInput, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { defineRoute, listSchema } from '../routing';
import { connectionSchema, serializeConnection } from '../../representations/calendar-connection';
import { serializeConnectLink } from '../../representations/calendar-connect-link';
import { z } from '../../representations/zod';

const linkSchema = z
  .object({
    id: z.string().openapi({ example: 'ccl_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('calendar_connect_link'),
    url: z
      .string()
      .openapi({ description: 'The hosted page to send the member to; it leads to the provider’s consent.' }),
    workspace_id: z.string(),
    provider: z
      .enum(['google', 'microsoft'])
      .nullable()
      .openapi({ description: 'Null when the person chooses on the hosted page.' }),
    member_id: z
      .string()
      .nullable()
      .openapi({ description: 'Null for a link with member_data until the member consents.' }),
    return_url: z.string(),
    expires_at: z.string(),
    created_at: z.string(),
  })
  .openapi('CalendarConnectLink');

export const createConnectLink = defineRoute({
  method: 'post',
  path: '/calendar_connect_links',
  tag: 'Calendars',
  summary: 'Create a hosted link a member opens to connect a calendar',
  description:
    'Body `provider`, `return_url`, and `member_id` or `member_data: { name, email, metadata }` (not both; with member_data the member is created when the user consents). On return the query string carries `member_id` and `calendar_connection_id` (or `error`). The link works once, for 24 hours. `email_match` answers 422 (removed in 2026-10-12).',
  body: z.strictObject({
    workspace_id: workspaceIdInput
      .optional()
      .openapi({ description: 'Optional with member_id: the member names its workspace.' }),
    provider: z
      .enum(['google', 'microsoft'])
      .optional()
      .openapi({ description: 'Without it, the hosted page lets the person choose Google or Microsoft.' }),
    return_url: z.url({ protocol: /^https?$/ }).max(2048),
    member_id: z.string().optional(),
    member_data: z
      .strictObject({
        name: z.string().max(100).trim().min(1),
        email: z.email().nullable().optional(),
        metadata: metadataInput.optional(),
      })
      .optional(),
    email_match: z.unknown().optional().openapi({
      description:
        'Removed in 2026-10-12: 422 `unknown_field` when sent. Earlier pins: `exact` (default), `domain` or `any`.',
    }),
  }),
  request: 'connect_link',
  response: { status: 201, schema: linkSchema, description: 'The link.' },
  errors: {
    409: 'calendar_already_connected: the member already has a syncing or active connection with that provider; conflict: a request with this Idempotency-Key is still being processed',
  },
  handler: async (ctx, { body, legacy }) => {
    const { link, url } = await connections.createConnectLink(ctx, body, legacy);
    return { status: 201, kind: 'calendar_connect_link', body: serializeConnectLink(link, url) };
  },
});

export const getConnection = defineRoute({
  method: 'get',
  path: '/calendar_connections/{id}',
  tag: 'Calendars',
  summary: 'Get a calendar connection',
  params: idParams,
  response: { schema: connectionSchema, description: 'The connection.' },
  handler: async (ctx, { params }) => ({
    kind: 'calendar_connection',
    body: serializeConnection(await connections.getConnection(ctx, params.id)),
  }),
});

export const listConnections = defineRoute({
  method: 'get',
  path: '/calendar_connections',
  tag: 'Calendars',
  summary: "List a workspace's calendar connections, oldest first",
  query: listQuery.extend({
    workspace_id: workspaceIdInput,
    member_id: z.string().optional(),
    status: z.enum(['syncing', 'active', 'error', 'disconnected']).optional(),
  }),
  response: { schema: listSchema(connectionSchema, 'CalendarConnectionList'), description: 'A page of connections.' },
  errors: {
    403: 'workspace_access_not_allowed: a guest sees only what is shared with it, not the workspace’s calendar connections',
  },
  handler: async (ctx, { query }) => ({
    kind: 'calendar_connection',
    page: mapPage(await connections.listConnections(ctx, query), serializeConnection),
  }),
});

export const deleteConnection = defineRoute({
  method: 'delete',
  path: '/calendar_connections/{id}',
  tag: 'Calendars',
  summary: 'Disconnect a calendar',
  description:
    'The connection reads `disconnected` and calendar_connection.disconnected is emitted; its sync stops. Meetings already found stay. Disconnecting twice answers the same.',
  params: idParams,
  response: { schema: connectionSchema, description: 'The connection, disconnected.' },
  handler: async (ctx, { params }) => ({
    kind: 'calendar_connection',
    body: serializeConnection(await connections.disconnectConnection(ctx, params.id)),
  }),
});

export const calendarNotification = defineRoute({
  method: 'post',
  path: '/provider_callbacks/calendar/{id}',
  tag: 'Providers',
  auth: false,
  summary: 'Change notifications of calendar providers (Google push channels, Microsoft Graph subscriptions)',
  description:
    'Authenticated by the token given to the provider when watching (`X-Goog-Channel-Token`, or `clientState`); a Microsoft `validationToken` is echoed.',
  params: idParams,
  query: z.object({ validationToken: z.string().optional() }),
  body: z.unknown(),
  response: {
    status: 202,
    schema: z.object({ received: z.literal(true) }),
    description: 'Received; a sync follows.',
    also: {
      200: {
        description: 'A Microsoft subscription validation: the `validationToken` echoed.',
        contentType: 'text/plain',
        schema: z.string(),
      },
    },
  },
  handler: async (ctx, { params, query, body, request }) => {
    if (query.validationToken) return { raw: Buffer.from(query.validationToken), contentType: 'text/plain' };
    // Microsoft's `{ value: [{ clientState }, …] }`; a body of any other shape carries no client state.
    const value = body !== null && typeof body === 'object' ? (body as { value?: unknown }).value : undefined;
    const clientStates = Array.isArray(value)
      ? value.map((v: unknown) =>
          v !== null && typeof v === 'object' ? (v as { clientState?: unknown }).clientState : undefined,
        )
      : [];
    await calendarNotified(ctx, params.id, { channelToken: request.headers['x-goog-channel-token'], clientStates });
    return { status: 202, body: { received: true } };
  },
});

export const calendarConnectionRoutes = [
  createConnectLink,
  getConnection,
  listConnections,
  deleteConnection,
  calendarNotification,
];
