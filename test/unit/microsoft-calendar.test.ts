import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { MicrosoftCalendarProvider } from '../../activities/providers/calendar/microsoft';
import {
  CalendarAccessRevoked,
  CalendarCursorExpired,
  type CalendarTokens,
  type ChangesPage,
  type ProviderCalendarEvent,
} from '../../activities/providers/calendar/types';
import { FakeMicrosoft, graphEvent } from '../support/fake-microsoft';

const REDIRECT = 'https://app.example.com/connect/callback';
const SCOPE = 'offline_access openid email User.Read Calendars.Read';
const DELTA = '/v1.0/me/calendarView/delta';

/** n days from now at the given UTC hour, as ISO text. */
const inDays = (n: number, hour = 10) =>
  new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + n * 86_400_000 + hour * 3_600_000).toISOString();

let accounts = 0;

describe('Microsoft calendar adapter', () => {
  let fake: FakeMicrosoft;
  let provider: MicrosoftCalendarProvider;

  beforeAll(async () => {
    fake = await FakeMicrosoft.start();
    provider = new MicrosoftCalendarProvider(fake.config());
  });
  afterAll(async () => {
    await fake.close();
  });

  /** A fresh mailbox with its consent done: the account and the tokens the service keeps. */
  async function connect(opts: { mail?: string | null; userPrincipalName?: string } = {}) {
    const email = `member${++accounts}@contoso.example`;
    fake.addAccount(email, opts);
    const granted = await provider.exchangeCode({ code: fake.issueCode(email, REDIRECT), redirectUri: REDIRECT });
    return { email, ...granted };
  }

  /** Every page of one listing, as syncCalendar walks them. */
  async function listAll(tokens: CalendarTokens, cursor: string | null) {
    const pages: ChangesPage[] = [];
    let pageToken: string | null = null;
    for (;;) {
      const page: ChangesPage = await provider.listChanges({ tokens, cursor, pageToken });
      pages.push(page);
      if (page.tokens) tokens = page.tokens;
      if (page.nextPageToken === null)
        return { pages, events: pages.flatMap((p) => p.events), cursor: page.nextCursor, tokens };
      pageToken = page.nextPageToken;
    }
  }

  describe('consent', () => {
    it('When the consent starts, then the authorize URL asks for a code with the calendar scopes, the state and the login hint', () => {
      const url = new URL(
        provider.authorizeUrl({ state: 'st-123', redirectUri: REDIRECT, loginHint: 'ana@contoso.example' }),
      );
      assert.equal(`${url.origin}${url.pathname}`, fake.config().authUrl);
      assert.equal(url.searchParams.get('client_id'), fake.clientId);
      assert.equal(url.searchParams.get('response_type'), 'code');
      assert.equal(url.searchParams.get('redirect_uri'), REDIRECT);
      assert.equal(url.searchParams.get('response_mode'), 'query');
      assert.equal(url.searchParams.get('scope'), SCOPE);
      assert.equal(url.searchParams.get('state'), 'st-123');
      assert.equal(url.searchParams.get('login_hint'), 'ana@contoso.example');
      assert.equal(
        new URL(provider.authorizeUrl({ state: 's', redirectUri: REDIRECT, loginHint: null })).searchParams.has(
          'login_hint',
        ),
        false,
      );
    });

    it('When the code comes back, then it is exchanged for tokens (refresh token, expiry) and the account email comes from /me', async () => {
      const before = Date.now();
      const { email, tokens, accountEmail } = await connect();
      assert.equal(accountEmail, email);
      assert.ok(tokens.access_token);
      assert.ok(tokens.refresh_token, 'offline_access gives a refresh token');
      const expiresIn = Date.parse(tokens.expires_at!) - before;
      assert.ok(expiresIn > 3590_000 && expiresIn <= 3601_000, String(expiresIn));
      const form = new URLSearchParams(fake.requestsTo('/common/oauth2/v2.0/token').at(-1)!.body);
      assert.equal(form.get('grant_type'), 'authorization_code');
      assert.equal(form.get('redirect_uri'), REDIRECT);
      assert.equal(form.get('client_id'), fake.clientId);
      assert.equal(form.get('client_secret'), fake.clientSecret);
      assert.equal(form.get('scope'), SCOPE);
      assert.equal(fake.requestsTo('/v1.0/me').at(-1)!.headers.authorization, `Bearer ${tokens.access_token}`);
    });

    it('When the account has no mail address, then its user principal name is the account email', async () => {
      const { accountEmail } = await connect({ mail: null, userPrincipalName: 'Upn.Only@Contoso.onmicrosoft.com' });
      assert.equal(accountEmail, 'upn.only@contoso.onmicrosoft.com');
    });

    it('When a code was already used, then the exchange says the access is refused', async () => {
      const email = `member${++accounts}@contoso.example`;
      const code = fake.issueCode(email, REDIRECT);
      await provider.exchangeCode({ code, redirectUri: REDIRECT });
      await assert.rejects(provider.exchangeCode({ code, redirectUri: REDIRECT }), CalendarAccessRevoked);
    });
  });

  describe('listing changes', () => {
    it('When a calendar of 600 events is listed first, then it comes in 3 pages over a window from yesterday to a year ahead, and the delta link then gives a reschedule and a removal', async () => {
      const { email, tokens } = await connect();
      fake.putMany(
        email,
        Array.from({ length: 600 }, (_, i) => graphEvent(`ev-${i}`, inDays(1 + (i % 300), 9 + (i % 8)))),
      );
      fake.put(email, graphEvent('far-away', inDays(400)));
      const since = fake.requests.length;
      const started = Date.now();

      const first = await listAll(tokens, null);
      assert.deepEqual(
        first.pages.map((p) => p.events.length),
        [250, 250, 100],
      );
      assert.deepEqual(
        first.pages.map((p) => p.nextCursor === null),
        [true, true, false],
        'only the last page carries the cursor',
      );
      assert.equal(new Set(first.events.map((e) => e.id)).size, 600);
      assert.ok(!first.events.some((e) => e.id === 'far-away'), 'outside the window');
      assert.ok(
        first.pages.every((p) => p.tokens === undefined),
        'no refresh needed',
      );
      const calls = fake.requests.slice(since);
      assert.equal(calls.length, 3);
      const q = calls[0]!.query;
      assert.equal(calls[0]!.path, DELTA);
      assert.ok(
        Math.abs(Date.parse(q.get('startDateTime')!) - (started - 86_400_000)) < 60_000,
        q.get('startDateTime')!,
      );
      assert.ok(
        Math.abs(Date.parse(q.get('endDateTime')!) - (started + 365 * 86_400_000)) < 60_000,
        q.get('endDateTime')!,
      );
      for (const c of calls) {
        assert.match(String(c.headers.prefer), /odata\.maxpagesize=250/);
        assert.match(String(c.headers.prefer), /outlook\.timezone="UTC"/);
        assert.equal(c.headers.authorization, `Bearer ${tokens.access_token}`);
      }
      assert.ok(calls[1]!.query.has('$skiptoken') && calls[2]!.query.has('$skiptoken'), 'pages follow the next links');

      const moved = inDays(20, 15);
      fake.put(email, graphEvent('ev-7', moved, 45));
      fake.remove(email, 'ev-8');
      const second = await listAll(tokens, first.cursor);
      assert.equal(fake.requests.at(-1)!.query.has('$deltatoken'), true);
      assert.deepEqual(
        second.events.map((e) => [e.id, e.cancelled]),
        [
          ['ev-7', false],
          ['ev-8', true],
        ],
      );
      assert.equal(second.events[0]!.startsAt, moved);
      assert.equal(second.events[0]!.endsAt, new Date(Date.parse(moved) + 45 * 60_000).toISOString());
      assert.ok(second.cursor && second.cursor !== first.cursor);

      const third = await listAll(tokens, second.cursor);
      assert.deepEqual(third.events, [], 'nothing changed since');
    });

    it('When the delta state has expired, then listing from the cursor or a page token throws CalendarCursorExpired, and a full listing works again', async () => {
      const { email, tokens } = await connect();
      fake.putMany(
        email,
        Array.from({ length: 300 }, (_, i) => graphEvent(`x-${i}`, inDays(2, 8 + (i % 10)))),
      );
      const full = await listAll(tokens, null);
      const firstPage = await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.ok(firstPage.nextPageToken);
      fake.expireDeltaStates();
      await assert.rejects(
        provider.listChanges({ tokens, cursor: full.cursor, pageToken: null }),
        CalendarCursorExpired,
      );
      await assert.rejects(
        provider.listChanges({ tokens, cursor: null, pageToken: firstPage.nextPageToken }),
        CalendarCursorExpired,
      );
      assert.equal(fake.requests.at(-1)!.status, 410);
      assert.equal((await listAll(tokens, null)).events.length, 300);
    });

    it('When a stored link points at another host, then it is not followed (no token leaves) and a full listing is asked for', async () => {
      const { tokens } = await connect();
      const since = fake.requests.length;
      await assert.rejects(
        provider.listChanges({
          tokens,
          cursor: 'https://attacker.example/v1.0/me/calendarView/delta?$deltatoken=x',
          pageToken: null,
        }),
        CalendarCursorExpired,
      );
      assert.equal(fake.requests.length, since);
    });

    it('When the cursor comes from a listing over a month old, then the changes since it come first and the same listing goes on over a window from today', async () => {
      const { email, tokens } = await connect();
      fake.put(email, graphEvent('old-1', inDays(3)));
      const full = await listAll(tokens, null);
      const aged = full.cursor!.replace(
        /#listed=.*$/,
        `#listed=${encodeURIComponent(new Date(Date.now() - 40 * 86_400_000).toISOString())}`,
      );
      fake.put(email, graphEvent('new-1', inDays(4)));
      const started = Date.now();
      const changes = await provider.listChanges({ tokens, cursor: aged, pageToken: null });
      assert.deepEqual(
        changes.events.map((e) => e.id),
        ['new-1'],
      );
      assert.equal(changes.nextCursor, null);
      assert.ok(changes.nextPageToken);
      const relist = await provider.listChanges({ tokens, cursor: aged, pageToken: changes.nextPageToken });
      const q = fake.requests.at(-1)!.query;
      assert.ok(Math.abs(Date.parse(q.get('startDateTime')!) - (started - 86_400_000)) < 60_000);
      assert.deepEqual(relist.events.map((e) => e.id).sort(), ['new-1', 'old-1']);
      assert.ok(relist.nextCursor);
      assert.equal(
        (await provider.listChanges({ tokens, cursor: relist.nextCursor, pageToken: null })).nextPageToken,
        null,
        'a fresh cursor is followed as usual',
      );
    });
  });

  describe('throttling and outages', () => {
    it('When Graph throttles once (429, Retry-After: 0), then the adapter retries and the page comes back', async () => {
      const { email, tokens } = await connect();
      fake.put(email, graphEvent('t-1', inDays(2)));
      const since = fake.requests.length;
      fake.failNext([{ status: 429, retryAfter: 0 }]);
      const page = await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.deepEqual(
        page.events.map((e) => e.id),
        ['t-1'],
      );
      assert.deepEqual(
        fake.requests.slice(since).map((r) => r.status),
        [429, 200],
      );
    });

    it('When Graph keeps answering 503, then after 3 retries with growing waits a plain Error is thrown (not a revocation, not an expired cursor)', async () => {
      const { tokens } = await connect();
      const since = fake.requests.length;
      fake.failNext([{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }]);
      const started = Date.now();
      const err = await provider.listChanges({ tokens, cursor: null, pageToken: null }).then(
        () => assert.fail('expected a failure'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof Error);
      assert.ok(!(err instanceof CalendarAccessRevoked) && !(err instanceof CalendarCursorExpired), String(err));
      assert.match(err.message, /503/);
      assert.equal(fake.requests.length - since, 4, 'one call and 3 retries');
      assert.ok(Date.now() - started >= 3_400, 'waited 0.5 + 1 + 2 s');
    });

    it('When Graph asks to wait longer than the adapter waits (Retry-After: 30), then a plain Error comes at once for the caller to retry later', async () => {
      const { tokens } = await connect();
      const since = fake.requests.length;
      fake.failNext([{ status: 429, retryAfter: 30 }]);
      const started = Date.now();
      await assert.rejects(
        provider.listChanges({ tokens, cursor: null, pageToken: null }),
        (e: Error) =>
          !(e instanceof CalendarAccessRevoked) && !(e instanceof CalendarCursorExpired) && /429/.test(e.message),
      );
      assert.ok(Date.now() - started < 1_000);
      assert.equal(fake.requests.length - since, 1);
    });

    it('When the token endpoint is briefly unavailable during a refresh, then the refresh is retried', async () => {
      const { email, tokens } = await connect();
      fake.put(email, graphEvent('r-1', inDays(2)));
      fake.failNext([{ status: 503, retryAfter: 0 }], 'token');
      const page = await provider.listChanges({
        tokens: { ...tokens, expires_at: new Date(Date.now() - 1000).toISOString() },
        cursor: null,
        pageToken: null,
      });
      assert.deepEqual(
        page.events.map((e) => e.id),
        ['r-1'],
      );
      assert.ok(page.tokens);
    });
  });

  describe('tokens', () => {
    it('When the access token has expired at Graph, then it is refreshed once and the page carries the new tokens', async () => {
      const { email, tokens } = await connect();
      fake.put(email, graphEvent('a-1', inDays(2)));
      fake.expireAccessTokens(email);
      const since = fake.requests.length;
      const page = await provider.listChanges({ tokens, cursor: null, pageToken: null });
      assert.deepEqual(
        page.events.map((e) => e.id),
        ['a-1'],
      );
      assert.ok(page.tokens && page.tokens.access_token !== tokens.access_token);
      assert.ok(
        page.tokens.refresh_token && page.tokens.refresh_token !== tokens.refresh_token,
        'a rotated refresh token is kept',
      );
      assert.ok(Date.parse(page.tokens.expires_at!) > Date.now() + 3500_000);
      assert.deepEqual(
        fake.requests.slice(since).map((r) => [r.path, r.status]),
        [
          [DELTA, 401],
          ['/common/oauth2/v2.0/token', 200],
          [DELTA, 200],
        ],
      );
      const form = new URLSearchParams(fake.requests[since + 1]!.body);
      assert.equal(form.get('grant_type'), 'refresh_token');
      assert.equal(form.get('refresh_token'), tokens.refresh_token);
      assert.equal(form.get('scope'), SCOPE);
      assert.equal(form.get('client_secret'), fake.clientSecret);
    });

    it('When the stored expiry has passed and the answer has no refresh token, then the token is refreshed before the call and the old refresh token is kept', async () => {
      const { email, tokens } = await connect();
      fake.put(email, graphEvent('b-1', inDays(2)));
      fake.rotateRefreshTokens = false;
      try {
        const since = fake.requests.length;
        const page = await provider.listChanges({
          tokens: { ...tokens, expires_at: new Date(Date.now() + 30_000).toISOString() },
          cursor: null,
          pageToken: null,
        });
        assert.deepEqual(
          fake.requests.slice(since).map((r) => [r.path, r.status]),
          [
            ['/common/oauth2/v2.0/token', 200],
            [DELTA, 200],
          ],
          'within 60 s of expiry: refreshed first',
        );
        assert.equal(page.tokens?.refresh_token, tokens.refresh_token);
        assert.notEqual(page.tokens?.access_token, tokens.access_token);
      } finally {
        fake.rotateRefreshTokens = true;
      }
    });

    it('When the member revoked the consent, then listing throws CalendarAccessRevoked', async () => {
      const { email, tokens } = await connect();
      fake.revoke(email);
      await assert.rejects(provider.listChanges({ tokens, cursor: null, pageToken: null }), CalendarAccessRevoked);
      assert.equal(fake.requestsTo('/common/oauth2/v2.0/token').at(-1)!.status, 400);
      await assert.rejects(
        provider.listChanges({
          tokens: { ...tokens, expires_at: new Date(0).toISOString() },
          cursor: null,
          pageToken: null,
        }),
        CalendarAccessRevoked,
      );
    });

    it('When Graph still refuses the freshly refreshed token, then listing throws CalendarAccessRevoked', async () => {
      const { tokens } = await connect();
      const since = fake.requests.length;
      const orig = fake.accessTokenSeconds;
      fake.accessTokenSeconds = -10; // what the token endpoint issues is already expired for Graph
      try {
        await assert.rejects(
          provider.listChanges({
            tokens: { ...tokens, access_token: 'not-a-token', expires_at: null },
            cursor: null,
            pageToken: null,
          }),
          CalendarAccessRevoked,
        );
        assert.deepEqual(
          fake.requests.slice(since).map((r) => r.status),
          [401, 200, 401],
        );
      } finally {
        fake.accessTokenSeconds = orig;
      }
    });
  });

  describe('event mapping', () => {
    it('When events carry Teams links, links in the location, rooms, responses, all-day and recurring occurrences, then they read in the service words', async () => {
      const { email, tokens } = await connect();
      const start = inDays(5, 14);
      const day9 = inDays(9).slice(0, 10);
      const person = (address: string, response: string, type = 'required') => ({
        type,
        status: { response, time: '0001-01-01T00:00:00Z' },
        emailAddress: { name: address.split('@')[0], address },
      });
      fake.putMany(email, [
        graphEvent('teams', start, 60, {
          subject: 'Weekly sync',
          onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0' },
          location: { displayName: 'Microsoft Teams Meeting' },
          attendees: [
            person('acc@contoso.example', 'accepted'),
            person('dec@contoso.example', 'declined'),
            person('ten@contoso.example', 'tentativelyAccepted'),
            person('none@contoso.example', 'none'),
            person('nr@contoso.example', 'notResponded', 'optional'),
            person('olga@contoso.example', 'organizer'),
            person('room-4@contoso.example', 'accepted', 'resource'),
          ],
        }),
        graphEvent('zoom-in-location', start, 30, {
          location: { displayName: 'Room 4 / https://contoso.zoom.us/j/123456?pwd=abc' },
        }),
        graphEvent('skype', start, 30, { onlineMeetingUrl: 'https://meet.lync.com/contoso/olga/XYZ' }),
        graphEvent('plain', start, 30, { location: { displayName: 'Room 4' }, organizer: null }),
        graphEvent('all-day', inDays(6, 0), 24 * 60, { isAllDay: true }),
        graphEvent('occ-1', inDays(7, 9), 30, {
          type: 'occurrence',
          originalStart: inDays(7, 9).replace('.000Z', 'Z'),
          seriesMasterId: 'master-1',
        }),
        graphEvent('exc-1', inDays(8, 11), 30, {
          type: 'exception',
          originalStart: inDays(8, 9).replace('.000Z', 'Z'),
          seriesMasterId: 'master-1',
        }),
        graphEvent('cancelled', start, 30, { isCancelled: true, subject: 'Canceled: Weekly sync' }),
        {
          ...graphEvent('raw-utc', start),
          start: { dateTime: `${day9}T09:30:00.0000000`, timeZone: 'UTC' },
          end: { dateTime: `${day9}T10:15:00.0000000`, timeZone: 'UTC' },
        },
      ]);
      const { events } = await listAll(tokens, null);
      const byId = new Map<string, ProviderCalendarEvent>(events.map((e) => [e.id, e]));

      const teams = byId.get('teams')!;
      assert.deepEqual(teams, {
        id: 'teams',
        cancelled: false,
        icalUid: '040000008200E00074C5B7101A82E008-teams',
        recurring: false,
        originalStartsAt: null,
        title: 'Weekly sync',
        startsAt: start,
        endsAt: new Date(Date.parse(start) + 3_600_000).toISOString(),
        meetingUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0',
        organizer: { name: 'Olga Organiser', email: 'olga@contoso.example' },
        attendees: [
          { name: 'acc', email: 'acc@contoso.example', response: 'accepted' },
          { name: 'dec', email: 'dec@contoso.example', response: 'declined' },
          { name: 'ten', email: 'ten@contoso.example', response: 'tentative' },
          { name: 'none', email: 'none@contoso.example', response: 'needs_action' },
          { name: 'nr', email: 'nr@contoso.example', response: 'needs_action' },
          { name: 'olga', email: 'olga@contoso.example', response: 'accepted' },
        ],
      });
      assert.equal(byId.get('zoom-in-location')!.meetingUrl, 'https://contoso.zoom.us/j/123456?pwd=abc');
      assert.equal(byId.get('skype')!.meetingUrl, 'https://meet.lync.com/contoso/olga/XYZ');
      assert.equal(byId.get('plain')!.meetingUrl, null);
      assert.equal(byId.get('plain')!.organizer, null);
      assert.equal(byId.get('all-day')!.startsAt, null, 'all-day events are no meetings');
      assert.equal(byId.get('all-day')!.cancelled, false);
      assert.deepEqual(
        ['occ-1', 'exc-1'].map((id) => [
          byId.get(id)!.recurring,
          byId.get(id)!.originalStartsAt,
          byId.get(id)!.startsAt,
        ]),
        [
          [true, inDays(7, 9), inDays(7, 9)],
          [true, inDays(8, 9), inDays(8, 11)],
        ],
      );
      assert.equal(byId.get('cancelled')!.cancelled, true);
      assert.equal(byId.get('raw-utc')!.startsAt, `${day9}T09:30:00.000Z`, 'a date-time without offset is UTC');
      assert.equal(byId.get('raw-utc')!.endsAt, `${day9}T10:15:00.000Z`);
    });

    it('When occurrences of a series are listed, then they carry the series master’s iCalUId (one lookup per series), so a series is one UID', async () => {
      const { email, tokens } = await connect();
      // The master starts in the past (outside the listed window), as a long-running series does.
      fake.put(email, graphEvent('master-s', inDays(-40, 9), 30, { type: 'seriesMaster', iCalUId: 'series-uid-s' }));
      fake.putMany(
        email,
        Array.from({ length: 300 }, (_, i) =>
          graphEvent(`occ-s-${i}`, inDays(i + 1, 9), 30, {
            type: 'occurrence',
            originalStart: inDays(i + 1, 9).replace('.000Z', 'Z'),
            seriesMasterId: 'master-s',
          }),
        ),
      );
      const { pages, events } = await listAll(tokens, null);
      assert.ok(pages.length > 1, 'the occurrences span several pages');
      const occurrences = events.filter((e) => e.id.startsWith('occ-s-'));
      assert.equal(occurrences.length, 300);
      assert.deepEqual([...new Set(occurrences.map((e) => e.icalUid))], ['series-uid-s']);
      assert.equal(fake.requestsTo('/v1.0/me/events/master-s').length, 1, 'the master is read once');
    });

    it('When an event is deleted, then the incremental listing reports it cancelled by id alone', async () => {
      const { email, tokens } = await connect();
      fake.put(email, graphEvent('gone-1', inDays(3)));
      const full = await listAll(tokens, null);
      fake.remove(email, 'gone-1');
      const { events } = await listAll(tokens, full.cursor);
      assert.deepEqual(events, [
        {
          id: 'gone-1',
          cancelled: true,
          icalUid: null,
          recurring: false,
          originalStartsAt: null,
          title: null,
          startsAt: null,
          endsAt: null,
          meetingUrl: null,
          organizer: null,
          attendees: [],
        },
      ]);
    });
  });

  describe('push', () => {
    it('When the service watches a calendar, then a Graph subscription on me/events is created with the address and clientState', async () => {
      const { tokens } = await connect();
      const before = Date.now();
      await provider.watch({
        tokens,
        address: 'https://api.example.com/api/v1/provider_callbacks/calendar/cal_1',
        channelId: 'cal_1',
        token: 'mac-of-cal_1',
      });
      const sub = fake.subscriptions.at(-1)!;
      assert.equal(sub.changeType, 'created,updated,deleted');
      assert.equal(sub.notificationUrl, 'https://api.example.com/api/v1/provider_callbacks/calendar/cal_1');
      assert.equal(sub.resource, 'me/events');
      assert.equal(sub.clientState, 'mac-of-cal_1');
      const minutes = (Date.parse(String(sub.expirationDateTime)) - before) / 60_000;
      assert.ok(minutes > 4229 && minutes <= 4231, String(minutes));
      const call = fake.requestsTo('/v1.0/subscriptions').at(-1)!;
      assert.equal(call.method, 'POST');
      assert.equal(call.headers.authorization, `Bearer ${tokens.access_token}`);
      assert.match(String(call.headers['content-type']), /^application\/json/);
    });

    it('When Graph refuses the subscription, then watch fails with a plain Error', async () => {
      const { tokens } = await connect();
      await assert.rejects(
        provider.watch({ tokens, address: 'http://not-https.example/cb', channelId: 'c', token: 't' }),
        (e: Error) => !(e instanceof CalendarAccessRevoked) && /400/.test(e.message),
      );
    });
  });
});
