import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, it } from '@jest/globals';
import { GoogleCalendarProvider } from '../../activities/providers/calendar/google';
import {
  CalendarAccessRevoked,
  CalendarCursorExpired,
  type CalendarTokens,
  type ChangesPage,
  type ProviderCalendarEvent,
} from '../../activities/providers/calendar/types';
import { FakeGoogle, type GoogleEventResource } from '../support/fake-google';

const ME = 'ada@example.com';
const REDIRECT = 'https://app.example.com/connect/callback';
// One instant for the whole file: two readings of the clock a millisecond apart made an hour-long event last 3,600,001 ms.
const NOW = Date.now();
const hours = (n: number) => new Date(NOW + n * 3_600_000).toISOString();

/** A timed event `startInHours` from now lasting an hour. */
const timed = (id: string, startInHours: number, extra: Partial<GoogleEventResource> = {}): GoogleEventResource => ({
  id,
  iCalUID: `${id}@google.com`,
  summary: `Meeting ${id}`,
  start: { dateTime: hours(startInHours), timeZone: 'Europe/Paris' },
  end: { dateTime: hours(startInHours + 1), timeZone: 'Europe/Paris' },
  ...extra,
});

/** Every page of one listing, as syncCalendar walks them. */
async function listAll(
  provider: GoogleCalendarProvider,
  tokens: CalendarTokens,
  cursor: string | null,
): Promise<{ pages: ChangesPage[]; events: ProviderCalendarEvent[]; cursor: string }> {
  const pages: ChangesPage[] = [];
  let pageToken: string | null = null;
  for (;;) {
    const page = await provider.listChanges({ tokens, cursor, pageToken });
    pages.push(page);
    if (page.tokens) tokens = page.tokens;
    if (page.nextPageToken === null) return { pages, events: pages.flatMap((p) => p.events), cursor: page.nextCursor! };
    pageToken = page.nextPageToken;
  }
}

/** The day a moved occurrence lands on: a month ahead, inside the year a full listing covers. */
const MOVED_DAY = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
describe('Google Calendar adapter', () => {
  let google: FakeGoogle;
  let provider: GoogleCalendarProvider;
  let tokens: CalendarTokens;

  beforeAll(async () => {
    google = await new FakeGoogle().start();
  });
  afterAll(async () => {
    await google.stop();
  });
  beforeEach(() => {
    google.requests = [];
    provider = new GoogleCalendarProvider(google.config);
    tokens = google.grant(ME);
  });

  describe('consent', () => {
    it('When the consent starts, then the Google URL asks for offline read access to the calendar with the state and the login hint', () => {
      const url = new URL(
        provider.authorizeUrl({ state: 'link-token', redirectUri: REDIRECT, loginHint: 'ada@example.com' }),
      );
      assert.equal(`${url.origin}${url.pathname}`, google.authUrl);
      assert.deepEqual(Object.fromEntries(url.searchParams), {
        client_id: google.clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid email https://www.googleapis.com/auth/calendar.readonly',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: 'link-token',
        login_hint: 'ada@example.com',
      });
      const noHint = new URL(provider.authorizeUrl({ state: 's', redirectUri: REDIRECT, loginHint: null }));
      assert.equal(noHint.searchParams.has('login_hint'), false);
    });

    it('When Google sends a consent code back, then it becomes tokens (with a refresh token and an expiry) and the account email', async () => {
      const code = google.issueCode('Grace@Example.com', REDIRECT);
      const before = Date.now();
      const granted = await provider.exchangeCode({ code, redirectUri: REDIRECT });
      assert.equal(granted.accountEmail, 'grace@example.com');
      assert.match(granted.tokens.access_token, /^ya29\./);
      assert.match(granted.tokens.refresh_token ?? '', /^1\/\//);
      const expiresAt = Date.parse(granted.tokens.expires_at!);
      assert.ok(expiresAt >= before + 3599_000 && expiresAt <= Date.now() + 3599_000, granted.tokens.expires_at!);
      const [exchange] = google.tokenRequests;
      assert.deepEqual(Object.fromEntries(new URLSearchParams(exchange!.body)), {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      });
      assert.equal(google.apiRequests[0]!.headers.authorization, `Bearer ${granted.tokens.access_token}`);
      // The tokens work.
      assert.deepEqual(
        (await provider.listChanges({ tokens: granted.tokens, cursor: null, pageToken: null })).events,
        [],
      );
    });

    it('When a consent code is used twice, then the second exchange is refused as a revoked grant', async () => {
      const code = google.issueCode(ME, REDIRECT);
      await provider.exchangeCode({ code, redirectUri: REDIRECT });
      await assert.rejects(provider.exchangeCode({ code, redirectUri: REDIRECT }), CalendarAccessRevoked);
    });

    it('When the member unticks the calendar on the consent screen, then the exchange is refused', async () => {
      const code = google.issueCode(ME, REDIRECT, 'openid https://www.googleapis.com/auth/userinfo.email');
      await assert.rejects(provider.exchangeCode({ code, redirectUri: REDIRECT }), CalendarAccessRevoked);
    });
  });

  describe('listing changes', () => {
    it('When a calendar of 600 upcoming events is listed the first time, then three pages of expanded occurrences from a day back come, and the last gives a cursor', async () => {
      const email = 'big@example.com';
      for (let i = 0; i < 600; i++) google.put(email, timed(`evt${i}`, 1 + i));
      google.put(email, timed('long-past', -72));
      const own = google.grant(email);
      const first = await listAll(provider, own, null);
      assert.deepEqual(
        first.pages.map((p) => p.events.length),
        [250, 250, 100],
      );
      assert.deepEqual(
        first.pages.map((p) => p.nextCursor === null),
        [true, true, false],
      );
      assert.equal(new Set(first.events.map((e) => e.id)).size, 600);
      assert.equal(
        first.events.some((e) => e.id === 'long-past'),
        false,
        'events ended before yesterday are not listed',
      );
      const lists = google.apiRequests;
      assert.equal(lists.length, 3);
      for (const r of lists) {
        assert.equal(r.query.get('singleEvents'), 'true');
        assert.equal(r.query.get('maxResults'), '250');
        assert.equal(r.query.has('syncToken'), false);
      }
      const timeMin = Date.parse(lists[0]!.query.get('timeMin')!);
      assert.ok(Math.abs(timeMin - (Date.now() - 86_400_000)) < 60_000, lists[0]!.query.get('timeMin')!);
      assert.ok(
        lists.every((r) => r.query.get('timeMin') === lists[0]!.query.get('timeMin')),
        'every page repeats the first page’s window',
      );
      assert.deepEqual(
        lists.map((r) => r.query.has('pageToken')),
        [false, true, true],
      );
      assert.equal(
        first.pages.some((p) => p.tokens),
        false,
        'no refresh, no tokens to store',
      );

      // A reschedule and a cancellation since.
      google.put(email, timed('evt3', 30));
      google.cancel(email, 'evt7');
      google.requests = [];
      const next = await listAll(provider, own, first.cursor);
      assert.deepEqual(
        next.events.map((e) => [e.id, e.cancelled]),
        [
          ['evt3', false],
          ['evt7', true],
        ],
      );
      assert.ok(Math.abs(Date.parse(next.events[0]!.startsAt!) - (Date.now() + 30 * 3_600_000)) < 60_000);
      const [incremental] = google.apiRequests;
      assert.equal(incremental!.query.get('syncToken'), first.cursor);
      assert.equal(incremental!.query.has('timeMin'), false);
      assert.equal(incremental!.query.get('singleEvents'), 'true');
      assert.notEqual(next.cursor, first.cursor);

      // Nothing changed: an empty page, a cursor still.
      const quiet = await listAll(provider, own, next.cursor);
      assert.deepEqual(quiet.events, []);
      assert.ok(quiet.cursor);
    });

    it('When the sync token has expired, then the listing throws CalendarCursorExpired, and a full listing works again', async () => {
      google.put(ME, timed('a', 2));
      const { cursor } = await listAll(provider, tokens, null);
      google.expireSyncTokens(ME);
      await assert.rejects(provider.listChanges({ tokens, cursor, pageToken: null }), CalendarCursorExpired);
      const again = await listAll(provider, tokens, null);
      assert.ok(again.events.some((e) => e.id === 'a'));
    });
  });

  describe('transient failures', () => {
    it('When Google answers 429 twice, then the adapter retries by itself and the page comes', async () => {
      google.put(ME, timed('r', 2));
      google.failNext(2, { status: 429, retryAfter: 0 });
      const page = await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.ok(page.events.some((e) => e.id === 'r'));
      assert.deepEqual(
        google.apiRequests.map((r) => r.status),
        [429, 429, 200],
      );
    });

    it('When Google answers 403 userRateLimitExceeded, then it is retried like a 429', async () => {
      google.failNext(1, { status: 403, reason: 'userRateLimitExceeded', retryAfter: 0 });
      await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.deepEqual(
        google.apiRequests.map((r) => r.status),
        [403, 200],
      );
    });

    it('When Google asks to retry after a second, then the adapter waits that long', async () => {
      google.failNext(1, { status: 503, retryAfter: 1 });
      const started = Date.now();
      await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.ok(Date.now() - started >= 950, String(Date.now() - started));
      assert.equal(google.apiRequests.length, 2);
    });

    it('When Google answers 503 without Retry-After, then the waits grow (half a second, then a second)', async () => {
      google.failNext(2, { status: 503 });
      const started = Date.now();
      await provider.listChanges({ tokens, cursor: null, pageToken: null });
      const took = Date.now() - started;
      assert.ok(took >= 1_450 && took < 4_000, String(took));
      assert.equal(google.apiRequests.length, 3);
    });

    it('When Google keeps answering 503, then after three retries a plain error is thrown (for the activity to retry later)', async () => {
      google.failNext(4, { status: 503, retryAfter: 0 });
      const err = await provider.listChanges({ tokens, cursor: null, pageToken: null }).then(
        () => assert.fail('should have thrown'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof Error);
      assert.ok(!(err instanceof CalendarAccessRevoked) && !(err instanceof CalendarCursorExpired));
      assert.match(err.message, /503/);
      assert.deepEqual(
        google.apiRequests.map((r) => r.status),
        [503, 503, 503, 503],
      );
    });
  });

  describe('tokens', () => {
    it('When the stored access token has expired, then it is refreshed before listing and the page carries the new one with the same refresh token', async () => {
      const stale = { ...tokens, expires_at: new Date(Date.now() - 1000).toISOString() };
      google.expireAccessTokens(ME);
      const page = await provider.listChanges({ tokens: stale, cursor: null, pageToken: null });
      assert.ok(page.tokens);
      assert.notEqual(page.tokens.access_token, tokens.access_token);
      assert.equal(page.tokens.refresh_token, tokens.refresh_token);
      assert.ok(Date.parse(page.tokens.expires_at!) > Date.now() + 3_000_000);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(google.tokenRequests[0]!.body)), {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      });
      assert.deepEqual(
        google.apiRequests.map((r) => r.status),
        [200],
        'refreshed first: no refused call',
      );
    });

    it('When Google refuses an access token the service thought valid, then the adapter refreshes once and retries', async () => {
      google.expireAccessTokens(ME);
      const page = await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.ok(page.tokens && page.tokens.access_token !== tokens.access_token);
      assert.equal(page.tokens.refresh_token, tokens.refresh_token);
      assert.deepEqual(
        google.apiRequests.map((r) => r.status),
        [401, 200],
      );
      assert.equal(google.tokenRequests.length, 1);
    });

    it('When the member revoked the access, then listing and watching throw CalendarAccessRevoked', async () => {
      google.revoke(ME);
      await assert.rejects(provider.listChanges({ tokens, cursor: null, pageToken: null }), CalendarAccessRevoked);
      await assert.rejects(
        provider.watch({ tokens, address: 'https://api.example.com/cb', channelId: 'cal_1', token: 't' }),
        CalendarAccessRevoked,
      );
      assert.deepEqual(
        google.tokenRequests.map((r) => r.status),
        [400, 400],
      );
    });

    it('When the grant does not cover the calendar (403 insufficientPermissions), then access is revoked rather than retried', async () => {
      google.failNext(1, { status: 403, reason: 'insufficientPermissions' });
      await assert.rejects(provider.listChanges({ tokens, cursor: null, pageToken: null }), CalendarAccessRevoked);
      assert.equal(google.apiRequests.length, 1);
    });

    it('When the stored token has no refresh token and expires, then access is revoked (a new consent is needed)', async () => {
      google.expireAccessTokens(ME);
      await assert.rejects(
        provider.listChanges({ tokens: { ...tokens, refresh_token: null }, cursor: null, pageToken: null }),
        CalendarAccessRevoked,
      );
      assert.equal(google.tokenRequests.length, 0);
    });
  });

  describe('event mapping', () => {
    const email = 'mapping@example.com';
    let events: Map<string, ProviderCalendarEvent>;

    beforeAll(async () => {
      google.put(email, {
        ...timed('meet', 3),
        hangoutLink: 'https://meet.google.com/abc-defg-hij',
        conferenceData: {
          entryPoints: [
            { entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij' },
            { entryPointType: 'phone', uri: 'tel:+33-1-23-45-67-89' },
          ],
        },
        organizer: { email: 'boss@example.com', displayName: 'The Boss' },
        attendees: [
          { email: 'boss@example.com', displayName: 'The Boss', organizer: true, responseStatus: 'accepted' },
          { email: ME, self: true, responseStatus: 'needsAction' },
          { email: 'c@example.com', responseStatus: 'declined' },
          { email: 'd@example.com', responseStatus: 'tentative' },
          {
            email: 'c_1888abc@resource.calendar.google.com',
            displayName: 'Room 4',
            resource: true,
            responseStatus: 'accepted',
          },
        ],
      });
      google.put(email, {
        ...timed('zoom', 4),
        conferenceData: {
          entryPoints: [
            { entryPointType: 'phone', uri: 'tel:+1-555' },
            { entryPointType: 'video', uri: 'https://us02web.zoom.us/j/123456789?pwd=abc' },
          ],
        },
      });
      google.put(email, {
        ...timed('located', 5),
        location: 'Teams: https://teams.microsoft.com/l/meetup-join/19%3ameeting_x, room 2',
      });
      google.put(email, { ...timed('plain', 6), location: 'Room 2', summary: undefined, iCalUID: undefined });
      google.put(email, {
        id: 'holiday',
        iCalUID: 'holiday@google.com',
        summary: 'Holiday',
        start: { date: hours(48).slice(0, 10) },
        end: { date: hours(72).slice(0, 10) },
      });
      const original = new Date(Date.now() + 7 * 86_400_000);
      original.setUTCHours(9, 0, 0, 0);
      google.put(email, {
        ...timed('weekly_20300101T090000Z', 170),
        recurringEventId: 'weekly',
        iCalUID: 'weekly@google.com',
        originalStartTime: { dateTime: original.toISOString().replace('.000Z', '+00:00'), timeZone: 'UTC' },
        start: { dateTime: `${MOVED_DAY}T11:00:00+02:00` },
        end: { dateTime: `${MOVED_DAY}T11:30:00+02:00` },
      });
      events = new Map(
        (await listAll(new GoogleCalendarProvider(google.config), google.grant(email), null)).events.map((e) => [
          e.id,
          e,
        ]),
      );
    });

    it('When an event has a Meet link, then the link, organizer and attendees (rooms skipped, responses in the service’s words) are mapped', () => {
      const e = events.get('meet')!;
      assert.equal(e.meetingUrl, 'https://meet.google.com/abc-defg-hij');
      assert.equal(e.icalUid, 'meet@google.com');
      assert.equal(e.title, 'Meeting meet');
      assert.equal(e.cancelled, false);
      assert.equal(e.recurring, false);
      assert.equal(e.originalStartsAt, null);
      assert.match(e.startsAt!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(Date.parse(e.endsAt!) - Date.parse(e.startsAt!), 3_600_000);
      assert.deepEqual(e.organizer, { name: 'The Boss', email: 'boss@example.com' });
      assert.deepEqual(e.attendees, [
        { name: 'The Boss', email: 'boss@example.com', response: 'accepted' },
        { name: null, email: ME, response: 'needs_action' },
        { name: null, email: 'c@example.com', response: 'declined' },
        { name: null, email: 'd@example.com', response: 'tentative' },
      ]);
    });

    it('When the video link is only in the conference data, then that link is the meeting URL', () => {
      assert.equal(events.get('zoom')!.meetingUrl, 'https://us02web.zoom.us/j/123456789?pwd=abc');
    });

    it('When the link is written in the location, then it is found there', () => {
      assert.equal(events.get('located')!.meetingUrl, 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_x');
    });

    it('When an event has no link, no title and no organizer, then those are null', () => {
      const e = events.get('plain')!;
      assert.deepEqual([e.meetingUrl, e.title, e.icalUid, e.organizer], [null, null, null, null]);
      assert.deepEqual(e.attendees, []);
    });

    it('When an event lasts all day, then it has no start time (the service skips it)', () => {
      const e = events.get('holiday')!;
      assert.equal(e.startsAt, null);
      assert.equal(e.endsAt, null);
    });

    it('When an occurrence of a recurring event was moved, then it is recurring, keeps its original start, and its times are UTC ISO', () => {
      const e = events.get('weekly_20300101T090000Z')!;
      assert.equal(e.recurring, true);
      assert.equal(e.icalUid, 'weekly@google.com');
      const original = new Date(Date.now() + 7 * 86_400_000);
      original.setUTCHours(9, 0, 0, 0);
      assert.equal(e.originalStartsAt, original.toISOString());
      assert.equal(e.startsAt, `${MOVED_DAY}T09:00:00.000Z`);
      assert.equal(e.endsAt, `${MOVED_DAY}T09:30:00.000Z`);
    });

    it('When an occurrence is cancelled, then the incremental listing gives it cancelled, by id, with its original start', async () => {
      const own = google.grant(email);
      const { cursor } = await listAll(provider, own, null);
      google.cancel(email, 'weekly_20300101T090000Z');
      const { events: changed } = await listAll(provider, own, cursor);
      assert.equal(changed.length, 1);
      assert.equal(changed[0]!.id, 'weekly_20300101T090000Z');
      assert.equal(changed[0]!.cancelled, true);
      assert.equal(changed[0]!.recurring, true);
      assert.equal(changed[0]!.icalUid, null);
      assert.equal(changed[0]!.startsAt, null);
      const original = new Date(Date.now() + 7 * 86_400_000);
      original.setUTCHours(9, 0, 0, 0);
      assert.equal(changed[0]!.originalStartsAt, original.toISOString());
    });
  });

  describe('push notifications', () => {
    it('When the service watches a calendar, then Google gets a web_hook channel with a fresh id, the address and the token', async () => {
      await provider.watch({
        tokens,
        address: 'https://api.example.com/api/v1/provider_callbacks/calendar/cal_1',
        channelId: 'cal_1',
        token: 'mac-of-cal_1',
      });
      await provider.watch({
        tokens,
        address: 'https://api.example.com/api/v1/provider_callbacks/calendar/cal_1',
        channelId: 'cal_1',
        token: 'mac-of-cal_1',
      });
      const [first, second] = google.apiRequests;
      assert.equal(first!.method, 'POST');
      assert.equal(first!.path, '/calendar/v3/calendars/primary/events/watch');
      assert.equal(first!.headers.authorization, `Bearer ${tokens.access_token}`);
      assert.match(String(first!.headers['content-type']), /^application\/json/);
      const body = JSON.parse(first!.body) as Record<string, unknown>;
      assert.deepEqual(Object.keys(body).sort(), ['address', 'id', 'token', 'type']);
      assert.match(String(body.id), /^cal_1-\d+$/);
      assert.equal(body.type, 'web_hook');
      assert.equal(body.address, 'https://api.example.com/api/v1/provider_callbacks/calendar/cal_1');
      assert.equal(body.token, 'mac-of-cal_1');
      assert.equal(second!.status, 200, 'a second watch uses another channel id');
      assert.notEqual(JSON.parse(second!.body).id, body.id);
    });

    it('When Google refuses the channel (an http address), then a plain error says why', async () => {
      await assert.rejects(
        provider.watch({ tokens, address: 'http://api.example.com/cb', channelId: 'cal_2', token: 't' }),
        (err: unknown) => {
          assert.ok(err instanceof Error && !(err instanceof CalendarAccessRevoked));
          assert.match(err.message, /400.*HTTPS/);
          return true;
        },
      );
    });
  });
});
