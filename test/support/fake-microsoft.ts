import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthProviderConfig } from '../../runtime/config';

/**
 * A small Microsoft identity platform (v2 token endpoint) and Microsoft Graph on loopback, for the
 * Microsoft calendar adapter: codes and tokens that expire or are revoked, `GET /me`, the
 * calendarView delta query (pages with `@odata.nextLink`, a last page with `@odata.deltaLink`, only
 * what changed since when a delta link is called, `@removed` entries for deleted events, expired
 * states answering 410 `syncStateNotFound`), `POST /subscriptions`, scripted throttling and outages.
 * Every request is recorded.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
};

/** An event as Graph writes it (`microsoft.graph.event`): only what the tests set, plus defaults. */
export type GraphEventData = {
  id: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
} & Record<string, unknown>;

type Stored = { id: string; data: GraphEventData | null; seq: number };
type Account = {
  email: string;
  mail: string | null;
  userPrincipalName: string;
  revoked: boolean;
  events: Map<string, Stored>;
};
type DeltaState = { email: string; since: number; start: number; end: number; expired: boolean };
type SkipState = {
  email: string;
  items: object[];
  offset: number;
  upTo: number;
  start: number;
  end: number;
  expired: boolean;
};
type Failure = { status: number; retryAfter?: number };

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;
const MAX_SUBSCRIPTION_MINUTES = 4230;

/** Graph's way of writing a UTC date-time when asked for `outlook.timezone="UTC"`: no offset, 7 fraction digits. */
export function graphDateTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.(\d{3})Z$/, '.$10000');
}

/** A Graph event starting at `startIso`, lasting `minutes`, with the given properties on top. */
export function graphEvent(
  id: string,
  startIso: string,
  minutes = 30,
  extra: Record<string, unknown> = {},
): GraphEventData {
  const end = new Date(Date.parse(startIso) + minutes * 60_000).toISOString();
  return {
    '@odata.etag': `W/"${id}"`,
    id,
    iCalUId: `040000008200E00074C5B7101A82E008-${id}`,
    type: 'singleInstance',
    subject: `Event ${id}`,
    isAllDay: false,
    isCancelled: false,
    start: { dateTime: graphDateTime(startIso), timeZone: 'UTC' },
    end: { dateTime: graphDateTime(end), timeZone: 'UTC' },
    location: { displayName: '' },
    onlineMeeting: null,
    onlineMeetingUrl: null,
    organizer: { emailAddress: { name: 'Olga Organiser', address: 'olga@contoso.example' } },
    attendees: [],
    ...extra,
  } as GraphEventData;
}

const token = (prefix: string) => `${prefix}.${randomBytes(12).toString('base64url')}`;
const utc = (dateTime: string) => Date.parse(/Z|[+-]\d\d:?\d\d$/.test(dateTime) ? dateTime : `${dateTime}Z`);

export class FakeMicrosoft {
  readonly clientId = 'fake-client-id';
  readonly clientSecret = 'fake-client-secret';
  readonly requests: RecordedRequest[] = [];
  /** Bodies of the subscriptions created. */
  readonly subscriptions: Record<string, unknown>[] = [];
  /** `expires_in` of the access tokens issued. */
  accessTokenSeconds = 3600;
  /** Whether a refresh answers a new refresh token (the identity platform does); false answers none. */
  rotateRefreshTokens = true;

  private readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<string, { email: string; redirectUri: string; used: boolean }>();
  private readonly accessTokens = new Map<string, { email: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly deltaStates = new Map<string, DeltaState>();
  private readonly skipStates = new Map<string, SkipState>();
  private readonly failures: { graph: Failure[]; token: Failure[] } = { graph: [], token: [] };
  private seq = 0;

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeMicrosoft> {
    let fake: FakeMicrosoft | null = null;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => fake!.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeMicrosoft(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The adapter's configuration, pointed at this fake. */
  config(): OAuthProviderConfig {
    return {
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      authUrl: `${this.url}/common/oauth2/v2.0/authorize`,
      tokenUrl: `${this.url}/common/oauth2/v2.0/token`,
      apiUrl: `${this.url}/v1.0`,
    };
  }

  /** A mailbox; `mail` null as for accounts that only have a user principal name. */
  addAccount(email: string, opts: { mail?: string | null; userPrincipalName?: string } = {}): void {
    this.accounts.set(email, {
      email,
      mail: opts.mail === undefined ? email : opts.mail,
      userPrincipalName: opts.userPrincipalName ?? email,
      revoked: false,
      events: new Map(),
    });
  }

  /** What the authorize endpoint would send back to `redirectUri` after consent. */
  issueCode(email: string, redirectUri: string): string {
    if (!this.accounts.has(email)) this.addAccount(email);
    const code = token('code');
    this.codes.set(code, { email, redirectUri, used: false });
    return code;
  }

  /** Creates or changes an event. */
  put(email: string, event: GraphEventData): void {
    this.account(email).events.set(event.id, { id: event.id, data: event, seq: ++this.seq });
  }

  putMany(email: string, events: GraphEventData[]): void {
    for (const e of events) this.put(email, e);
  }

  remove(email: string, id: string): void {
    this.account(email).events.set(id, { id, data: null, seq: ++this.seq });
  }

  /** Every delta and skip state issued so far stops being accepted (410 syncStateNotFound). */
  expireDeltaStates(): void {
    for (const s of this.deltaStates.values()) s.expired = true;
    for (const s of this.skipStates.values()) s.expired = true;
  }

  /** The account's access tokens issued so far expire (Graph answers 401). */
  expireAccessTokens(email: string): void {
    for (const t of this.accessTokens.values()) if (t.email === email) t.expiresAt = 0;
  }

  /** The member revoked the app's consent: refresh answers 400 invalid_grant; access tokens stop working. */
  revoke(email: string): void {
    this.account(email).revoked = true;
    this.expireAccessTokens(email);
  }

  /** The next requests to Graph (or the token endpoint) answer these failures, in order. */
  failNext(failures: Failure[], where: 'graph' | 'token' = 'graph'): void {
    this.failures[where].push(...failures);
  }

  /** Recorded requests whose path starts with `prefix` (e.g. '/v1.0/me/calendarView/delta'). */
  requestsTo(prefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  private account(email: string): Account {
    const a = this.accounts.get(email);
    if (!a) throw new Error(`fake-microsoft: no account ${email}`);
    return a;
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    const u = new URL(req.url ?? '/', this.url);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query: u.searchParams,
      headers: req.headers,
      body,
      status: 0,
    };
    this.requests.push(record);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const graphError = (status: number, code: string, message: string, headers?: Record<string, string>) =>
      send(status, { error: { code, message, innerError: { 'request-id': randomBytes(8).toString('hex') } } }, headers);

    const where = u.pathname.startsWith('/v1.0/')
      ? 'graph'
      : u.pathname === '/common/oauth2/v2.0/token'
        ? 'token'
        : null;
    const failure = where ? this.failures[where].shift() : undefined;
    if (failure) {
      const headers: Record<string, string> =
        failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {};
      if (failure.status === 429) return graphError(429, 'TooManyRequests', 'Please retry after', headers);
      return graphError(
        failure.status,
        failure.status === 503 ? 'ServiceUnavailable' : 'UnknownError',
        'The service is temporarily unavailable.',
        headers,
      );
    }

    if (req.method === 'POST' && u.pathname === '/common/oauth2/v2.0/token') return this.token(req, body, send);
    if (!u.pathname.startsWith('/v1.0/')) return send(404, { error: 'not_found' });

    // Graph: a bearer access token of an account that still grants access.
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? this.accessTokens.get(bearer) : undefined;
    if (!grant || grant.expiresAt <= Date.now() || this.account(grant.email).revoked) {
      return graphError(
        401,
        'InvalidAuthenticationToken',
        grant ? 'Lifetime validation failed, the token is expired.' : 'Access token is empty or invalid.',
        { 'WWW-Authenticate': 'Bearer realm=""' },
      );
    }
    const account = this.account(grant.email);

    if (req.method === 'GET' && u.pathname === '/v1.0/me') {
      return send(200, {
        '@odata.context': `${this.url}/v1.0/$metadata#users/$entity`,
        id: `id-${account.email}`,
        displayName: account.email.split('@')[0],
        mail: account.mail,
        userPrincipalName: account.userPrincipalName,
      });
    }

    const single = /^\/v1\.0\/me\/events\/([^/]+)$/.exec(u.pathname);
    if (req.method === 'GET' && single) {
      // GET /me/events/{id}: one event (a series master included), as stored.
      const found = account.events.get(decodeURIComponent(single[1]!))?.data;
      if (!found) return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      return send(200, { '@odata.context': `${this.url}/v1.0/$metadata#users('me')/events/$entity`, ...found });
    }

    if (req.method === 'GET' && u.pathname === '/v1.0/me/calendarView/delta') {
      const prefer = [req.headers.prefer ?? ''].flat().join(', ');
      const asked = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1]);
      const pageSize = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
      const gone = () =>
        graphError(
          410,
          'syncStateNotFound',
          'The sync state generation is not found. The delta token is expired and data must be synchronized again.',
        );
      let listing: SkipState;
      const skip = u.searchParams.get('$skiptoken');
      const deltaToken = u.searchParams.get('$deltatoken');
      if (skip !== null) {
        const s = this.skipStates.get(skip);
        if (!s || s.expired || s.email !== account.email) return gone();
        listing = s;
      } else if (deltaToken !== null) {
        const d = this.deltaStates.get(deltaToken);
        if (!d || d.expired || d.email !== account.email) return gone();
        const upTo = this.seq;
        const items = [...account.events.values()]
          .filter((e) => e.seq > d.since && e.seq <= upTo)
          .sort((a, b) => a.seq - b.seq)
          .map((e) =>
            this.inWindow(e.data, d.start, d.end)
              ? e.data!
              : { '@odata.type': '#microsoft.graph.event', id: e.id, '@removed': { reason: 'deleted' } },
          );
        listing = { email: account.email, items, offset: 0, upTo, start: d.start, end: d.end, expired: false };
      } else {
        const start = Date.parse(u.searchParams.get('startDateTime') ?? '');
        const end = Date.parse(u.searchParams.get('endDateTime') ?? '');
        if (Number.isNaN(start) || Number.isNaN(end))
          return graphError(
            400,
            'ErrorInvalidParameter',
            'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
          );
        const upTo = this.seq;
        const items = [...account.events.values()]
          .filter((e) => e.seq <= upTo && this.inWindow(e.data, start, end))
          .map((e) => e.data!);
        listing = { email: account.email, items, offset: 0, upTo, start, end, expired: false };
      }
      const value = listing.items.slice(listing.offset, listing.offset + pageSize);
      const context = `${this.url}/v1.0/$metadata#Collection(event)`;
      if (listing.offset + pageSize < listing.items.length) {
        const next = token('skip');
        this.skipStates.set(next, { ...listing, offset: listing.offset + pageSize });
        return send(
          200,
          {
            '@odata.context': context,
            '@odata.nextLink': `${this.url}/v1.0/me/calendarView/delta?$skiptoken=${next}`,
            value,
          },
          { 'Preference-Applied': `odata.maxpagesize=${pageSize}` },
        );
      }
      const state = token('delta');
      this.deltaStates.set(state, {
        email: account.email,
        since: listing.upTo,
        start: listing.start,
        end: listing.end,
        expired: false,
      });
      return send(
        200,
        {
          '@odata.context': context,
          '@odata.deltaLink': `${this.url}/v1.0/me/calendarView/delta?$deltatoken=${state}`,
          value,
        },
        { 'Preference-Applied': `odata.maxpagesize=${pageSize}` },
      );
    }

    if (req.method === 'POST' && u.pathname === '/v1.0/subscriptions') {
      let sub: Record<string, unknown>;
      try {
        sub = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return graphError(400, 'BadRequest', 'Unable to read JSON request payload.');
      }
      const expires = Date.parse(String(sub.expirationDateTime));
      if (typeof sub.notificationUrl !== 'string' || !sub.notificationUrl.startsWith('https://'))
        return graphError(400, 'ValidationError', 'The notification url must be https.');
      if (typeof sub.resource !== 'string' || typeof sub.changeType !== 'string')
        return graphError(400, 'ValidationError', 'resource and changeType are required.');
      if (Number.isNaN(expires) || expires > Date.now() + (MAX_SUBSCRIPTION_MINUTES + 1) * 60_000)
        return graphError(400, 'ValidationError', 'Subscription expiration can only be 4230 minutes in the future.');
      if (typeof sub.clientState === 'string' && sub.clientState.length > 128)
        return graphError(400, 'ValidationError', 'clientState is limited to 128 characters.');
      this.subscriptions.push(sub);
      return send(201, {
        '@odata.context': `${this.url}/v1.0/$metadata#subscriptions/$entity`,
        id: token('sub'),
        ...sub,
        applicationId: this.clientId,
        creatorId: `id-${account.email}`,
      });
    }

    return graphError(404, 'ResourceNotFound', `Resource not found for the segment '${u.pathname}'.`);
  }

  private inWindow(e: GraphEventData | null, start: number, end: number): boolean {
    return e !== null && utc(e.start.dateTime) < end && utc(e.end.dateTime) > start;
  }

  private token(req: http.IncomingMessage, body: string, send: (status: number, payload: unknown) => void): void {
    const oauthError = (status: number, error: string, description: string) =>
      send(status, { error, error_description: description, error_codes: [], timestamp: new Date().toISOString() });
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return oauthError(
        400,
        'invalid_request',
        'AADSTS900144: The request body must be application/x-www-form-urlencoded.',
      );
    const form = new URLSearchParams(body);
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      return oauthError(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    const scope = form.get('scope') ?? '';
    let email: string;
    let issueRefresh: boolean;
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== form.get('redirect_uri'))
        return oauthError(
          400,
          'invalid_grant',
          'AADSTS70000: The provided authorization code is invalid or has expired.',
        );
      code.used = true;
      email = code.email;
      issueRefresh = scope.split(' ').includes('offline_access');
    } else if (form.get('grant_type') === 'refresh_token') {
      const owner = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!owner || this.account(owner).revoked)
        return oauthError(400, 'invalid_grant', 'AADSTS50173: The provided grant has expired due to it being revoked.');
      email = owner;
      issueRefresh = this.rotateRefreshTokens;
    } else {
      return oauthError(400, 'unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
    }
    const access = token('at');
    this.accessTokens.set(access, { email, expiresAt: Date.now() + this.accessTokenSeconds * 1000 });
    const refresh = issueRefresh ? token('rt') : undefined;
    if (refresh) this.refreshTokens.set(refresh, email);
    send(200, {
      token_type: 'Bearer',
      scope: scope
        .split(' ')
        .filter((s) => s !== 'offline_access')
        .join(' '),
      expires_in: this.accessTokenSeconds,
      ext_expires_in: this.accessTokenSeconds,
      access_token: access,
      ...(refresh ? { refresh_token: refresh } : {}),
    });
  }
}
