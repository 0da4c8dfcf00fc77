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

/**
 * Microsoft 365 / Outlook calendars through Microsoft Graph:
 * - consent with the identity platform v2 authorization code flow (a confidential client);
 * - changes with the calendarView delta function: the first listing covers a window from a day ago
 *   to a year ahead; `@odata.nextLink` is the page token, the last page's `@odata.deltaLink` the cursor;
 * - push with a Graph subscription on `me/events` (the notification carries `clientState`).
 */

const SCOPE = 'offline_access openid email User.Read Calendars.Read';
/** Graph's page size preference for the delta listing. */
const PAGE_SIZE = 250;
const PREFER = `odata.maxpagesize=${PAGE_SIZE}, outlook.timezone="UTC"`;
/** The first listing's window. */
const WINDOW_BEFORE_MS = 86_400_000;
const WINDOW_AFTER_MS = 365 * 86_400_000;
/**
 * A delta link keeps the window of the listing that made it (the state token encodes it). Once the
 * changes since a cursor older than this are in, the same listing goes on with a full listing over a
 * window from today, so events further ahead than the old window's end are not missed.
 */
const WINDOW_RENEW_MS = 30 * 86_400_000;
/** Access tokens this close to expiry are refreshed before a call. */
const REFRESH_MARGIN_MS = 60_000;
/** Throttling (429) and service errors (5xx): retries inside the adapter, then a plain Error. */
const MAX_RETRIES = 3;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** A subscription's life on Outlook events. */
const SUBSCRIPTION_MINUTES = 4230;
/** Error codes (400 or 410 answers) saying a delta state can no longer be used. */
const EXPIRED_SYNC_CODES = new Set(['syncstatenotfound', 'resyncrequired', 'syncstateinvalid']);
/** Token endpoint errors that need the member to consent again. */
const REVOKED_GRANT_ERRORS = new Set(['invalid_grant', 'interaction_required', 'consent_required']);

/** The tokens of one call, refreshed on the way when needed. */
type Session = { tokens: CalendarTokens; refreshed: boolean };

type GraphDateTime = { dateTime?: string | null; timeZone?: string | null } | null | undefined;
type GraphEmail = { emailAddress?: { name?: string | null; address?: string | null } | null } | null | undefined;
/** The event properties read from Graph (`microsoft.graph.event`). */
type GraphEvent = {
  id: string;
  '@removed'?: { reason?: string };
  isCancelled?: boolean | null;
  iCalUId?: string | null;
  seriesMasterId?: string | null;
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster' | null;
  originalStart?: string | null;
  subject?: string | null;
  start?: GraphDateTime;
  end?: GraphDateTime;
  isAllDay?: boolean | null;
  onlineMeeting?: { joinUrl?: string | null } | null;
  onlineMeetingUrl?: string | null;
  location?: { displayName?: string | null } | null;
  organizer?: GraphEmail;
  attendees?: (GraphEmail & { type?: string | null; status?: { response?: string | null } | null })[] | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Graph's `{ error: { code, message } }`, or the token endpoint's `{ error, error_description }`. */
async function errorOf(res: Response): Promise<{ code: string | null; message: string }> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: string | { code?: string; message?: string };
      error_description?: string;
    };
    if (typeof body.error === 'string')
      return { code: body.error, message: (body.error_description ?? body.error).slice(0, 300) };
    if (body.error && typeof body.error === 'object')
      return { code: body.error.code ?? null, message: (body.error.message ?? body.error.code ?? '').slice(0, 300) };
  } catch {
    // not JSON
  }
  return { code: null, message: text.slice(0, 300) };
}

/** Waits asked by `Retry-After` (seconds or an HTTP date), in ms; null when absent or unreadable. */
function retryAfterMs(res: Response): number | null {
  const value = res.headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * A Graph date-time as ISO text. With `outlook.timezone="UTC"` Graph writes `2024-05-01T10:00:00.0000000`
 * (no offset, 7 fraction digits): read as UTC. An offset, when present, is kept.
 */
export function graphIso(dateTime: string | null | undefined): string | null {
  if (!dateTime) return null;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(dateTime.trim());
  const text = m
    ? `${m[1]}${m[2] ? m[2].slice(0, 4) : ''}${m[3] ? (m[3].toUpperCase() === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z'}`
    : dateTime;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const RESPONSES: Record<string, string> = {
  accepted: 'accepted',
  organizer: 'accepted',
  declined: 'declined',
  tentativelyaccepted: 'tentative',
  none: 'needs_action',
  notresponded: 'needs_action',
};

/** One Graph event (or `@removed` entry) in the service's words. */
export function mapGraphEvent(item: GraphEvent): ProviderCalendarEvent {
  const removed = Boolean(item['@removed']);
  const allDay = item.isAllDay === true;
  const locationLink = linkInText(item.location?.displayName);
  const organizer = item.organizer?.emailAddress;
  return {
    id: item.id,
    cancelled: removed || item.isCancelled === true,
    icalUid: item.iCalUId ?? null,
    recurring: item.type === 'occurrence' || item.type === 'exception',
    originalStartsAt: graphIso(item.originalStart),
    title: capText(item.subject, CALENDAR_TEXT_LIMITS.title),
    startsAt: allDay ? null : graphIso(item.start?.dateTime),
    endsAt: allDay ? null : graphIso(item.end?.dateTime),
    meetingUrl:
      capText(item.onlineMeeting?.joinUrl || item.onlineMeetingUrl, CALENDAR_TEXT_LIMITS.link) || locationLink,
    organizer: organizer ? { name: organizer.name ?? null, email: organizer.address ?? null } : null,
    attendees: (item.attendees ?? []).flatMap((a) => {
      const email = a.emailAddress?.address;
      if (a.type === 'resource' || !email) return [];
      const response = a.status?.response;
      return [
        {
          name: a.emailAddress?.name ?? null,
          email,
          response: response ? (RESPONSES[response.toLowerCase()] ?? null) : null,
        },
      ];
    }),
  };
}

export class MicrosoftCalendarProvider implements CalendarProvider {
  private readonly apiOrigin: string;

  constructor(private readonly config: OAuthProviderConfig) {
    this.apiOrigin = new URL(config.apiUrl).origin;
  }

  authorizeUrl(input: { state: string; redirectUri: string; loginHint: string | null }): string {
    const q = new URLSearchParams({
      client_id: this.config.clientId,
      response_type: 'code',
      redirect_uri: input.redirectUri,
      response_mode: 'query',
      scope: SCOPE,
      state: input.state,
      ...(input.loginHint ? { login_hint: input.loginHint } : {}),
    });
    return `${this.config.authUrl}?${q}`;
  }

  async exchangeCode(input: {
    code: string;
    redirectUri: string;
  }): Promise<{ tokens: CalendarTokens; accountEmail: string }> {
    const tokens = await this.tokenRequest(
      { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri },
      null,
    );
    const session: Session = { tokens, refreshed: false };
    const res = await this.graph(session, `${this.config.apiUrl}/me`, {});
    if (!res.ok) throw await this.failure('Microsoft Graph /me', res);
    const me = (await res.json()) as { mail?: string | null; userPrincipalName?: string | null };
    const email = me.mail || me.userPrincipalName;
    if (!email) throw new Error('Microsoft Graph /me gave no mail or userPrincipalName');
    return { tokens: session.tokens, accountEmail: email.toLowerCase() };
  }

  async listChanges(input: {
    tokens: CalendarTokens;
    cursor: string | null;
    pageToken: string | null;
  }): Promise<ChangesPage> {
    const session: Session = { tokens: input.tokens, refreshed: false };
    const followed = input.pageToken ?? input.cursor;
    let url: string;
    let listedAt: string | null = null;
    if (followed) {
      const link = this.ownLink(followed);
      if (!link)
        throw new CalendarCursorExpired('The stored Microsoft delta link does not point at this Graph endpoint.');
      url = link.url;
      listedAt = link.listedAt;
    } else {
      ({ url, listedAt } = this.fullListing());
    }
    const res = await this.graph(session, url, { headers: { Prefer: PREFER } });
    if (!res.ok) {
      const { code, message } = await errorOf(res);
      const expired = res.status === 410 || (code !== null && EXPIRED_SYNC_CODES.has(code.toLowerCase()));
      // Expired on a listing that started from nothing: restarting would not help, the caller retries later.
      if (expired && followed)
        throw new CalendarCursorExpired(
          `Microsoft Graph no longer accepts the delta state (${res.status} ${code ?? ''}): ${message}`,
        );
      throw new Error(`Microsoft Graph calendarView delta answered ${res.status} ${code ?? ''}: ${message}`);
    }
    const body = (await res.json()) as {
      value?: GraphEvent[];
      '@odata.nextLink'?: string;
      '@odata.deltaLink'?: string;
    };
    const items = body.value ?? [];
    const events = items.map(mapGraphEvent);
    // Graph gives each occurrence its own iCalUId; the series' is its master's. Occurrences carry
    // the master's so a series is one iCalendar UID, as with Google and pushes (series scopes).
    for (const [i, item] of items.entries()) {
      if (!item.seriesMasterId || (item.type !== 'occurrence' && item.type !== 'exception')) continue;
      const uid = await this.seriesUid(session, item.seriesMasterId);
      if (uid) events[i]!.icalUid = uid;
    }
    const tokens = session.refreshed ? { tokens: session.tokens } : {};
    const mark = (link: string) => (listedAt ? `${link.split('#')[0]}#listed=${encodeURIComponent(listedAt)}` : link);
    const next = body['@odata.nextLink'];
    if (next) return { events, nextPageToken: mark(next), nextCursor: null, ...tokens };
    const delta = body['@odata.deltaLink'] ?? null;
    if (delta && listedAt && Date.now() - Date.parse(listedAt) > WINDOW_RENEW_MS) {
      // The changes since the cursor are all in; the window it tracks is old: list again over a window from today.
      const fresh = this.fullListing();
      return {
        events,
        nextPageToken: `${fresh.url}#listed=${encodeURIComponent(fresh.listedAt)}`,
        nextCursor: null,
        ...tokens,
      };
    }
    return { events, nextPageToken: null, nextCursor: delta ? mark(delta) : null, ...tokens };
  }

  /** iCalUId of a series master, remembered (bounded) across pages and syncs. */
  private readonly seriesUids = new Map<string, string | null>();
  private async seriesUid(session: Session, masterId: string): Promise<string | null> {
    if (this.seriesUids.has(masterId)) return this.seriesUids.get(masterId)!;
    const res = await this.graph(
      session,
      `${this.config.apiUrl}/me/events/${encodeURIComponent(masterId)}?$select=iCalUId`,
      {},
    );
    let uid: string | null = null;
    if (res.ok) uid = ((await res.json()) as { iCalUId?: string | null }).iCalUId ?? null;
    else if (res.status !== 404) throw await this.failure('Microsoft Graph series master', res);
    else await res.arrayBuffer().catch(() => undefined);
    if (this.seriesUids.size >= 10_000) this.seriesUids.delete(this.seriesUids.keys().next().value!);
    this.seriesUids.set(masterId, uid);
    return uid;
  }

  /** The first request of a full listing: the calendar view from a day ago to a year ahead. */
  private fullListing(): { url: string; listedAt: string } {
    const now = Date.now();
    const q = new URLSearchParams({
      startDateTime: new Date(now - WINDOW_BEFORE_MS).toISOString(),
      endDateTime: new Date(now + WINDOW_AFTER_MS).toISOString(),
    });
    return { url: `${this.config.apiUrl}/me/calendarView/delta?${q}`, listedAt: new Date(now).toISOString() };
  }

  async watch(input: { tokens: CalendarTokens; address: string; channelId: string; token: string }): Promise<void> {
    const session: Session = { tokens: input.tokens, refreshed: false };
    const res = await this.graph(session, `${this.config.apiUrl}/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        changeType: 'created,updated,deleted',
        notificationUrl: input.address,
        resource: 'me/events',
        expirationDateTime: new Date(Date.now() + SUBSCRIPTION_MINUTES * 60_000).toISOString(),
        clientState: input.token,
      }),
    });
    if (!res.ok) throw await this.failure('Microsoft Graph subscription', res);
    await res.arrayBuffer().catch(() => undefined);
  }

  /** A stored delta or next link: its URL without our mark, when it points at this Graph endpoint. */
  private ownLink(stored: string): { url: string; listedAt: string | null } | null {
    let parsed: URL;
    try {
      parsed = new URL(stored);
    } catch {
      return null;
    }
    if (parsed.origin !== this.apiOrigin) return null;
    const listed = new URLSearchParams(parsed.hash.replace(/^#/, '')).get('listed');
    parsed.hash = '';
    return { url: parsed.toString(), listedAt: listed && !Number.isNaN(Date.parse(listed)) ? listed : null };
  }

  /** A call to Graph with the session's access token: refreshed first when (nearly) expired, and once on a 401. */
  private async graph(
    session: Session,
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Response> {
    const expiresAt = session.tokens.expires_at ? Date.parse(session.tokens.expires_at) : Number.NaN;
    if (!Number.isNaN(expiresAt) && expiresAt - Date.now() <= REFRESH_MARGIN_MS) await this.refresh(session);
    const call = () =>
      this.send(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${session.tokens.access_token}` } });
    let res = await call();
    if (res.status !== 401) return res;
    await res.arrayBuffer().catch(() => undefined);
    if (session.refreshed) throw new CalendarAccessRevoked('Microsoft Graph refuses a freshly refreshed access token.');
    await this.refresh(session);
    res = await call();
    if (res.status === 401) {
      await res.arrayBuffer().catch(() => undefined);
      throw new CalendarAccessRevoked('Microsoft Graph refuses a freshly refreshed access token.');
    }
    return res;
  }

  private async refresh(session: Session): Promise<void> {
    if (!session.tokens.refresh_token)
      throw new CalendarAccessRevoked('The Microsoft access token expired and there is no refresh token.');
    session.tokens = await this.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: session.tokens.refresh_token },
      session.tokens.refresh_token,
    );
    session.refreshed = true;
  }

  /** The token endpoint (a confidential client): new tokens, or CalendarAccessRevoked when the grant is gone. */
  private async tokenRequest(
    params: Record<string, string>,
    previousRefreshToken: string | null,
  ): Promise<CalendarTokens> {
    const res = await this.send(this.config.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        scope: SCOPE,
        ...params,
      }).toString(),
    });
    if (!res.ok) {
      const { code, message } = await errorOf(res);
      if ((res.status === 400 || res.status === 401) && code && REVOKED_GRANT_ERRORS.has(code))
        throw new CalendarAccessRevoked(`Microsoft refused the grant (${code}): ${message}`);
      throw new Error(`The Microsoft token endpoint answered ${res.status} ${code ?? ''}: ${message}`);
    }
    const body = (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number | string };
    if (!body.access_token) throw new Error('The Microsoft token endpoint gave no access_token');
    const expiresIn = Number(body.expires_in);
    return {
      access_token: body.access_token,
      refresh_token: body.refresh_token ?? previousRefreshToken,
      expires_at:
        Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
    };
  }

  /**
   * One HTTP request, retried on throttling (429), service errors (5xx) and network failures: up to
   * MAX_RETRIES more attempts with exponential backoff (Retry-After when given); then a plain Error.
   * A Retry-After longer than the backoff cap is left to the caller's retries.
   */
  private async send(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Response> {
    const target = new URL(url);
    const what = `${init.method ?? 'GET'} ${target.origin}${target.pathname}`;
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      let failure: string;
      try {
        res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        if (res.status !== 429 && res.status < 500) return res;
        const { code, message } = await errorOf(res);
        failure = `${res.status} ${code ?? ''}: ${message}`;
      } catch (err) {
        failure = `network error: ${(err as Error).message}`;
      }
      const asked = res ? retryAfterMs(res) : null;
      const wait = asked ?? Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
      if (attempt >= MAX_RETRIES || wait > BACKOFF_CAP_MS) {
        throw new Error(
          `${what} failed after ${attempt + 1} attempt(s): ${failure}${asked !== null ? ` (Retry-After ${Math.ceil(asked / 1000)} s)` : ''}`,
        );
      }
      await sleep(wait);
    }
  }

  private async failure(what: string, res: Response): Promise<Error> {
    const { code, message } = await errorOf(res);
    return new Error(`${what} answered ${res.status} ${code ?? ''}: ${message}`);
  }
}
