import express, { type Request, type Response } from 'express';
import type { ConnectLink } from '../db/entities';
import { beginConsent, connectLinkByToken, finishConsent } from '../services/calendar-connections';
import { calendarKit, consentRedirectUri } from '../services/calendars';
import type { AppDeps } from '../services/context';
import { before } from '../domain/versions';
import { escapeHtml, sendPage } from './html';
import { brandKitPreview } from '../services/brand-kits';
import { brandKitPreviewHtml } from './brand-kit-preview';

/** A hosted page in the web application's one layout (api/html.ts). */
function page(res: Response, status: number, title: string, body: string): void {
  sendPage(res, status, { title, body });
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
  const unusable = (link: ConnectLink | null) =>
    !link
      ? 'This link is not valid.'
      : link.usedAt
        ? 'This link was already used. Ask for a new one.'
        : link.expiresAt < new Date()
          ? 'This link has expired. Ask for a new one.'
          : null;

  router.get('/connect/callback', async (req: Request, res: Response) => {
    const link = await connectLinkByToken(deps, req.query.state);
    const problem = unusable(link);
    if (problem || !link)
      return page(res, 400, 'Calendar not connected', `<p>${escapeHtml(problem ?? 'This link is not valid.')}</p>`);
    if (typeof req.query.error === 'string' || typeof req.query.code !== 'string') {
      // Consent refused (or the provider sent nothing usable): back to the integrator, saying so.
      return res.redirect(
        302,
        withQuery(link.returnUrl, { error: typeof req.query.error === 'string' ? req.query.error : 'access_denied' }),
      );
    }
    if (!link.provider)
      return page(
        res,
        400,
        'Calendar not connected',
        '<p>Choose your calendar provider first: open the link again.</p>',
      );
    try {
      const outcome = await finishConsent(deps, link, req.query.code);
      if (outcome.kind === 'not_confirmed')
        return page(
          res,
          502,
          'Calendar not connected',
          '<p>The calendar provider did not confirm the consent. Open the link again to retry.</p>',
        );
      if (outcome.kind === 'used')
        return page(res, 400, 'Calendar not connected', '<p>This link was already used. Ask for a new one.</p>');
      if (outcome.kind === 'member_gone')
        return page(
          res,
          410,
          'Calendar not connected',
          '<p>The person this link was made for is no longer in the workspace.</p>',
        );
      if (outcome.kind === 'email_mismatch')
        // A link made before 2026-10-12 with email_match: another account was chosen; the link stays usable.
        return res.redirect(302, withQuery(link.returnUrl, { error: 'email_mismatch' }));
      if (outcome.kind === 'limited')
        return page(
          res,
          429,
          'Calendar not connected',
          '<p>Too many people joined this workspace in the last hour. Try again later.</p>',
        );
      // member_id joined the return in 2026-10-12: a link made at an earlier version returns without it.
      const back: Record<string, string> = !before(link.version, '2026-10-12')
        ? { member_id: outcome.memberId, calendar_connection_id: outcome.connectionId }
        : { calendar_connection_id: outcome.connectionId };
      return res.redirect(302, withQuery(link.returnUrl, back));
    } catch (err) {
      deps.log.error({ err, link_id: link.id }, 'finishing a calendar connection failed');
      return page(
        res,
        503,
        'Calendar not connected',
        '<p>Something went wrong on our side; nothing was changed. Open the link again in a moment.</p>',
      );
    }
  });

  router.get('/connect/:token', async (req: Request, res: Response) => {
    const link = await connectLinkByToken(deps, req.params.token);
    const problem = unusable(link);
    if (problem || !link)
      return page(
        res,
        link ? 410 : 404,
        'Calendar not connected',
        `<p>${escapeHtml(problem ?? 'This link is not valid.')}</p>`,
      );
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
    return res.redirect(302, await beginConsent(deps, link, String(req.params.token), link.provider ?? chosen!));
  });

  // A brand kit's preview (spec: Brand kit, preview_url): no sign-in, the link's signature is the credential.
  router.get('/brand_kit_previews/:id', async (req: Request, res: Response) => {
    const preview = await brandKitPreview(deps, String(req.params.id), req.query.expires, req.query.signature);
    if (preview.state === 'expired')
      return page(
        res,
        410,
        'Preview link expired',
        '<p>This preview link has expired (links work for ten minutes). Read the brand kit again for a fresh one.</p>',
      );
    if (preview.state === 'invalid')
      return page(res, 404, 'Preview link not valid', '<p>This preview link is not valid.</p>');
    if (preview.state === 'gone') return page(res, 404, 'Brand kit removed', '<p>This brand kit no longer exists.</p>');
    res
      .status(200)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('X-Content-Type-Options', 'nosniff')
      .set('Content-Security-Policy', "default-src 'none'; img-src 'self' https: http:; style-src 'unsafe-inline'")
      .set('Referrer-Policy', 'no-referrer')
      .send(brandKitPreviewHtml(preview.kit, preview.imageUrl, preview.appUrl));
  });

  // The simulated provider's consent screen (the embedded default; real providers show their own).
  router.get('/simulated-calendar/consent', (req: Request, res: Response) => {
    const q = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : '');
    const email = q('login_hint') || 'calendar-user@example.com';
    const decide = (decision: string) =>
      `/simulated-calendar/decide?${new URLSearchParams({ state: q('state'), redirect_uri: q('redirect_uri'), email, decision })}`;
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
    if (!target.startsWith(consentRedirectUri(kit)))
      return page(res, 400, 'Calendar not connected', '<p>This consent request is not valid.</p>');
    const params: Record<string, string> =
      q('decision') === 'allow'
        ? { code: `sim.${Buffer.from(q('email')).toString('base64url')}`, state: q('state') }
        : { error: 'access_denied', state: q('state') };
    return res.redirect(302, withQuery(target, params));
  });
  return router;
}
