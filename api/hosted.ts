import express, { type Request, type Response } from 'express';
import { CalendarConnection, ConnectLink, Member } from '../db/entities';
import { moveConnection } from '../services/calendar-connections';
import { memberByEmail } from '../services/members';
import { newId } from '../domain/ids';
import { calendarKit, startCalendarSync } from '../services/calendars';
import type { AppDeps } from '../services/context';
import { escapeHtml } from './html';
import { hashLinkToken } from './routes/calendar-connections';


function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>` +
        `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}a.button{display:inline-block;padding:.5rem 1rem;border-radius:.4rem;background:#2557d6;color:#fff;text-decoration:none;margin-right:.5rem}a.secondary{background:#777}</style>` +
        `</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * The hosted calendar consent (spec: Calendar connect link): `/connect/<token>` sends the member to
 * the provider; `/connect/callback` finishes: the member (from member_data if needed) and the
 * connection (or a reconnect of one in error), calendar_connection.connected, the sync workflow,
 * then back to `return_url` with `member_id` and `calendar_connection_id`. The simulated provider's
 * consent page lives under `/simulated-calendar`.
 */
export function hostedPages(deps: AppDeps): express.Router {
  const router = express.Router();
  const kit = calendarKit(deps);
  const redirectUri = () => `${kit.appUrl()}/connect/callback`;
  const findLink = async (token: unknown) => (typeof token === 'string' && token ? deps.orm.em.fork().findOne(ConnectLink, { tokenHash: hashLinkToken(token) }) : null);
  const unusable = (link: ConnectLink | null) =>
    !link ? 'This link is not valid.' : link.usedAt ? 'This link was already used. Ask for a new one.' : link.expiresAt < new Date() ? 'This link has expired. Ask for a new one.' : null;

  router.get('/connect/callback', async (req: Request, res: Response) => {
    const link = await findLink(req.query.state);
    const problem = unusable(link);
    if (problem || !link) return page(res, 400, 'Calendar not connected', `<p>${escapeHtml(problem ?? 'This link is not valid.')}</p>`);
    if (typeof req.query.error === 'string' || typeof req.query.code !== 'string') {
      // Consent refused (or the provider sent nothing usable): back to the integrator, saying so.
      return res.redirect(302, withQuery(link.returnUrl, { error: typeof req.query.error === 'string' ? req.query.error : 'access_denied' }));
    }
    if (!link.provider) return page(res, 400, 'Calendar not connected', '<p>Choose your calendar provider first: open the link again.</p>');
    let granted;
    try {
      granted = await kit.providers[link.provider].exchangeCode({ code: req.query.code, redirectUri: redirectUri() });
    } catch (err) {
      deps.log.warn({ err, link_id: link.id }, 'the calendar provider did not accept the consent code');
      return page(res, 502, 'Calendar not connected', '<p>The calendar provider did not confirm the consent. Open the link again to retry.</p>');
    }
    try {
      const outcome = await deps.orm.em.fork().transactional(async (em) => {
        const l = await em.findOneOrFail(ConnectLink, { id: link.id }, { lockMode: 4 });
        if (l.usedAt) return { kind: 'used' as const };
        let member = l.memberId ? await em.findOne(Member, { id: l.memberId, deletedAt: null }) : null;
        if (l.memberId && !member) return { kind: 'member_gone' as const };
        if (!member && l.memberData) {
          const found = await memberByEmail(em, l.workspaceId, { ...l.memberData, email: l.memberData.email ?? granted.accountEmail }, deps.config.rateLimits.membersPerHour);
          if ('limited' in found) return { kind: 'limited' as const };
          member = found;
        }
        const now = new Date();
        const sealed = kit.vault.seal(granted.tokens);
        const existing = (
          await em.find(CalendarConnection, { memberId: member!.id, provider: l.provider, status: { $ne: 'disconnected' } }, { lockMode: 4 })
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
              provider: l.provider,
              accountEmail: granted.accountEmail,
              createdAt: now,
            });
          em.persist(connection);
          moveConnection(em, connection, { status: 'syncing', error: null, tokens: sealed, connectedAt: now, lastSyncedAt: existing ? existing.lastSyncedAt : null }, 'calendar_connection.connected');
          startCalendarSync(em, connection);
          await em.flush();
        }
        l.usedAt = now;
        l.memberId = member!.id;
        await em.flush();
        return { kind: 'connected' as const, memberId: member!.id, connectionId: connection.id };
      });
      if (outcome.kind === 'used') return page(res, 400, 'Calendar not connected', '<p>This link was already used. Ask for a new one.</p>');
      if (outcome.kind === 'member_gone') return page(res, 410, 'Calendar not connected', '<p>The person this link was made for is no longer in the workspace.</p>');
      if (outcome.kind === 'limited') return page(res, 429, 'Calendar not connected', '<p>Too many people joined this workspace in the last hour. Try again later.</p>');
      deps.log.info({ calendar_connection_id: outcome.connectionId, member_id: outcome.memberId }, 'calendar connected');
      return res.redirect(302, withQuery(link.returnUrl, { member_id: outcome.memberId, calendar_connection_id: outcome.connectionId }));
    } catch (err) {
      deps.log.error({ err, link_id: link.id }, 'finishing a calendar connection failed');
      return page(res, 503, 'Calendar not connected', '<p>Something went wrong on our side; nothing was changed. Open the link again in a moment.</p>');
    }
  });

  router.get('/connect/:token', async (req: Request, res: Response) => {
    const link = await findLink(req.params.token);
    const problem = unusable(link);
    if (problem || !link) return page(res, link ? 410 : 404, 'Calendar not connected', `<p>${escapeHtml(problem ?? 'This link is not valid.')}</p>`);
    // A link made without a provider: the person chooses, and the choice is kept for the callback.
    const chosen = req.query.provider === 'google' || req.query.provider === 'microsoft' ? req.query.provider : null;
    if (!link.provider && !chosen) {
      const token = encodeURIComponent(String(req.params.token));
      return page(
        res,
        200,
        'Connect your calendar',
        '<p>Which calendar do you use?</p>' +
          `<p><a class="button" id="google" href="/connect/${token}?provider=google">Google Calendar</a><a class="button" id="microsoft" href="/connect/${token}?provider=microsoft">Microsoft Outlook</a></p>`,
      );
    }
    let provider = link.provider;
    if (!provider) {
      provider = chosen!;
      await deps.orm.em.fork().nativeUpdate(ConnectLink, { id: link.id, usedAt: null }, { provider });
    }
    const member = link.memberId ? await deps.orm.em.fork().findOne(Member, { id: link.memberId }) : null;
    const loginHint = link.memberData?.email ?? member?.email ?? null;
    return res.redirect(302, kit.providers[provider].authorizeUrl({ state: String(req.params.token), redirectUri: redirectUri(), loginHint }));
  });

  // The simulated provider's consent screen (the embedded default; real providers show their own).
  router.get('/simulated-calendar/consent', (req: Request, res: Response) => {
    const q = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : '');
    const email = q('login_hint') || 'calendar-user@example.com';
    const decide = (decision: string) => `/simulated-calendar/decide?${new URLSearchParams({ state: q('state'), redirect_uri: q('redirect_uri'), email, decision })}`;
    page(
      res,
      200,
      'Connect your calendar',
      `<p>Simulated calendar provider. Allow the notetaker to read the calendar of <b>${escapeHtml(email)}</b>?</p>` +
        `<p><a class="button" id="allow" href="${escapeHtml(decide('allow'))}">Allow</a><a class="button secondary" id="deny" href="${escapeHtml(decide('deny'))}">Deny</a></p>`,
    );
  });
  router.get('/simulated-calendar/decide', (req: Request, res: Response) => {
    const q = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : '');
    const target = q('redirect_uri');
    if (!target.startsWith(`${kit.appUrl()}/connect/callback`)) return page(res, 400, 'Calendar not connected', '<p>This consent request is not valid.</p>');
    const params: Record<string, string> = q('decision') === 'allow' ? { code: `sim.${Buffer.from(q('email')).toString('base64url')}`, state: q('state') } : { error: 'access_denied', state: q('state') };
    return res.redirect(302, withQuery(target, params));
  });
  return router;
}
