import * as members from '../../services/members';
import { metadataInput, includes, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { memberSchema, serializeMember } from '../../representations/member';
import { z } from '../../representations/zod';

const name = z.string().max(100).trim().min(1);
const clientReferenceId = z.string().max(255);
const email = z
  .email()
  .max(320)
  .transform((e) => e.trim());

const render = (v: members.MemberView) => serializeMember(v.member, v.settings, v.policy);

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
  handler: async (ctx, { body }) => ({
    status: 201,
    kind: 'member',
    body: render(await members.createMember(ctx, body)),
  }),
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
    const page = await members.listMembers(ctx, { ...query, withSettings: includes(query.include, 'settings') });
    return { kind: 'member', page: mapPage(page, render) };
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
  handler: async (ctx, { params }) => ({ kind: 'member', body: render(await members.getMember(ctx, params.id)) }),
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
  handler: async (ctx, { params, body }) => ({
    kind: 'member',
    body: render(await members.updateMember(ctx, params.id, body)),
  }),
});

export const deleteMember = defineRoute({
  method: 'delete',
  path: '/members/{id}',
  tag: 'Members',
  summary: 'Remove a member (owner or admin)',
  description: 'Its calendars are disconnected (calendar_connection.disconnected for each).',
  params: idParams,
  response: {
    schema: z
      .object({ id: z.string(), object: z.literal('member'), deleted: z.literal(true) })
      .openapi('DeletedMember'),
    description: 'The member is removed; its email can be used again.',
  },
  errors: { 409: 'workspace_owner: the member is an owner of the workspace' },
  handler: async (ctx, { params }) => {
    const member = await members.deleteMember(ctx, params.id);
    return { body: { id: member.id, object: 'member', deleted: true } };
  },
});

export const memberRoutes = [createMember, listMembers, getMember, updateMember, deleteMember];
