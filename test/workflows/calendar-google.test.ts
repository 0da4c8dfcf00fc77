import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { GoogleCalendarProvider } from '../../activities/providers/calendar/google';
import { SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { givenAccount } from '../support/api';
import { calendarHelpers } from '../support/calendars';
import { FakeGoogle } from '../support/fake-google';
import { serviceFixture } from '../support/temporal';
import { until } from '../support/until';

// The whole path with the real Google adapter: the API and the worker are configured with an OAuth
// client pointing at a local fake of Google's token endpoint and Calendar API.
let google: FakeGoogle;
let f: Awaited<ReturnType<typeof serviceFixture>>;
let h: ReturnType<typeof calendarHelpers>;

beforeAll(async () => {
  google = await new FakeGoogle().start();
  const c = google.config;
  f = await serviceFixture({
    server: 'time-skipping',
    env: {
      GOOGLE_CLIENT_ID: c.clientId,
      GOOGLE_CLIENT_SECRET: c.clientSecret,
      GOOGLE_OAUTH_URL: c.authUrl,
      GOOGLE_TOKEN_URL: c.tokenUrl,
      GOOGLE_CALENDAR_API_URL: c.apiUrl,
    },
    providers: { calendars: { google: new GoogleCalendarProvider(c), microsoft: new GoogleCalendarProvider(c) } },
  });
  h = calendarHelpers(f.api, new SimulatedCalendar(f.db.orm));
});
afterAll(async () => {
  await f.close();
  await google.stop();
});

describe('a Google calendar through the real adapter (local fake of Google)', () => {
  it('When the member consents at Google, then the code is exchanged, the connection syncs from the Calendar API, and its events become meetings', async () => {
    const me = await givenAccount(f.api);
    const email = 'kim@acme.test';
    const now = Date.now();
    const inHours = (n: number) => new Date(now + n * 3_600_000).toISOString();
    google.put(email, {
      id: 'g-1',
      iCalUID: 'g-1@google.com',
      summary: 'Kickoff',
      start: { dateTime: inHours(30) },
      end: { dateTime: inHours(31) },
      hangoutLink: 'https://meet.google.com/kic-koff-now',
    });
    google.put(email, {
      id: 'g-2',
      iCalUID: 'g-2@google.com',
      summary: 'Offsite',
      start: { date: inHours(60).slice(0, 10) },
      end: { date: inHours(84).slice(0, 10) },
    });
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Kim', email } });
    const toGoogle = await f.api.http.get(new URL(link.url).pathname).redirects(0);
    assert.equal(toGoogle.status, 302);
    const authorize = new URL(toGoogle.headers.location!);
    assert.equal(authorize.origin + authorize.pathname, google.authUrl);
    assert.equal(authorize.searchParams.get('access_type'), 'offline');
    assert.equal(authorize.searchParams.get('login_hint'), email);
    assert.match(authorize.searchParams.get('scope')!, /calendar\.readonly/);
    // Google shows its consent page; on "Allow" it sends the browser back with a code.
    const redirectUri = authorize.searchParams.get('redirect_uri')!;
    const code = google.issueCode(email, redirectUri);
    const back = await f.api.http
      .get(`/connect/callback?${new URLSearchParams({ code, state: authorize.searchParams.get('state')! })}`)
      .redirects(0);
    assert.equal(back.status, 302, back.text);
    const done = new URL(back.headers.location!);
    const connectionId = done.searchParams.get('calendar_connection_id')!;
    const get = async (path: string, query: Record<string, string> = {}) => (await f.api.as(me).get(path, query)).body;
    const connection = await until(() => get(`/calendar_connections/${connectionId}`), {
      what: 'synced from Google',
      accept: (c) => c.status === 'active' && c.last_synced_at !== null,
    });
    assert.equal(connection.account_email, email);
    assert.equal(connection.provider, 'google');
    const meetings = (await get('/meetings', { workspace_id: me.workspaceId })).data;
    assert.deepEqual(
      meetings.map((m: { title: string }) => m.title),
      ['Kickoff'],
      'the all-day event is not a meeting',
    );
    assert.equal(meetings[0].meeting_url, 'https://meet.google.com/kic-koff-now');
    assert.equal(meetings[0].calendar_event.ical_uid, 'g-1@google.com');
    assert.ok(google.requests.some((r) => r.path.endsWith('/events') && r.query.get('singleEvents') === 'true'));
  });
});
