import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { csrfSync } from 'csrf-sync';
import type { Account } from '../../db/entities';
import type { AppDeps } from '../../services/context';
import {
  endSession,
  keyPage,
  PASSWORD_MAX,
  PASSWORD_MIN,
  regenerateKey,
  sessionFor,
  showOnce,
  signedInAccount,
  signIn,
  signUp,
  startSession,
  type WebSession,
} from '../../services/web-app';
import { challengeSolved, newChallenge } from '../../services/challenges';
import { newHandoffCode, writableWorkspaces } from '../../services/agent-sessions';
import { calendarKit } from '../../services/calendars';
import { escapeHtml, sendPage, type PageOptions } from '../html';
import { requestLog } from '../request-log';
import { APP_CSS, APP_JS } from './assets';

/**
 * The web application at {app_url} (spec Authentication, 7 and 8): sign-up and sign-in, the
 * personal API key page and the agent handoff page, in the one layout of api/html.ts. Sessions live
 * in PostgreSQL behind an HttpOnly, SameSite=Lax cookie (Secure over HTTPS); every form carries a
 * synchroniser CSRF token (csrf-sync) kept in the session; helmet sets the security headers.
 */

const COOKIE = 'nt_session';
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d2a4d"/><path d="M4 12V4l8 8V4" stroke="#fff" stroke-width="2" fill="none"/></svg>';

type WebRequest = Request & { webSession?: WebSession | null; newCsrfToken?: string };

class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined; // not percent-encoding: no session of ours
      }
    }
  }
  return undefined;
}

/** Where to go after signing in: a path of this application only (never another site). */
function safeNext(value: unknown, fallback = '/settings/personal/api'): string {
  return typeof value === 'string' && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : fallback;
}

const field = (body: unknown, name: string): string => {
  const v = (body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

/** Security headers of every page: no framing, no sniffing, scripts and workers from this origin only. */
export function pageSecurityHeaders(deps: AppDeps) {
  const https = () => calendarKit(deps).appUrl().startsWith('https:');
  const withTls = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        // The ALTCHA widget solves its challenge in Web Workers it starts from blob: URLs.
        'worker-src': ["'self'", 'blob:'],
        'img-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
      },
    },
  });
  const withoutTls = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'img-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        // Served over plain HTTP (development): asking the browser to upgrade would break every asset.
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
  });
  return (req: Request, res: Response, next: NextFunction) => (https() ? withTls : withoutTls)(req, res, next);
}

export function webApp(deps: AppDeps): express.Router {
  const router = express.Router();
  const secureCookie = (req: Request) => req.secure || calendarKit(deps).appUrl().startsWith('https:');
  const csrf = csrfSync({
    getTokenFromState: (req) => (req as WebRequest).webSession?.csrfToken ?? (req as WebRequest).newCsrfToken,
    storeTokenInState: (req, token) => {
      (req as WebRequest).newCsrfToken = token ?? undefined;
    },
    getTokenFromRequest: (req) => field(req.body, '_csrf') || undefined,
  });
  const forms = express.urlencoded({ extended: false, limit: '16kb' });

  const setCookie = (req: Request, res: Response, session: WebSession) =>
    res.cookie(COOKIE, session.token, {
      httpOnly: true,
      secure: secureCookie(req),
      sameSite: 'lax',
      path: '/',
      expires: session.expiresAt,
    });

  /** Starts a session (anonymous or signed in) with a fresh CSRF token, replacing the cookie. */
  const begin = async (req: WebRequest, res: Response, account: string | null): Promise<WebSession> => {
    req.webSession = null;
    req.newCsrfToken = undefined;
    const token = csrf.generateToken(req, true);
    const session = await startSession(deps, account, token);
    req.webSession = session;
    setCookie(req, res, session);
    return session;
  };
  /** The session of this browser, made (anonymous) when it has none: forms need its CSRF token. */
  const ensureSession = async (req: WebRequest, res: Response) => req.webSession ?? begin(req, res, null);
  const signedIn = async (req: WebRequest): Promise<Account | null> => signedInAccount(deps, req.webSession ?? null);
  /** The signed-in account, or a redirect to sign in that comes back here. */
  const requireAccount = async (req: WebRequest, res: Response): Promise<Account | null> => {
    const account = await signedIn(req);
    if (!account) res.redirect(303, `/sign_in?next=${encodeURIComponent(req.originalUrl)}`);
    return account;
  };
  const page = (req: WebRequest, res: Response, status: number, opts: PageOptions, account?: Account | null) =>
    sendPage(res, status, {
      ...opts,
      user: account && req.webSession ? { email: account.email, csrfToken: req.webSession.csrfToken } : null,
    });
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
  const csrfField = (session: WebSession) => hidden('_csrf', session.csrfToken);
  const altcha = () => `<altcha-widget challenge="/app/challenge" name="altcha" hidelogo hidefooter></altcha-widget>`;
  const ALTCHA_SCRIPT = '/assets/altcha/altcha.min.js';

  router.get('/assets/app.css', (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=300').send(APP_CSS);
  });
  router.get('/assets/app.js', (_req, res) => {
    res.type('js').set('Cache-Control', 'public, max-age=300').send(APP_JS);
  });
  router.get('/favicon.ico', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(FAVICON);
  });
  // The ALTCHA widget, served from the npm package by this service (no third party).
  router.use('/assets/altcha', express.static(path.dirname(require.resolve('altcha')), { index: false }));

  router.use(async (req: WebRequest, _res, next) => {
    req.webSession = await sessionFor(deps, cookieValue(req, COOKIE));
    next();
  });

  router.get('/', async (req: WebRequest, res) => {
    res.redirect(303, (await signedIn(req)) ? '/settings/personal/api' : '/sign_in');
  });

  // ---- sign in, sign up, sign out

  const signInPage = (session: WebSession, next: string, email = '', problem = '') =>
    (problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '') +
    `<form method="post" action="/sign_in">${csrfField(session)}${hidden('next', next)}` +
    `<label for="email">E-mail</label><input type="email" id="email" name="email" autocomplete="username" required value="${escapeHtml(email)}">` +
    `<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>` +
    `<button type="submit" id="sign-in">Sign in</button></form>` +
    `<p class="muted">No account yet? <a id="to-sign-up" href="/sign_up?next=${encodeURIComponent(next)}">Sign up</a></p>`;

  router.get('/sign_in', async (req: WebRequest, res) => {
    const next = safeNext(req.query.next);
    if (await signedIn(req)) return res.redirect(303, next);
    const session = await ensureSession(req, res);
    page(req, res, 200, { title: 'Sign in', body: signInPage(session, next) });
  });

  router.post('/sign_in', forms, csrf.csrfSynchronisedProtection, async (req: WebRequest, res) => {
    const next = safeNext(field(req.body, 'next'));
    const email = field(req.body, 'email').slice(0, 320);
    const outcome = await signIn(deps, {
      email,
      password: field(req.body, 'password').slice(0, PASSWORD_MAX),
      ip: req.ip,
    });
    const session = req.webSession!;
    if (outcome.kind === 'limited') {
      res.setHeader('Retry-After', String(outcome.retryInSeconds));
      return page(req, res, 429, {
        title: 'Sign in',
        body: signInPage(
          session,
          next,
          email,
          `Too many sign-in attempts. Try again in ${Math.ceil(outcome.retryInSeconds / 60)} minutes.`,
        ),
      });
    }
    if (outcome.kind === 'wrong')
      // One message for an unknown e-mail and a wrong password: the page never tells whether an account exists.
      return page(req, res, 401, {
        title: 'Sign in',
        body: signInPage(
          session,
          next,
          email,
          'That e-mail and password do not match an account. Check both and try again.',
        ),
      });
    await endSession(deps, session);
    await begin(req, res, outcome.accountId);
    res.redirect(303, next);
  });

  const signUpPage = (
    session: WebSession,
    next: string,
    values: { email?: string; workspace?: string } = {},
    problem = '',
  ) =>
    (problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '') +
    `<form method="post" action="/sign_up">${csrfField(session)}${hidden('next', next)}` +
    `<label for="email">E-mail</label><input type="email" id="email" name="email" autocomplete="username" required value="${escapeHtml(values.email ?? '')}">` +
    `<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">` +
    `<p class="muted">At least ${PASSWORD_MIN} characters.</p>` +
    `<label for="workspace">Workspace name</label><input type="text" id="workspace" name="workspace_name" maxlength="100" value="${escapeHtml(values.workspace ?? 'My workspace')}">` +
    `${altcha()}<button type="submit" id="sign-up">Create my account</button></form>` +
    `<p class="muted">Already have an account? <a href="/sign_in?next=${encodeURIComponent(next)}">Sign in</a></p>`;

  router.get('/sign_up', async (req: WebRequest, res) => {
    const next = safeNext(req.query.next);
    if (await signedIn(req)) return res.redirect(303, next);
    const session = await ensureSession(req, res);
    page(req, res, 200, { title: 'Create your account', body: signUpPage(session, next), scripts: [ALTCHA_SCRIPT] });
  });

  router.post('/sign_up', forms, csrf.csrfSynchronisedProtection, async (req: WebRequest, res) => {
    const session = req.webSession!;
    const next = safeNext(field(req.body, 'next'));
    const email = field(req.body, 'email').trim();
    const password = field(req.body, 'password');
    const workspace = field(req.body, 'workspace_name').trim() || 'My workspace';
    const again = (status: number, problem: string) =>
      page(req, res, status, {
        title: 'Create your account',
        body: signUpPage(session, next, { email, workspace }, problem),
        scripts: [ALTCHA_SCRIPT],
      });
    if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
      return again(422, 'Enter a valid e-mail address.');
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
      return again(422, `Choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
    if (workspace.length > 100) return again(422, 'A workspace name has at most 100 characters.');
    if (!(await challengeSolved(deps, field(req.body, 'altcha'))))
      return again(403, 'The automatic check did not pass. Wait for the check to finish, then send the form again.');
    const outcome = await signUp(deps, { email, password, workspaceName: workspace, ip: req.ip });
    if (outcome.kind === 'limited') {
      res.setHeader('Retry-After', String(outcome.retryInSeconds));
      return again(
        429,
        `Too many accounts were created from your address. Try again in ${Math.ceil(outcome.retryInSeconds / 60)} minutes.`,
      );
    }
    if (outcome.kind === 'taken') return again(409, 'An account with this e-mail already exists: sign in instead.');
    await endSession(deps, session);
    const signed = await begin(req, res, outcome.accountId);
    // The new key is shown once, on the key page (or after the handoff the person came for).
    await showOnce(deps, signed, outcome.apiKey);
    res.redirect(303, next);
  });

  router.post('/sign_out', forms, csrf.csrfSynchronisedProtection, async (req: WebRequest, res) => {
    await endSession(deps, req.webSession!);
    res.clearCookie(COOKIE, { path: '/', httpOnly: true, secure: secureCookie(req), sameSite: 'lax' });
    res.redirect(303, '/sign_in');
  });

  // ---- the personal API key page (spec Authentication, 7)

  router.get('/settings/personal/api', async (req: WebRequest, res) => {
    const account = await requireAccount(req, res);
    if (!account) return;
    const session = req.webSession!;
    const info = await keyPage(deps, account, session);
    const when = (d: Date) =>
      `<time datetime="${d.toISOString()}">${escapeHtml(d.toISOString().replace('T', ' ').slice(0, 16))} UTC</time>`;
    const body =
      (info.newKey
        ? `<div class="notice"><p><strong>Your new API key.</strong> Copy it now: it is not shown again.</p>` +
          `<div class="secret"><code id="new-key">${escapeHtml(info.newKey)}</code><button type="button" id="copy-key" data-copy="#new-key">Copy</button></div></div>`
        : '') +
      `<dl><dt>Account</dt><dd id="account-email">${escapeHtml(info.email)}</dd>` +
      `<dt>Key created</dt><dd id="key-created">${when(info.keyCreatedAt)}</dd>` +
      `<dt>Version pin</dt><dd id="version-pin">${escapeHtml(info.versionPin ?? 'not pinned yet: the key is pinned to the current version at its first call')}</dd>` +
      `<dt>Last handoff</dt><dd id="last-handoff">${
        info.lastHandoff
          ? `${when(info.lastHandoff.at)}, to an agent at ${escapeHtml(info.lastHandoff.from ?? 'an unknown address')}, with workspace ${escapeHtml(info.lastHandoff.workspaceName)}`
          : 'never'
      }</dd></dl>` +
      `<p>Send the key in the <code>Authorization</code> header of every API request. It does not expire; regenerating it stops the old key within half a second everywhere (requests with it then answer <code>401 invalid_api_key</code>).</p>` +
      `<form method="post" action="/settings/personal/api/regenerate">${csrfField(session)}<button type="submit" class="danger" id="regenerate">Regenerate key</button></form>` +
      `<p class="muted">An AI agent can get this key through the <a href="/app/agent_sessions/new">agent handoff</a>.</p>`;
    page(req, res, 200, { title: 'Your API key', body, variant: 'wide' }, account);
  });

  router.post(
    '/settings/personal/api/regenerate',
    forms,
    csrf.csrfSynchronisedProtection,
    async (req: WebRequest, res) => {
      const account = await requireAccount(req, res);
      if (!account) return;
      await regenerateKey(deps, account, req.webSession!);
      res.redirect(303, '/settings/personal/api');
    },
  );

  // ---- the agent handoff (spec Authentication, 8)

  router.get('/app/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await newChallenge(deps));
  });

  const handoffIntro =
    `<p>An AI agent asked for access to your account. The code this page shows <strong>hands over your personal API key</strong>: ` +
    `whoever has it can act as you in every workspace you belong to until you regenerate the key. Give it only to an agent you trust.</p>`;

  router.get('/app/agent_sessions/new', async (req: WebRequest, res) => {
    const account = await requireAccount(req, res);
    if (!account) return;
    const session = req.webSession!;
    const workspaces = await writableWorkspaces(deps, account.id);
    if (workspaces.length === 0)
      return page(
        req,
        res,
        409,
        {
          title: 'Connect an agent',
          body: `<p class="error">You have no workspace an agent could write to (you are only a guest where you have access).</p>`,
        },
        account,
      );
    if (!account.apiKeySealed)
      return page(
        req,
        res,
        409,
        {
          title: 'Connect an agent',
          body: `<p class="error">Your key was made before keys could be handed over. <a href="/settings/personal/api">Regenerate it</a>, then come back.</p>`,
        },
        account,
      );
    const options = workspaces
      .map((w) => `<option value="${escapeHtml(w.id)}">${escapeHtml(w.name)}</option>`)
      .join('');
    page(
      req,
      res,
      200,
      {
        title: 'Connect an agent',
        body:
          handoffIntro +
          `<form method="post" action="/app/agent_sessions/new">${csrfField(session)}` +
          `<label for="workspace">Workspace the agent gets</label><select id="workspace" name="workspace_id">${options}</select>` +
          `${altcha()}<button type="submit" id="show-code">Show the code</button></form>`,
        scripts: [ALTCHA_SCRIPT],
      },
      account,
    );
  });

  router.post('/app/agent_sessions/new', forms, csrf.csrfSynchronisedProtection, async (req: WebRequest, res) => {
    const account = await requireAccount(req, res);
    if (!account) return;
    if (!(await challengeSolved(deps, field(req.body, 'altcha'))))
      throw new PageError(
        403,
        'Connect an agent',
        'The automatic check did not pass. Go back, wait for the check to finish, and try again.',
      );
    const workspaces = await writableWorkspaces(deps, account.id);
    const workspace = workspaces.find((w) => w.id === field(req.body, 'workspace_id')) ?? null;
    if (!workspace || !account.apiKeySealed)
      throw new PageError(422, 'Connect an agent', 'Choose one of your workspaces and try again.');
    const { code, expiresAt } = await newHandoffCode(deps, account, workspace);
    page(
      req,
      res,
      200,
      {
        title: 'Paste this code to your agent',
        body:
          `<div class="secret"><code class="code" id="handoff-code">${escapeHtml(code)}</code><button type="button" id="copy-code" data-copy="#handoff-code">Copy</button></div>` +
          `<p>Paste it to the agent that sent you here. It works <strong>once</strong>, until <time id="code-expires" datetime="${expiresAt.toISOString()}">${escapeHtml(expiresAt.toISOString().slice(11, 16))} UTC</time> (5 minutes).</p>` +
          `<dl><dt>The agent gets</dt><dd>your personal API key (it reveals the key: the key page will show this handoff)</dd>` +
          `<dt>Workspace</dt><dd id="handoff-workspace">${escapeHtml(workspace.name)} <span class="muted">(${escapeHtml(workspace.id)})</span></dd></dl>` +
          `<p class="muted">Changed your mind? Do not paste it: the code expires by itself. If you already did, <a href="/settings/personal/api">regenerate your key</a>.</p>`,
        variant: 'wide',
      },
      account,
    );
  });

  // Errors of these pages are pages too (a form sent without its CSRF token is a 403 page).
  router.use((err: unknown, req: WebRequest, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (err instanceof PageError) {
      for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      return page(req, res, err.status, {
        title: err.title,
        body: `<p class="error" role="alert">${escapeHtml(err.message)}</p>`,
      });
    }
    if (err === csrf.invalidCsrfTokenError || (err as { code?: string }).code === 'EBADCSRFTOKEN')
      return page(req, res, 403, {
        title: 'Form expired',
        body: `<p class="error" role="alert">This form expired or was not sent from this site. Go back, reload the page and send it again.</p>`,
      });
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return page(req, res, status, {
        title: 'Not possible',
        body: `<p class="error">This request could not be read.</p>`,
      });
    requestLog(req, deps.log).error({ err }, 'web page failed');
    return page(req, res, 500, {
      title: 'Something went wrong',
      body: `<p class="error">Something went wrong on our side. Try again in a moment.</p>`,
    });
  });
  return router;
}

/** The pages of {app_url}: security headers and the per-IP limit, then the web application and the hosted consent pages. */
export function pages(deps: AppDeps, hosted: express.Router, flood: express.RequestHandler): express.Router {
  const router = express.Router();
  router.use(pageSecurityHeaders(deps));
  router.use(flood);
  router.use(webApp(deps));
  router.use(hosted);
  return router;
}
