import { CalendarConnection, Member } from '../../db/entities';
import { disconnectCalendars } from '../../services/calendars';
import { slidingWindowWait } from '../../db/rate-limits';
import { persistOwnSettings, settingsForMembers } from '../../db/settings';
import { newId } from '../../domain/ids';
import { mergeMetadata } from '../../domain/metadata';
import { MANAGERS, accessToObject, workspaceFor } from '../../services/access';
import type { RequestCtx } from '../../services/context';
import { ApiError, notFound, rateLimited, unauthorized } from '../../domain/errors';
import { metadataInput, includes, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { memberSchema, serializeMember } from '../../representations/member';
import { z } from '../../representations/zod';

const HOUR = 3600;
const name = z.string().max(100).trim().min(1);
const clientReferenceId = z.string().max(255);
const email = z.email().max(320).transform((e) => e.trim());

/** A member visible to the key: guests see no member directory. */
async function loadMember(ctx: RequestCtx, id: string, roles?: typeof MANAGERS): Promise<Member> {
  const member = await ctx.em.findOne(Member, { id, deletedAt: null });
  if (!member) throw notFound('Member');
  const { access } = await accessToObject(ctx, member.workspaceId, 'Member');
  if (access.role === 'guest') throw notFound('Member');
  if (roles && !roles.includes(access.role)) throw unauthorized();
  return member;
}

/** A single member reads with its settings block. */
async function withSettings(ctx: RequestCtx, member: Member): Promise<Record<string, unknown>> {
  return serializeMember(member, (await settingsForMembers(ctx.em, [member])).get(member.id)!);
}

async function assertEmailFree(em: RequestCtx['em'], workspaceId: string, address: string, except?: string): Promise<void> {
  const taken = await em.execute<{ id: string }[]>(
    'select id from members where workspace_id = ? and lower(email) = lower(?) and deleted_at is null and id <> ? limit 1',
    [workspaceId, address, except ?? ''],
  );
  if (taken.length > 0) throw new ApiError(409, 'conflict', `A member with this email already exists in the workspace: ${taken[0]!.id}.`, 'email');
}

export const createMember = defineRoute({
  method: 'post',
  path: '/members',
  tag: 'Members',
  summary: 'Create a member in a workspace (owner or admin)',
  description: 'Limited to 100 new members per hour per workspace; members created by pushed calendar events count.',
  body: z.strictObject({
    workspace_id: workspaceIdInput,
    name,
    email: email.optional().nullable(),
    client_reference_id: clientReferenceId.optional().nullable(),
    metadata: metadataInput.optional(),
  }),
  response: { status: 201, schema: memberSchema, description: 'The created member.' },
  errors: { 409: 'conflict (field `email`): a member of the workspace already has this email' },
  handler: async (ctx, { body }) => {
    const { workspace } = await workspaceFor(ctx, body.workspace_id, { roles: MANAGERS });
    const { membersPerHour } = ctx.deps.config.rateLimits;
    const member = new Member();
    member.id = newId('member');
    member.workspaceId = workspace.id;
    member.name = body.name;
    member.email = body.email ?? null;
    member.clientReferenceId = body.client_reference_id ?? null;
    member.metadata = body.metadata === undefined ? {} : mergeMetadata({}, body.metadata);
    await ctx.em.transactional(async (em) => {
      const wait = await slidingWindowWait(em, 'members', workspace.id, membersPerHour, HOUR);
      if (wait !== null) throw rateLimited(wait, 'rate_limited', `At most ${membersPerHour} members can be created per hour in a workspace.`);
      if (member.email) await assertEmailFree(em, workspace.id, member.email);
      em.persist(member);
      await em.flush();
      await persistOwnSettings(em, { kind: 'member', id: member.id, workspaceId: workspace.id });
    });
    return { status: 201, kind: 'member', body: await withSettings(ctx, member) };
  },
});

export const listMembers = defineRoute({
  method: 'get',
  path: '/members',
  tag: 'Members',
  summary: "List a workspace's members",
  query: listQuery.extend({
    workspace_id: workspaceIdInput,
    email: z.string().optional().openapi({ description: 'Only the member with this email (case-insensitive).' }),
    client_reference_id: z.string().optional().openapi({ description: 'Only members with this client reference id.' }),
    include: z.string().optional().openapi({ description: '`settings` adds the settings block.' }),
  }),
  response: { schema: listSchema(memberSchema, 'MemberList'), description: 'A page of members, oldest first.' },
  handler: async (ctx, { query }) => {
    const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
    if (access.role === 'guest') throw unauthorized();
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const where: Record<string, unknown> = { workspaceId: workspace.id, deletedAt: null };
    if (after) where.id = { $gt: after.id };
    if (query.email !== undefined) where.email = { $ilike: query.email.replace(/[\\%_]/g, '\\$&') };
    if (query.client_reference_id !== undefined) where.clientReferenceId = query.client_reference_id;
    const rows = await ctx.em.find(Member, where, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
    const page = pageOf(rows, query.limit, (m) => ({ id: m.id }));
    const settings = includes(query.include, 'settings') ? await settingsForMembers(ctx.em, page.data) : null;
    return { kind: 'member', page: { ...page, data: page.data.map((m) => serializeMember(m, settings?.get(m.id) ?? null)) } };
  },
});

export const getMember = defineRoute({
  method: 'get',
  path: '/members/{id}',
  tag: 'Members',
  summary: 'Get a member',
  params: idParams,
  query: z.object({ include: z.string().optional() }),
  response: { schema: memberSchema, description: 'The member.' },
  handler: async (ctx, { params }) => ({ kind: 'member', body: await withSettings(ctx, await loadMember(ctx, params.id)) }),
});

export const updateMember = defineRoute({
  method: 'patch',
  path: '/members/{id}',
  tag: 'Members',
  summary: "Update a member's name, client reference id or metadata (owner or admin)",
  params: idParams,
  body: z.strictObject({
    name: name.optional(),
    client_reference_id: clientReferenceId.nullable().optional().openapi({ description: 'null clears it.' }),
    metadata: metadataInput.optional(),
  }),
  response: { schema: memberSchema, description: 'The updated member.' },
  handler: async (ctx, { params, body }) => {
    const member = await loadMember(ctx, params.id, MANAGERS);
    if (body.name !== undefined) member.name = body.name;
    if (body.client_reference_id !== undefined) member.clientReferenceId = body.client_reference_id;
    if (body.metadata !== undefined) member.metadata = mergeMetadata(member.metadata, body.metadata);
    await ctx.em.flush();
    return { kind: 'member', body: await withSettings(ctx, member) };
  },
});

export const deleteMember = defineRoute({
  method: 'delete',
  path: '/members/{id}',
  tag: 'Members',
  summary: 'Remove a member (owner or admin)',
  description: 'Its calendars are disconnected (calendar_connection.disconnected for each).',
  params: idParams,
  response: {
    schema: z.object({ id: z.string(), object: z.literal('member'), deleted: z.literal(true) }).openapi('DeletedMember'),
    description: 'The member is removed; its email can be used again.',
  },
  handler: async (ctx, { params }) => {
    const member = await loadMember(ctx, params.id, MANAGERS);
    await ctx.em.transactional(async (em) => {
      const m = await em.findOneOrFail(Member, { id: member.id });
      m.deletedAt = new Date();
      // Removing a member disconnects its calendars (calendar_connection.disconnected each).
      await disconnectCalendars(em, await em.find(CalendarConnection, { memberId: m.id, status: { $ne: 'disconnected' } }, { lockMode: 4 }));
    });
    return { body: { id: member.id, object: 'member', deleted: true } };
  },
});

export const memberRoutes = [createMember, listMembers, getMember, updateMember, deleteMember];
