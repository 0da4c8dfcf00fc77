import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Google on loopback: the OAuth 2.0 token endpoint and the parts of Calendar API v3 the
 * adapter uses (calendars.get, events.list, events.watch), answering with the documented shapes:
 * errors as `{ error: { code, message, errors: [{ domain, reason, message }] } }` on the API and
 * `{ error, error_description }` on the token endpoint.
 *
 * Scripting: `put`/`cancel` events of an account, `issueCode` a consent code, `expireAccessTokens`,
 * `revoke` a grant, `expireSyncTokens`, `failNext` (transient failures). Every request is recorded.
 */

/** An event resource as Google stores it (only what tests set; the fake adds kind, etag, updated, status). */
export type GoogleEventResource = {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  [field: string]: unknown;
};

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
};

type StoredEvent = { resource: GoogleEventResource; seq: number };
type Account = { email: string; events: Map<string, StoredEvent>; seq: number };
type Failure = { status: number; retryAfter?: number; reason?: string };
/** A listing in progress: the ids still to give, and the query it was started with. */
type Listing = {
  email: string;
  remaining: string[];
  snapshotSeq: number;
  timeMin: string | null;
  syncToken: string | null;
};

const API = '/calendar/v3';
function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));
}
/** Calendar API error body (the "Standard error responses" shape). */
const apiError = (code: number, reason: string, message: string, domain = 'global') => ({
  error: { code, message, errors: [{ domain, reason, message }] },
});
const token = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

export class FakeGoogle {
  readonly clientId = 'fake-client-id.apps.googleusercontent.com';
  readonly clientSecret = 'fake-client-secret';
  /** Seconds an access token lives (Google: 3599). */
  accessTokenTtl = 3599;
  requests: RecordedRequest[] = [];
  /** Push channels opened (events.watch bodies). */
  channels: Record<string, unknown>[] = [];

  private readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<string, { email: string; redirectUri: string; scope: string }>();
  private readonly accessTokens = new Map<string, { email: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, { email: string; revoked: boolean }>();
  private readonly syncTokens = new Map<string, { email: string; seq: number; expired: boolean }>();
  private readonly listings = new Map<string, Listing>();
  private readonly failures: Failure[] = [];
  private base = '';

  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: 0,
      };
      this.requests.push(record);
      const original = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        record.status = status;
        return (original as (...a: unknown[]) => http.ServerResponse)(status, ...rest);
      }) as typeof res.writeHead;
      try {
        this.route(record, res);
      } catch (err) {
        json(res, 500, apiError(500, 'backendError', String(err)));
      }
    });
  });

  get authUrl() {
    return `${this.base}/o/oauth2/v2/auth`;
  }
  get tokenUrl() {
    return `${this.base}/token`;
  }
  get apiUrl() {
    return `${this.base}${API}`;
  }
  /** The adapter's configuration for this fake. */
  get config() {
    return {
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      authUrl: this.authUrl,
      tokenUrl: this.tokenUrl,
      apiUrl: this.apiUrl,
    };
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** Requests to the Calendar API (not the token endpoint). */
  get apiRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.startsWith(API));
  }
  get tokenRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path === '/token');
  }

  // ---- scripting --------------------------------------------------------------------------

  /** A consent code for the account, as Google sends to the redirect URI after consent. */
  issueCode(
    email: string,
    redirectUri: string,
    scope = 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/calendar.readonly',
  ): string {
    this.account(email);
    const code = token('4/0A');
    this.codes.set(code, { email, redirectUri, scope });
    return code;
  }

  /** Tokens as if consent was given earlier (no code round trip). */
  grant(email: string): { access_token: string; refresh_token: string; expires_at: string } {
    this.account(email);
    const refresh = token('1//');
    this.refreshTokens.set(refresh, { email, revoked: false });
    const access = this.newAccessToken(email);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_at: new Date(Date.now() + this.accessTokenTtl * 1000).toISOString(),
    };
  }

  /** Adds or changes an event (a new version: incremental listings after this point see it). */
  put(email: string, event: GoogleEventResource): void {
    const a = this.account(email);
    a.seq += 1;
    const resource: GoogleEventResource = {
      kind: 'calendar#event',
      etag: `"${a.seq}"`,
      status: 'confirmed',
      ...event,
      updated: new Date().toISOString(),
    };
    a.events.set(event.id, { resource, seq: a.seq });
  }

  /** Deletes an event: what remains is Google's cancelled stub (id, status, and which occurrence it was). */
  cancel(email: string, id: string): void {
    const old = this.account(email).events.get(id);
    const { recurringEventId, originalStartTime } = (old?.resource ?? {}) as Record<string, unknown>;
    this.put(email, { id, status: 'cancelled', ...(recurringEventId ? { recurringEventId, originalStartTime } : {}) });
  }

  /** The next `count` Calendar API requests answer `status` (with Retry-After seconds and an error reason when given). */
  failNext(count: number, failure: Failure): void {
    for (let i = 0; i < count; i++) this.failures.push(failure);
  }

  /** Access tokens already given for the account stop working (401), as after their hour. */
  expireAccessTokens(email: string): void {
    for (const t of this.accessTokens.values()) if (t.email === email) t.expiresAt = 0;
  }

  /** The member removed the app's access: its refresh and access tokens are refused. */
  revoke(email: string): void {
    for (const t of this.refreshTokens.values()) if (t.email === email) t.revoked = true;
    for (const [k, t] of this.accessTokens) if (t.email === email) this.accessTokens.delete(k);
  }

  /** Sync tokens given so far for the account answer 410 Gone. */
  expireSyncTokens(email: string): void {
    for (const t of this.syncTokens.values()) if (t.email === email) t.expired = true;
  }

  // ---- routes ----------------------------------------------------------------------------

  private route(r: RecordedRequest, res: http.ServerResponse): void {
    if (r.method === 'POST' && r.path === '/token') return this.tokenEndpoint(r, res);
    if (!r.path.startsWith(API)) return json(res, 404, apiError(404, 'notFound', 'Not Found'));
    const failure = this.failures.shift();
    if (failure) {
      const reason =
        failure.reason ??
        (failure.status === 429 ? 'rateLimitExceeded' : failure.status === 403 ? 'rateLimitExceeded' : 'backendError');
      const domain = reason.endsWith('RateLimitExceeded') || reason === 'rateLimitExceeded' ? 'usageLimits' : 'global';
      const message =
        failure.status >= 500
          ? 'Backend Error'
          : reason === 'insufficientPermissions'
            ? 'Request had insufficient authentication scopes.'
            : 'Rate Limit Exceeded';
      return json(
        res,
        failure.status,
        apiError(failure.status, reason, message, domain),
        failure.retryAfter === undefined ? {} : { 'Retry-After': String(failure.retryAfter) },
      );
    }
    const auth = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1];
    const access = auth ? this.accessTokens.get(auth) : undefined;
    if (!access || access.expiresAt <= Date.now()) {
      return json(
        res,
        401,
        {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            errors: [
              {
                domain: 'global',
                reason: 'authError',
                message: 'Invalid Credentials',
                locationType: 'header',
                location: 'Authorization',
              },
            ],
          },
        },
        {
          'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
        },
      );
    }
    const a = this.account(access.email);
    if (r.method === 'GET' && r.path === `${API}/calendars/primary`) {
      return json(res, 200, {
        kind: 'calendar#calendar',
        etag: '"1"',
        id: a.email,
        summary: a.email,
        timeZone: 'Europe/Paris',
        conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
      });
    }
    if (r.method === 'GET' && r.path === `${API}/calendars/primary/events`) return this.listEvents(a, r, res);
    if (r.method === 'POST' && r.path === `${API}/calendars/primary/events/watch`) return this.watch(r, res);
    return json(res, 404, apiError(404, 'notFound', 'Not Found'));
  }

  private tokenEndpoint(r: RecordedRequest, res: http.ServerResponse): void {
    if (!String(r.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return json(res, 400, { error: 'invalid_request', error_description: 'Bad Request' });
    const form = new URLSearchParams(r.body);
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code) return json(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      if (form.get('redirect_uri') !== code.redirectUri)
        return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      this.codes.delete(form.get('code')!); // a code is good once
      const refresh = token('1//');
      this.refreshTokens.set(refresh, { email: code.email, revoked: false });
      return json(res, 200, {
        access_token: this.newAccessToken(code.email),
        expires_in: this.accessTokenTtl,
        refresh_token: refresh,
        scope: code.scope,
        token_type: 'Bearer',
        id_token: 'header.payload.signature',
      });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh || refresh.revoked)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      // A refresh answer has no new refresh token.
      return json(res, 200, {
        access_token: this.newAccessToken(refresh.email),
        expires_in: this.accessTokenTtl,
        scope: 'https://www.googleapis.com/auth/calendar.readonly openid',
        token_type: 'Bearer',
      });
    }
    return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
  }

  /**
   * events.list on the primary calendar. A full listing gives the events not cancelled that end
   * after `timeMin`; one with `syncToken` gives every event changed since (cancelled ones too).
   * A listing is a snapshot: its pages (`pageToken`) must repeat its query, and its last page's
   * `nextSyncToken` covers what changed up to its first page.
   */
  private listEvents(a: Account, r: RecordedRequest, res: http.ServerResponse): void {
    const q = r.query;
    const syncToken = q.get('syncToken');
    const timeMin = q.get('timeMin');
    const pageToken = q.get('pageToken');
    const size = Math.min(2500, Math.max(1, Number(q.get('maxResults') ?? 250) || 250));
    if (
      syncToken &&
      (timeMin || q.get('timeMax') || q.get('updatedMin') || q.get('q') || q.get('orderBy') || q.get('iCalUID'))
    ) {
      return json(res, 400, apiError(400, 'invalid', 'Sync token cannot be used with other request restrictions.'));
    }
    if (timeMin && Number.isNaN(Date.parse(timeMin))) return json(res, 400, apiError(400, 'badRequest', 'Bad Request'));
    let listing: Listing;
    if (pageToken) {
      const found = this.listings.get(pageToken);
      if (!found || found.email !== a.email)
        return json(res, 400, apiError(400, 'invalid', 'Invalid page token value.'));
      if (found.timeMin !== timeMin || found.syncToken !== syncToken)
        return json(res, 400, apiError(400, 'invalid', 'The page token belongs to a listing with other parameters.'));
      this.listings.delete(pageToken);
      listing = found;
    } else if (syncToken) {
      const since = this.syncTokens.get(syncToken);
      if (!since || since.email !== a.email)
        return json(res, 400, apiError(400, 'invalid', 'Invalid sync token value.'));
      if (since.expired)
        return json(
          res,
          410,
          apiError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.'),
        );
      const changed = [...a.events.values()].filter((e) => e.seq > since.seq).sort((x, y) => x.seq - y.seq);
      listing = {
        email: a.email,
        remaining: changed.map((e) => e.resource.id),
        snapshotSeq: a.seq,
        timeMin: null,
        syncToken,
      };
    } else {
      const after = timeMin ? Date.parse(timeMin) : -Infinity;
      const endOf = (e: GoogleEventResource) => {
        const end = e.end as { dateTime?: string; date?: string } | undefined;
        return Date.parse(end?.dateTime ?? end?.date ?? '9999-12-31');
      };
      // Google lists events ending after timeMin and starting before timeMax.
      const before = q.get('timeMax') ? Date.parse(q.get('timeMax')!) : Infinity;
      const startOf = (e: GoogleEventResource) => {
        const start = e.start as { dateTime?: string; date?: string } | undefined;
        return Date.parse(start?.dateTime ?? start?.date ?? '0000-01-01');
      };
      const live = [...a.events.values()]
        .filter((e) => e.resource.status !== 'cancelled' && endOf(e.resource) > after && startOf(e.resource) < before)
        .sort((x, y) => x.seq - y.seq);
      listing = {
        email: a.email,
        remaining: live.map((e) => e.resource.id),
        snapshotSeq: a.seq,
        timeMin,
        syncToken: null,
      };
    }
    const ids = listing.remaining.slice(0, size);
    const rest = listing.remaining.slice(size);
    const items = ids.map((id) => a.events.get(id)!.resource);
    const body: Record<string, unknown> = {
      kind: 'calendar#events',
      etag: `"${a.seq}"`,
      summary: a.email,
      updated: new Date().toISOString(),
      timeZone: 'Europe/Paris',
      accessRole: 'owner',
      defaultReminders: [],
      items,
    };
    if (rest.length) {
      const next = token('CiAKGj');
      this.listings.set(next, { ...listing, remaining: rest });
      body.nextPageToken = next;
    } else {
      const next = token('CPDAlvWDx70CEPDAlvWDx');
      this.syncTokens.set(next, { email: a.email, seq: listing.snapshotSeq, expired: false });
      body.nextSyncToken = next;
    }
    return json(res, 200, body);
  }

  /** events.watch: opens a channel; ids are unique, the address must be HTTPS. */
  private watch(r: RecordedRequest, res: http.ServerResponse): void {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(r.body) as Record<string, unknown>;
    } catch {
      return json(res, 400, apiError(400, 'parseError', 'Parse Error'));
    }
    if (typeof body.id !== 'string' || !/^[A-Za-z0-9\-_+/=]{1,64}$/.test(body.id))
      return json(res, 400, apiError(400, 'invalid', 'Invalid channel id.'));
    if (this.channels.some((c) => c.id === body.id))
      return json(res, 400, apiError(400, 'channelIdNotUnique', `Channel id ${body.id} not unique`));
    if (body.type !== 'web_hook' && body.type !== 'webhook')
      return json(res, 400, apiError(400, 'invalid', 'Invalid channel type.'));
    if (typeof body.address !== 'string' || !body.address.startsWith('https://'))
      return json(
        res,
        400,
        apiError(400, 'push.webhookUrlNotHttps', `WebHook callback must be HTTPS: ${String(body.address)}`),
      );
    this.channels.push(body);
    return json(res, 200, {
      kind: 'api#channel',
      id: body.id,
      resourceId: token('res-'),
      resourceUri: `${this.apiUrl}/calendars/primary/events?alt=json`,
      token: body.token,
      expiration: String(Date.now() + 7 * 86_400_000),
    });
  }

  private account(email: string): Account {
    let a = this.accounts.get(email);
    if (!a) this.accounts.set(email, (a = { email, events: new Map(), seq: 0 }));
    return a;
  }

  private newAccessToken(email: string): string {
    const t = token('ya29.');
    this.accessTokens.set(t, { email, expiresAt: Date.now() + this.accessTokenTtl * 1000 });
    return t;
  }
}
