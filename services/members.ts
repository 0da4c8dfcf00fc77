import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids';
import { mergeMetadata, type Metadata } from '../domain/metadata';
import { CalendarConnection, Member, Settings } from '../db/entities';
import { memberIdWithEmail, memberWithEmail } from '../db/members';
import { isWorkspaceOwner } from '../db/workspaces';
import { slidingWindowWait } from '../db/rate-limits';
import { persistOwnSettings, settingsForMembers } from '../db/settings';
import { ApiError, conflict, notFound, rateLimited, unauthorized } from '../domain/errors';
import { decodeCursor, mapPage, pageOf, type Page } from '../domain/pagination';
import type { SettingsBlock } from '../domain/settings';
import { before } from '../domain/versions';
import { MANAGERS, accessToObject, workspaceFor } from './access';
import { disconnectCalendars } from './calendars';
import type { RequestCtx } from './context';

/**
 * The workspace's member with this email (any case), or a new one with its own settings, inside the
 * caller's transaction. The hourly member limit counts new ones (`{ limited: seconds }` when it is
 * reached); its lock is taken first, so two callers naming one new email create it once.
 */
export async function memberByEmail(
  em: EntityManager,
  workspaceId: string,
  data: { name: string; email: string; metadata: Metadata },
  membersPerHour: number,
): Promise<Member | { limited: number }> {
  const wait = await slidingWindowWait(em, 'members', workspaceId, membersPerHour, 3600);
  const found = await memberWithEmail(em, workspaceId, data.email);
  if (found) return found;
  if (wait !== null) return { limited: wait };
  const now = new Date();
  const member = Object.assign(new Member(), {
    id: newId('member'),
    workspaceId,
    name: data.name,
    email: data.email,
    metadata: data.metadata,
    createdAt: now,
    updatedAt: now,
  });
  await em.persist(member).flush();
  await persistOwnSettings(em, { kind: 'member', id: member.id, workspaceId });
  return member;
}

// ---- the members resource (POST/GET/PATCH/DELETE /members) ----------------------------------------

/**
 * A member with its settings block (null on a list read without include=settings) and, for pins
 * before 2026-10-12 only, its own settings object (read there as the member's `policy`).
 */
export type MemberView = { member: Member; settings: SettingsBlock | null; policy?: Settings | null };

const HOUR = 3600;

/** A member visible to the key: guests see no member directory. */
async function loadMember(ctx: RequestCtx, id: string, roles?: typeof MANAGERS): Promise<Member> {
  const member = await ctx.em.findOne(Member, { id, deletedAt: null });
  if (!member) throw notFound('Member');
  const { access } = await accessToObject(ctx, member.workspaceId, 'Member');
  if (access.role === 'guest') throw notFound('Member');
  if (roles && !roles.includes(access.role)) throw unauthorized();
  return member;
}

/** Own settings of members by member id, for pins that read `policy` (before 2026-10-12); empty otherwise. */
async function policiesOf(ctx: RequestCtx, members: Member[]): Promise<Map<string, Settings>> {
  if (!before(ctx.version, '2026-10-12') || members.length === 0) return new Map();
  const own = await ctx.em.find(Settings, { ownKind: 'member', ownId: { $in: members.map((m) => m.id) } });
  return new Map(own.map((s) => [s.ownId!, s]));
}

/** A single member reads with its settings block. */
async function withSettings(ctx: RequestCtx, member: Member): Promise<MemberView> {
  const [settings, policies] = await Promise.all([settingsForMembers(ctx.em, [member]), policiesOf(ctx, [member])]);
  return { member, settings: settings.get(member.id)!, policy: policies.get(member.id) ?? null };
}

async function assertEmailFree(em: EntityManager, workspaceId: string, address: string): Promise<void> {
  const taken = await memberIdWithEmail(em, workspaceId, address);
  if (taken !== null)
    throw new ApiError(409, 'conflict', `A member with this email already exists in the workspace: ${taken}.`, 'email');
}

/** A new member with its own settings (owners and admins); at most `membersPerHour` an hour per workspace, one per email. */
export async function createMember(
  ctx: RequestCtx,
  input: {
    workspace_id: string;
    name: string;
    email?: string | null;
    client_reference_id?: string | null;
    metadata?: unknown;
  },
): Promise<MemberView> {
  const { workspace } = await workspaceFor(ctx, input.workspace_id, { roles: MANAGERS });
  const { membersPerHour } = ctx.deps.config.rateLimits;
  const member = new Member();
  member.id = newId('member');
  member.workspaceId = workspace.id;
  member.name = input.name;
  member.email = input.email ?? null;
  member.clientReferenceId = input.client_reference_id ?? null;
  member.metadata = input.metadata === undefined ? {} : mergeMetadata({}, input.metadata);
  await ctx.em.transactional(async (em) => {
    const wait = await slidingWindowWait(em, 'members', workspace.id, membersPerHour, HOUR);
    if (wait !== null)
      throw rateLimited(
        wait,
        'rate_limited',
        `At most ${membersPerHour} members can be created per hour in a workspace.`,
      );
    if (member.email) await assertEmailFree(em, workspace.id, member.email);
    em.persist(member);
    await em.flush();
    await persistOwnSettings(em, { kind: 'member', id: member.id, workspaceId: workspace.id });
  });
  return withSettings(ctx, member);
}

/** A workspace's members, oldest first, optionally by email (any case) or client reference id; guests see none. */
export async function listMembers(
  ctx: RequestCtx,
  query: {
    workspace_id: string;
    cursor?: string;
    limit: number;
    email?: string;
    client_reference_id?: string;
    withSettings: boolean;
  },
): Promise<Page<MemberView>> {
  const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
  if (access.role === 'guest') throw unauthorized();
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const where: Record<string, unknown> = { workspaceId: workspace.id, deletedAt: null };
  if (after) where.id = { $gt: after.id };
  if (query.email !== undefined) where.email = { $ilike: query.email.replace(/[\\%_]/g, '\\$&') };
  if (query.client_reference_id !== undefined) where.clientReferenceId = query.client_reference_id;
  const rows = await ctx.em.find(Member, where, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
  const page = pageOf(rows, query.limit, (m) => ({ id: m.id }));
  const settings = query.withSettings ? await settingsForMembers(ctx.em, page.data) : null;
  const policies = await policiesOf(ctx, page.data);
  return mapPage(page, (member) => ({
    member,
    settings: settings?.get(member.id) ?? null,
    policy: policies.get(member.id) ?? null,
  }));
}

export async function getMember(ctx: RequestCtx, id: string): Promise<MemberView> {
  return withSettings(ctx, await loadMember(ctx, id));
}

/** Renames a member, sets its client reference id or merges its metadata (owners and admins). */
export async function updateMember(
  ctx: RequestCtx,
  id: string,
  change: { name?: string; client_reference_id?: string | null; metadata?: unknown },
): Promise<MemberView> {
  const member = await loadMember(ctx, id, MANAGERS);
  if (change.name !== undefined) member.name = change.name;
  if (change.client_reference_id !== undefined) member.clientReferenceId = change.client_reference_id;
  if (change.metadata !== undefined) member.metadata = mergeMetadata(member.metadata, change.metadata);
  await ctx.em.flush();
  return withSettings(ctx, member);
}

/** Removes a member (owners and admins): its email is free again and its calendars are disconnected. */
export async function deleteMember(ctx: RequestCtx, id: string): Promise<Member> {
  const member = await loadMember(ctx, id, MANAGERS);
  if (await isWorkspaceOwner(ctx.em, member))
    throw conflict(
      'workspace_owner',
      `Member ${member.id} is an owner of the workspace; an owner cannot be removed from it (archive the workspace instead).`,
    );
  await ctx.em.transactional(async (em) => {
    const m = await em.findOneOrFail(Member, { id: member.id });
    m.deletedAt = new Date();
    // Removing a member disconnects its calendars (calendar_connection.disconnected each).
    await disconnectCalendars(
      em,
      await em.find(
        CalendarConnection,
        { memberId: m.id, status: { $ne: 'disconnected' } },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      ),
    );
  });
  return member;
}
