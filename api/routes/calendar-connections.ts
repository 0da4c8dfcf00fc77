import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CalendarConnection, ConnectLink, Member } from '../../db/entities';
import { ValidationFailed, type FieldIssue } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { parseMetadataInput } from '../../domain/metadata';
import { calendarSyncWorkflowId, calendarChangedSignal } from '../../workflows/signals';
import { accessToObject, MANAGERS, workspaceFor } from '../../services/access';
import { calendarChanged, calendarKit, disconnectCalendars } from '../../services/calendars';
import type { RequestCtx } from '../../services/context';
import { ApiError, missingWorkspace, notFound, unauthorized } from '../../domain/errors';
import { metadataInput, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { connectionSchema, serializeConnection } from '../../representations/calendar-connection';
import { z } from '../../representations/zod';

const LINK_TTL_MS = 24 * 3_600_000;
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

const linkSchema = z
  .object({
    id: z.string().openapi({ example: 'ccl_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('calendar_connect_link'),
    url: z.string().openapi({ description: 'The hosted page to send the member to; it leads to the provider’s consent.' }),
    workspace_id: z.string(),
    provider: z.enum(['google', 'microsoft']).nullable().openapi({ description: 'Null when the person chooses on the hosted page.' }),
    member_id: z.string().nullable().openapi({ description: 'Null for a link with member_data until the member consents.' }),
    return_url: z.string(),
    expires_at: z.string(),
    created_at: z.string(),
  })
  .openapi('CalendarConnectLink');

const looksLikeUrl = (s: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(s.trim()) || /^www\./i.test(s.trim()) || /\.[a-z]{2,}\/\S*/i.test(s);

export const createConnectLink = defineRoute({
  method: 'post',
  path: '/calendar_connect_links',
  tag: 'Calendars',
  summary: 'Create a hosted link a member opens to connect a calendar',
  description:
    'Body `provider`, `return_url`, and `member_id` or `member_data: { name, email, metadata }` (not both; with member_data the member is created when the user consents). On return the query string carries `member_id` and `calendar_connection_id` (or `error`). The link works once, for 24 hours. `email_match` answers 422 (removed in 2026-10-12).',
  body: z.strictObject({
    workspace_id: workspaceIdInput.optional().openapi({ description: 'Optional with member_id: the member names its workspace.' }),
    provider: z.enum(['google', 'microsoft']).optional().openapi({ description: 'Without it, the hosted page lets the person choose Google or Microsoft.' }),
    return_url: z.url({ protocol: /^https?$/ }).max(2048),
    member_id: z.string().optional(),
    member_data: z.strictObject({ name: z.string().max(100).trim().min(1), email: z.email().nullable().optional(), metadata: metadataInput.optional() }).optional(),
    email_match: z.unknown().optional().openapi({ description: 'Removed in 2026-10-12: 422 when sent (earlier pins: accepted, `exact` only).' }),
  }),
  response: { status: 201, schema: linkSchema, description: 'The link.' },
  handler: async (ctx, { body }) => {
    // The spec's body alone (member_id and return_url): the member names its workspace.
    let workspaceId = body.workspace_id;
    if (workspaceId === undefined) {
      if (body.member_id === undefined) throw missingWorkspace();
      const named = await ctx.em.findOne(Member, { id: body.member_id, deletedAt: null });
      if (!named) throw new ValidationFailed([{ code: 'invalid', field: 'member_id', message: 'member_id names no member you can reach.' }]);
      workspaceId = named.workspaceId;
    }
    const { workspace, access } = await workspaceFor(ctx, workspaceId);
    if (access.role === 'guest') throw unauthorized();
    const issues: FieldIssue[] = [];
    if (body.email_match !== undefined && (ctx.version >= '2026-10-12' || body.email_match !== 'exact')) {
      issues.push({ code: 'unknown_field', field: 'email_match', message: 'email_match was removed in version 2026-10-12: the member is the one named by member_id or created from member_data.' });
    }
    if (body.member_id !== undefined && body.member_data !== undefined) issues.push({ code: 'invalid', field: 'member_data', message: 'Send member_id or member_data, not both.' });
    if (body.member_id === undefined && body.member_data === undefined) issues.push({ code: 'missing', field: 'member_id', message: 'member_id or member_data is required.' });
    if (body.member_data && looksLikeUrl(body.member_data.name)) issues.push({ code: 'invalid', field: 'member_data.name', message: 'member_data.name must be a person’s name, not a web address.' });
    if (body.member_id !== undefined && !(await ctx.em.findOne(Member, { id: body.member_id, workspaceId: workspace.id, deletedAt: null }))) {
      issues.push({ code: 'invalid', field: 'member_id', message: 'member_id names no member of this workspace.' });
    }
    if (issues.length) throw new ValidationFailed(issues);
    if (access.role === 'member' && body.member_id !== access.memberId) throw unauthorized();
    const token = randomBytes(24).toString('base64url');
    const now = new Date();
    const link = Object.assign(new ConnectLink(), {
      id: newId('connectLink'),
      workspaceId: workspace.id,
      provider: body.provider ?? null,
      memberId: body.member_id ?? null,
      memberData: body.member_data
        ? { name: body.member_data.name, email: body.member_data.email ?? null, metadata: body.member_data.metadata === undefined ? {} : parseMetadataInput(body.member_data.metadata) }
        : null,
      returnUrl: body.return_url,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
      createdBy: ctx.account.id,
      createdAt: now,
    });
    await ctx.em.persist(link).flush();
    return {
      status: 201,
      body: {
        id: link.id,
        object: 'calendar_connect_link',
        url: `${calendarKit(ctx.deps).appUrl()}/connect/${token}`,
        workspace_id: workspace.id,
        provider: link.provider,
        member_id: link.memberId,
        return_url: link.returnUrl,
        expires_at: link.expiresAt.toISOString(),
        created_at: link.createdAt.toISOString(),
      },
    };
  },
});

async function loadConnection(ctx: RequestCtx, id: string, write = false): Promise<CalendarConnection> {
  const c = await ctx.em.findOne(CalendarConnection, { id });
  if (!c) throw notFound('Calendar connection');
  const { access } = await accessToObject(ctx, c.workspaceId, 'Calendar connection');
  if (access.role === 'guest' || (access.role === 'member' && access.memberId !== c.memberId)) throw notFound('Calendar connection');
  if (write && access.role === 'member' && access.memberId !== c.memberId) throw unauthorized();
  return c;
}

export const getConnection = defineRoute({
  method: 'get',
  path: '/calendar_connections/{id}',
  tag: 'Calendars',
  summary: 'Get a calendar connection',
  params: idParams,
  response: { schema: connectionSchema, description: 'The connection.' },
  handler: async (ctx, { params }) => ({ body: serializeConnection(await loadConnection(ctx, params.id)) }),
});

export const listConnections = defineRoute({
  method: 'get',
  path: '/calendar_connections',
  tag: 'Calendars',
  summary: "List a workspace's calendar connections, oldest first",
  query: listQuery.extend({ workspace_id: workspaceIdInput, member_id: z.string().optional(), status: z.enum(['syncing', 'active', 'error', 'disconnected']).optional() }),
  response: { schema: listSchema(connectionSchema, 'CalendarConnectionList'), description: 'A page of connections.' },
  handler: async (ctx, { query }) => {
    const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
    if (access.role === 'guest') throw unauthorized();
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const where: Record<string, unknown> = { workspaceId: workspace.id, id: { $gt: after?.id ?? '' } };
    if (access.role === 'member') where.memberId = query.member_id && query.member_id !== access.memberId ? '' : access.memberId;
    else if (query.member_id) where.memberId = query.member_id;
    if (query.status) where.status = query.status;
    const rows = await ctx.em.find(CalendarConnection, where, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
    const page = pageOf(rows, query.limit, (c) => ({ id: c.id }));
    return { page: { ...page, data: page.data.map(serializeConnection) } };
  },
});

export const deleteConnection = defineRoute({
  method: 'delete',
  path: '/calendar_connections/{id}',
  tag: 'Calendars',
  summary: 'Disconnect a calendar',
  description: 'The connection reads `disconnected` and calendar_connection.disconnected is emitted; its sync stops. Meetings already found stay. Disconnecting twice answers the same.',
  params: idParams,
  response: { schema: connectionSchema, description: 'The connection, disconnected.' },
  handler: async (ctx, { params }) => {
    const found = await loadConnection(ctx, params.id, true);
    const c = await ctx.em.transactional(async (em) => {
      const locked = await em.findOneOrFail(CalendarConnection, { id: found.id }, { lockMode: 4 });
      await disconnectCalendars(em, [locked]);
      return locked;
    });
    return { body: serializeConnection(c) };
  },
});

export const calendarNotification = defineRoute({
  method: 'post',
  path: '/provider_callbacks/calendar/{id}',
  tag: 'Providers',
  auth: false,
  summary: 'Change notifications of calendar providers (Google push channels, Microsoft Graph subscriptions)',
  description: 'Authenticated by the token given to the provider when watching (`X-Goog-Channel-Token`, or `clientState`); a Microsoft `validationToken` is echoed.',
  params: idParams,
  query: z.object({ validationToken: z.string().optional() }),
  body: z.unknown(),
  response: {
    status: 202,
    schema: z.object({ received: z.literal(true) }),
    description: 'Received; a sync follows.',
    also: { 200: { description: 'A Microsoft subscription validation: the `validationToken` echoed.', contentType: 'text/plain', schema: z.string() } },
  },
  handler: async (ctx, { params, query, body, request }) => {
    if (query.validationToken) return { raw: Buffer.from(query.validationToken), contentType: 'text/plain' };
    const expected = Buffer.from(calendarKit(ctx.deps).vault.mac(params.id));
    const same = (given: unknown) => typeof given === 'string' && given.length === expected.length && timingSafeEqual(Buffer.from(given), expected);
    const states = ((body as { value?: { clientState?: string }[] } | undefined)?.value ?? []).map((v) => v.clientState);
    if (!same(request.headers['x-goog-channel-token']) && !states.some(same)) throw new ApiError(401, 'unauthorized', 'The notification token is missing or wrong.');
    // Recorded before answering, so a notification is never lost; the dispatcher wakes the sync.
    calendarChanged(ctx.em, params.id);
    await ctx.em.flush();
    return { status: 202, body: { received: true } };
  },
});

export const calendarConnectionRoutes = [createConnectLink, getConnection, listConnections, deleteConnection, calendarNotification];
