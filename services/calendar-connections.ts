import { createHash, randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import {
  CalendarConnection,
  ConnectLink,
  Member,
  type CalendarProviderName,
  type ConnectionStatus,
} from '../db/entities';
import { accountMatches, DEFAULT_EMAIL_MATCH, EMAIL_MATCHES, type EmailMatch } from '../domain/connect-links';
import {
  conflict,
  missingWorkspace,
  notFound,
  unauthorized,
  ValidationFailed,
  type FieldIssue,
} from '../domain/errors';
import { newId } from '../domain/ids';
import { parseMetadataInput } from '../domain/metadata';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import { before } from '../domain/versions';
import { accessToObject, refuseGuest, workspaceFor } from './access';
import { calendarKit, consentRedirectUri, disconnectCalendars, moveConnection, startCalendarSync } from './calendars';
import type { AppDeps, RequestCtx } from './context';
import { memberByEmail } from './members';

const LINK_TTL_MS = 24 * 3_600_000;
/** Links are stored by the hash of their token: the token itself is shown once, in the link's url. */
const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

const looksLikeUrl = (s: string) =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(s.trim()) || /^www\./i.test(s.trim()) || /\.[a-z]{2,}\/\S*/i.test(s);

/** POST /calendar_connect_links as parsed (api/routes/calendar-connections.ts documents each field). */
export type ConnectLinkInput = {
  workspace_id?: string;
  provider?: CalendarProviderName;
  return_url: string;
  member_id?: string;
  member_data?: { name: string; email?: string | null; metadata?: unknown };
  email_match?: unknown;
};

/**
 * POST /calendar_connect_links: a hosted link, working once for 24 hours, for the named member or one
 * made from member_data on consent. `older.email_match` is what a pin before 2026-10-12 sent (the
 * version chain moves it out of the body); such links keep their rule, default `exact`.
 */
export async function createConnectLink(
  ctx: RequestCtx,
  body: ConnectLinkInput,
  older: { email_match?: unknown } = {},
): Promise<{ link: ConnectLink; url: string }> {
  // The spec's body alone (member_id and return_url): the member names its workspace.
  let workspaceId = body.workspace_id;
  if (workspaceId === undefined) {
    if (body.member_id === undefined) throw missingWorkspace();
    const named = await ctx.em.findOne(Member, { id: body.member_id, deletedAt: null });
    if (!named)
      throw new ValidationFailed([
        { code: 'invalid', field: 'member_id', message: 'member_id names no member you can reach.' },
      ]);
    workspaceId = named.workspaceId;
  }
  const { workspace, access } = await workspaceFor(ctx, workspaceId);
  if (access.role === 'guest') throw unauthorized();
  const issues: FieldIssue[] = [];
  // Older pins' email_match never reaches the body: the version chain hands it over as `older`.
  if (body.email_match !== undefined) {
    issues.push({
      code: 'unknown_field',
      field: 'email_match',
      message:
        'email_match was removed in version 2026-10-12: the member is the one named by member_id or created from member_data.',
    });
  }
  if (body.member_id !== undefined && body.member_data !== undefined)
    issues.push({ code: 'invalid', field: 'member_data', message: 'Send member_id or member_data, not both.' });
  if (body.member_id === undefined && body.member_data === undefined)
    issues.push({ code: 'missing', field: 'member_id', message: 'member_id or member_data is required.' });
  if (body.member_data && looksLikeUrl(body.member_data.name))
    issues.push({
      code: 'invalid',
      field: 'member_data.name',
      message: 'member_data.name must be a person’s name, not a web address.',
    });
  if (
    body.member_id !== undefined &&
    !(await ctx.em.findOne(Member, { id: body.member_id, workspaceId: workspace.id, deletedAt: null }))
  ) {
    issues.push({ code: 'invalid', field: 'member_id', message: 'member_id names no member of this workspace.' });
  }
  const olderPin = before(ctx.version, '2026-10-12');
  if (olderPin && older.email_match !== undefined && !(EMAIL_MATCHES as readonly unknown[]).includes(older.email_match))
    issues.push({
      code: 'inclusion',
      field: 'email_match',
      message: `email_match must be one of: ${EMAIL_MATCHES.join(', ')}.`,
    });
  // One calendar account feeds one member: an account another member has connected is not shared.
  const dataEmail = body.member_data?.email?.toLowerCase();
  if (dataEmail) {
    const taken = await ctx.em.findOne(CalendarConnection, {
      workspaceId: workspace.id,
      accountEmail: dataEmail,
      status: { $in: ['syncing', 'active'] },
    });
    if (taken)
      issues.push({
        code: 'shared_account',
        field: 'member_data.email',
        message: `The calendar account ${dataEmail} is already connected for member ${taken.memberId}; a calendar account is connected for one member of a workspace.`,
      });
  }
  if (issues.length) throw new ValidationFailed(issues);
  if (access.role === 'member' && body.member_id !== access.memberId) throw unauthorized();
  // A working connection needs no consent again; one in error reconnects through a new link.
  const working =
    body.member_id !== undefined && body.provider !== undefined
      ? await ctx.em.findOne(CalendarConnection, {
          memberId: body.member_id,
          provider: body.provider,
          status: { $in: ['syncing', 'active'] },
        })
      : null;
  if (working)
    throw conflict(
      'calendar_already_connected',
      `Member ${body.member_id} already has a working ${body.provider} calendar connection (${working.id}); disconnect it first to connect another account.`,
    );
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  const link = Object.assign(new ConnectLink(), {
    id: newId('connectLink'),
    workspaceId: workspace.id,
    provider: body.provider ?? null,
    memberId: body.member_id ?? null,
    memberData: body.member_data
      ? {
          name: body.member_data.name,
          email: body.member_data.email ?? null,
          metadata: body.member_data.metadata === undefined ? {} : parseMetadataInput(body.member_data.metadata),
        }
      : null,
    returnUrl: body.return_url,
    emailMatch: olderPin ? ((older.email_match as EmailMatch | undefined) ?? DEFAULT_EMAIL_MATCH) : null,
    version: ctx.version,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + LINK_TTL_MS),
    createdBy: ctx.account.id,
    createdAt: now,
  });
  await ctx.em.persist(link).flush();
  return { link, url: `${calendarKit(ctx.deps).appUrl()}/connect/${token}` };
}

/** A connection the key may see: owners and admins all, a member role its own member's (404 otherwise). */
async function loadConnection(ctx: RequestCtx, id: string, write = false): Promise<CalendarConnection> {
  const c = await ctx.em.findOne(CalendarConnection, { id });
  if (!c) throw notFound('Calendar connection');
  const { access } = await accessToObject(ctx, c.workspaceId, 'Calendar connection');
  if (access.role === 'guest' || (access.role === 'member' && access.memberId !== c.memberId))
    throw notFound('Calendar connection');
  if (write && access.role === 'member' && access.memberId !== c.memberId) throw unauthorized();
  return c;
}

/** GET /calendar_connections/{id}. */
export function getConnection(ctx: RequestCtx, id: string): Promise<CalendarConnection> {
  return loadConnection(ctx, id);
}

export type ConnectionListQuery = {
  workspace_id: string;
  cursor?: string;
  limit: number;
  member_id?: string;
  status?: ConnectionStatus;
};

/** GET /calendar_connections: oldest first; a member role lists its own member's only. */
export async function listConnections(ctx: RequestCtx, query: ConnectionListQuery): Promise<Page<CalendarConnection>> {
  const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
  refuseGuest(access, 'calendar connections');
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const where: Record<string, unknown> = { workspaceId: workspace.id, id: { $gt: after?.id ?? '' } };
  if (access.role === 'member')
    where.memberId = query.member_id && query.member_id !== access.memberId ? '' : access.memberId;
  else if (query.member_id) where.memberId = query.member_id;
  if (query.status) where.status = query.status;
  const rows = await ctx.em.find(CalendarConnection, where, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
  return pageOf(rows, query.limit, (c) => ({ id: c.id }));
}

/** DELETE /calendar_connections/{id}: disconnected with calendar_connection.disconnected, its sync stopped; twice answers the same. */
export async function disconnectConnection(ctx: RequestCtx, id: string): Promise<CalendarConnection> {
  const found = await loadConnection(ctx, id, true);
  return ctx.em.transactional(async (em) => {
    const locked = await em.findOneOrFail(
      CalendarConnection,
      { id: found.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    await disconnectCalendars(em, [locked]);
    return locked;
  });
}

/** The connect link behind a hosted page's token (whether still usable or not), or null. */
export async function connectLinkByToken(deps: AppDeps, token: unknown): Promise<ConnectLink | null> {
  return typeof token === 'string' && token
    ? deps.orm.em.fork().findOne(ConnectLink, { tokenHash: hashLinkToken(token) })
    : null;
}

/**
 * The person opened a usable link (`/connect/<token>`) and `provider` is the link's, or the one they
 * chose on the hosted page (kept for the callback): the provider's consent address to send them to.
 */
export async function beginConsent(
  deps: AppDeps,
  link: ConnectLink,
  token: string,
  provider: CalendarProviderName,
): Promise<string> {
  if (!link.provider) await deps.orm.em.fork().nativeUpdate(ConnectLink, { id: link.id, usedAt: null }, { provider });
  const member = link.memberId ? await deps.orm.em.fork().findOne(Member, { id: link.memberId }) : null;
  const loginHint = link.memberData?.email ?? member?.email ?? null;
  const kit = calendarKit(deps);
  return kit.providers[provider].authorizeUrl({ state: token, redirectUri: consentRedirectUri(kit), loginHint });
}

export type ConsentOutcome =
  | { kind: 'not_confirmed' }
  | { kind: 'used' }
  | { kind: 'member_gone' }
  | { kind: 'limited' }
  | { kind: 'email_mismatch' }
  | { kind: 'connected'; memberId: string; connectionId: string };

/**
 * The provider sent the person back with a consent code for a link with a provider (spec: Calendar
 * connect link): the code is exchanged for tokens ('not_confirmed' when the provider refuses), then,
 * in one transaction, the member (from member_data if needed) and the connection (or a reconnect of
 * one in error) with calendar_connection.connected and its sync workflow, and the link used up.
 * Consent given again for a connection that works only refreshes its tokens.
 */
export async function finishConsent(deps: AppDeps, link: ConnectLink, code: string): Promise<ConsentOutcome> {
  const kit = calendarKit(deps);
  let granted;
  try {
    granted = await kit.providers[link.provider!].exchangeCode({ code, redirectUri: consentRedirectUri(kit) });
  } catch (err) {
    deps.log.warn({ err, link_id: link.id }, 'the calendar provider did not accept the consent code');
    return { kind: 'not_confirmed' };
  }
  const outcome = await deps.orm.em.fork().transactional(async (em): Promise<ConsentOutcome> => {
    const l = await em.findOneOrFail(ConnectLink, { id: link.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (l.usedAt) return { kind: 'used' };
    let member = l.memberId ? await em.findOne(Member, { id: l.memberId, deletedAt: null }) : null;
    if (l.memberId && !member) return { kind: 'member_gone' };
    // A link made before 2026-10-12 keeps its email_match: another calendar account changes nothing.
    const expected = member ? member.email : (l.memberData?.email ?? null);
    if (!accountMatches(l.emailMatch, granted.accountEmail, expected)) return { kind: 'email_mismatch' };
    if (!member && l.memberData) {
      const found = await memberByEmail(
        em,
        l.workspaceId,
        { ...l.memberData, email: l.memberData.email ?? granted.accountEmail },
        deps.config.rateLimits.membersPerHour,
      );
      if ('limited' in found) return { kind: 'limited' };
      member = found;
    }
    const now = new Date();
    const sealed = kit.vault.seal(granted.tokens);
    const existing = (
      await em.find(
        CalendarConnection,
        { memberId: member!.id, provider: l.provider!, status: { $ne: 'disconnected' } },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      )
    ).find((c) => c.accountEmail.toLowerCase() === granted.accountEmail.toLowerCase());
    let connection: CalendarConnection;
    if (existing && existing.status !== 'error') {
      existing.tokens = sealed; // consent given again: fresher tokens, nothing else changes
      connection = existing;
    } else {
      connection =
        existing ??
        Object.assign(new CalendarConnection(), {
          id: newId('calendarConnection'),
          workspaceId: l.workspaceId,
          memberId: member!.id,
          provider: l.provider!,
          accountEmail: granted.accountEmail,
          createdAt: now,
        });
      em.persist(connection);
      moveConnection(
        em,
        connection,
        {
          status: 'syncing',
          error: null,
          tokens: sealed,
          connectedAt: now,
          lastSyncedAt: existing ? existing.lastSyncedAt : null,
        },
        'calendar_connection.connected',
      );
      startCalendarSync(em, connection);
      await em.flush();
    }
    l.usedAt = now;
    l.memberId = member!.id;
    await em.flush();
    return { kind: 'connected', memberId: member!.id, connectionId: connection.id };
  });
  if (outcome.kind === 'connected')
    deps.log.info({ calendar_connection_id: outcome.connectionId, member_id: outcome.memberId }, 'calendar connected');
  return outcome;
}
