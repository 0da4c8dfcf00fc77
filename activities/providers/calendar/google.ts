import type { OAuthProviderConfig } from '../../../runtime/config';
import { CALENDAR_TEXT_LIMITS, capText, linkInText } from '../../../domain/meetings/links';
import {
  CalendarAccessRevoked,
  CalendarCursorExpired,
  type CalendarProvider,
  type CalendarTokens,
  type ChangesPage,
  type ProviderCalendarEvent,
} from './types';

/** What the service asks for: who the account is, and read access to its calendars. */
export const GOOGLE_SCOPES = 'openid email https://www.googleapis.com/auth/calendar.readonly';
const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';
/** events.list page size (Google's default; its maximum is 2,500). */
const PAGE_SIZE = 250;
/** A first (full) listing starts this far back, so meetings in progress come too. */
const FULL_SYNC_LOOKAHEAD_MS = 366 * 86_400_000;
const FULL_SYNC_LOOKBACK_MS = 86_400_000;
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;
/** Each HTTP request gives up after this long (then counts as a transient failure). */
const REQUEST_TIMEOUT_MS = 30_000;

export type GoogleRetryOptions = {
  /** Retries of one request answered 429, 5xx or a 403 rate limit (or not answered). */
  retries: number;
  /** Waits double from this one… */
  baseDelayMs: number;
  /** …up to this one; a longer Retry-After is cut to it too. */
  maxDelayMs: number;
};
const DEFAULT_RETRY: GoogleRetryOptions = { retries: 3, baseDelayMs: 500, maxDelayMs: 5_000 };

/** The fields of a Google Calendar event resource the service reads (Calendar API v3, Events). */
type GoogleEventTime = { date?: string; dateTime?: string; timeZone?: string };
type GoogleEvent = {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  iCalUID?: string;
  summary?: string;
  location?: string;
  hangoutLink?: string;
  start?: GoogleEventTime;
  end?: GoogleEventTime;
  recurringEventId?: string;
  originalStartTime?: GoogleEventTime;
  conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
  organizer?: { email?: string; displayName?: string };
  attendees?: { email?: string; displayName?: string; responseStatus?: string; resource?: boolean }[];
};
type GoogleEventsPage = { items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string };
type GoogleErrorBody = {
  error?: { code?: number; message?: string; errors?: { reason?: string; message?: string }[] } | string;
  error_description?: string;
};
type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string };

type Answer = { status: number; headers: Headers; body: unknown };
/** The tokens of one adapter call, and whether they were refreshed during it. */
type Session = { tokens: CalendarTokens; refreshed: boolean };

const RESPONSES: Record<string, string> = {
  needsAction: 'needs_action',
  accepted: 'accepted',
  declined: 'declined',
  tentative: 'tentative',
};

/**
 * Our page token: Google's, with the time window of the listing it belongs to, so every page of
 * a full listing (also one resumed after a retry) repeats the first page's query as Google expects.
 */
type PageToken = { p: string; t: string | null };
const encodePageToken = (t: PageToken) => `g1.${Buffer.from(JSON.stringify(t)).toString('base64url')}`;
function decodePageToken(token: string): PageToken {
  if (token.startsWith('g1.')) {
    try {
      const t = JSON.parse(Buffer.from(token.slice(3), 'base64url').toString('utf8')) as PageToken;
      if (typeof t.p === 'string') return { p: t.p, t: typeof t.t === 'string' ? t.t : null };
    } catch {
      // not one of ours after all: Google's own
    }
  }
  return { p: token, t: null };
}

const iso = (t: GoogleEventTime | undefined): string | null => {
  const v = t?.dateTime ?? null;
  return v ? new Date(v).toISOString() : null;
};

/** A Google event (or occurrence, with singleEvents=true) in the service's words. */
export function mapGoogleEvent(e: GoogleEvent): ProviderCalendarEvent {
  const original = e.originalStartTime?.dateTime ?? e.originalStartTime?.date ?? null;
  const video = e.conferenceData?.entryPoints?.find((p) => p.entryPointType === 'video' && p.uri)?.uri ?? null;
  return {
    id: e.id,
    cancelled: e.status === 'cancelled',
    icalUid: e.iCalUID ?? null,
    recurring: Boolean(e.recurringEventId),
    originalStartsAt: original ? new Date(original).toISOString() : null,
    title: capText(e.summary, CALENDAR_TEXT_LIMITS.title),
    // All-day events carry `date` only: no start time, so no meeting (the service skips them).
    startsAt: iso(e.start),
    endsAt: iso(e.end),
    meetingUrl: capText(e.hangoutLink || video, CALENDAR_TEXT_LIMITS.link) || linkInText(e.location),
    organizer: e.organizer ? { name: e.organizer.displayName ?? null, email: e.organizer.email ?? null } : null,
    attendees: (e.attendees ?? [])
      .filter((a) => !a.resource && a.email)
      .map((a) => ({
        name: a.displayName ?? null,
        email: a.email!,
        response: a.responseStatus ? (RESPONSES[a.responseStatus] ?? null) : null,
      })),
  };
}

function errorOf(body: unknown): { reason: string | null; message: string | null; oauthError: string | null } {
  const b = (body ?? {}) as GoogleErrorBody;
  if (typeof b.error === 'string') return { reason: null, message: b.error_description ?? null, oauthError: b.error };
  return { reason: b.error?.errors?.[0]?.reason ?? null, message: b.error?.message ?? null, oauthError: null };
}

/** Seconds (or an HTTP date) of a Retry-After header, in milliseconds; null when absent or unreadable. */
function retryAfterMs(headers: Headers): number | null {
  const v = headers.get('retry-after');
  if (v === null || v.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Google Calendar (API v3) for one OAuth client: consent and code exchange, incremental listing of
 * the primary calendar with sync tokens, push channels. Access tokens are refreshed when expired
 * (or refused once); a refused grant is `CalendarAccessRevoked`, an expired sync token
 * `CalendarCursorExpired`; rate limits and server errors are retried a few times here, then
 * thrown as plain errors for the activity's own retries.
 */
export class GoogleCalendarProvider implements CalendarProvider {
  private readonly retry: GoogleRetryOptions;
  private lastChannelStamp = 0;

  constructor(
    private readonly config: OAuthProviderConfig,
    options: Partial<GoogleRetryOptions> = {},
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options };
  }

  authorizeUrl(input: { state: string; redirectUri: string; loginHint: string | null }): string {
    const q = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPES,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: input.state,
    });
    if (input.loginHint) q.set('login_hint', input.loginHint);
    return `${this.config.authUrl}?${q}`;
  }

  async exchangeCode(input: {
    code: string;
    redirectUri: string;
  }): Promise<{ tokens: CalendarTokens; accountEmail: string }> {
    const answer = await this.tokenRequest({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
    });
    // With granular consent the member may untick the calendar: the grant is then of no use.
    if (typeof answer.scope === 'string' && !answer.scope.split(' ').includes(CALENDAR_SCOPE)) {
      throw new CalendarAccessRevoked('Google: the consent did not include read access to the calendar.');
    }
    const session: Session = { tokens: this.tokensOf(answer, null), refreshed: true };
    const res = await this.call(session, 'GET', '/calendars/primary');
    if (res.status !== 200) this.fail(res, 'reading the primary calendar');
    const id = (res.body as { id?: unknown }).id;
    if (typeof id !== 'string' || !id.includes('@'))
      throw new Error('Google: the primary calendar has no account email as its id.');
    return { tokens: session.tokens, accountEmail: id.toLowerCase() };
  }

  async listChanges(input: {
    tokens: CalendarTokens;
    cursor: string | null;
    pageToken: string | null;
  }): Promise<ChangesPage> {
    const session: Session = { tokens: input.tokens, refreshed: false };
    const page = input.pageToken ? decodePageToken(input.pageToken) : null;
    const query = new URLSearchParams({ singleEvents: 'true', maxResults: String(PAGE_SIZE) });
    let timeMin: string | null = null;
    if (input.cursor) {
      query.set('syncToken', input.cursor); // no time window: Google refuses one with a sync token
    } else {
      timeMin = page?.t ?? new Date(Date.now() - FULL_SYNC_LOOKBACK_MS).toISOString();
      query.set('timeMin', timeMin);
      // A year ahead, as for Microsoft: an endless recurring series is not expanded without end.
      query.set('timeMax', new Date(Date.parse(timeMin) + FULL_SYNC_LOOKAHEAD_MS).toISOString());
    }
    if (page) query.set('pageToken', page.p);
    const res = await this.call(session, 'GET', `/calendars/primary/events?${query}`);
    if (res.status === 410)
      throw new CalendarCursorExpired(
        `Google: ${errorOf(res.body).message ?? 'the sync token is no longer valid'}; a full sync is required.`,
      );
    if (res.status !== 200) this.fail(res, 'listing events');
    const body = res.body as GoogleEventsPage;
    const next = body.nextPageToken ?? null;
    if (!next && !body.nextSyncToken) throw new Error('Google: the last page of events came without a nextSyncToken.');
    return {
      events: (body.items ?? []).map(mapGoogleEvent),
      nextPageToken: next ? encodePageToken({ p: next, t: timeMin }) : null,
      nextCursor: next ? null : body.nextSyncToken!,
      ...(session.refreshed ? { tokens: session.tokens } : {}),
    };
  }

  async watch(input: { tokens: CalendarTokens; address: string; channelId: string; token: string }): Promise<void> {
    const session: Session = { tokens: input.tokens, refreshed: false };
    // A channel id may be used once only: a new one per watch.
    const stamp = (this.lastChannelStamp = Math.max(Date.now(), this.lastChannelStamp + 1));
    const body = { id: `${input.channelId}-${stamp}`, type: 'web_hook', address: input.address, token: input.token };
    const res = await this.call(session, 'POST', '/calendars/primary/events/watch', body);
    if (res.status !== 200) this.fail(res, 'opening a push channel');
  }

  /** One Calendar API request with the session's access token: refreshed when expiring, and once when refused. */
  private async call(session: Session, method: 'GET' | 'POST', path: string, json?: unknown): Promise<Answer> {
    const expiresAt = session.tokens.expires_at ? Date.parse(session.tokens.expires_at) : null;
    if (
      !session.refreshed &&
      session.tokens.refresh_token &&
      expiresAt !== null &&
      expiresAt - Date.now() < EXPIRY_MARGIN_MS
    )
      await this.refresh(session);
    const send = () =>
      this.send(`${this.config.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${session.tokens.access_token}`,
          Accept: 'application/json',
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    let res = await send();
    if (res.status === 401 && !session.refreshed && session.tokens.refresh_token) {
      await this.refresh(session);
      res = await send();
    }
    if (res.status === 401)
      throw new CalendarAccessRevoked(
        `Google refused the access token: ${errorOf(res.body).message ?? 'invalid credentials'}.`,
      );
    return res;
  }

  private async refresh(session: Session): Promise<void> {
    const answer = await this.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: session.tokens.refresh_token!,
    });
    session.tokens = this.tokensOf(answer, session.tokens.refresh_token);
    session.refreshed = true;
  }

  /** A form POST to the token endpoint; `invalid_grant` (code or refresh token refused) is a revoked grant. */
  private async tokenRequest(form: Record<string, string>): Promise<TokenAnswer> {
    const res = await this.send(this.config.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        ...form,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }).toString(),
    });
    const err = errorOf(res.body);
    if (res.status === 400 && err.oauthError === 'invalid_grant')
      throw new CalendarAccessRevoked(`Google refused the grant: ${err.message ?? 'invalid_grant'}.`);
    if (res.status !== 200)
      throw new Error(
        `Google token endpoint answered ${res.status}: ${err.oauthError ?? ''} ${err.message ?? ''}`.trim(),
      );
    const answer = res.body as TokenAnswer;
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new Error('Google token endpoint answered without an access_token.');
    return answer;
  }

  private tokensOf(answer: TokenAnswer, previousRefreshToken: string | null): CalendarTokens {
    return {
      access_token: answer.access_token!,
      refresh_token: answer.refresh_token ?? previousRefreshToken,
      expires_at:
        typeof answer.expires_in === 'number' ? new Date(Date.now() + answer.expires_in * 1000).toISOString() : null,
    };
  }

  /**
   * One HTTP exchange, repeated (up to `retries` times, waiting Retry-After or an exponential
   * back-off) while Google answers 429, 5xx or a 403 rate limit, or does not answer; then the last
   * answer is returned, or the network error thrown.
   */
  private async send(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      let answer: Answer | null = null;
      let failure: unknown = null;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await res.text();
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = { error: { message: text.slice(0, 200) } };
        }
        answer = { status: res.status, headers: res.headers, body };
      } catch (err) {
        failure = err;
      }
      const transient =
        answer === null ||
        answer.status === 429 ||
        answer.status >= 500 ||
        (answer.status === 403 &&
          ['rateLimitExceeded', 'userRateLimitExceeded'].includes(errorOf(answer.body).reason ?? ''));
      if (!transient) return answer!;
      if (attempt >= this.retry.retries) {
        if (answer) return answer;
        throw new Error(
          `Google did not answer ${init.method} ${new URL(url).pathname}: ${failure instanceof Error ? failure.message : String(failure)}`,
          { cause: failure },
        );
      }
      const backoff = this.retry.baseDelayMs * 2 ** attempt * (1 + Math.random() * 0.2);
      const hinted = answer ? retryAfterMs(answer.headers) : null;
      await sleep(Math.min(this.retry.maxDelayMs, hinted ?? backoff));
    }
  }

  /** An answer the adapter has no better word for: a refused scope is a revoked grant, anything else a plain error. */
  private fail(res: Answer, doing: string): never {
    const { reason, message } = errorOf(res.body);
    if (res.status === 403 && reason === 'insufficientPermissions')
      throw new CalendarAccessRevoked(`Google: the grant does not cover the calendar (${message ?? reason}).`);
    throw new Error(
      `Google answered ${res.status}${reason ? ` (${reason})` : ''} ${doing}: ${message ?? 'no message'}`,
    );
  }
}
