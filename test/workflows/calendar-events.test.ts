import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, grant } from '../support/api';
import { grantAccess } from '../../services/accounts';
import { upsertCalendarEvent } from '../../services/calendar-events';
import { serviceFixture } from '../support/temporal';
import { inDays } from '../support/calendars';
import { roomInWindow, until } from '../support/until';

// A dev server (real time) with a worker: calendar bots are real bot workflows waiting to join
// days from now; cancellations and reschedules reach them as signals.
let f: Awaited<ReturnType<typeof serviceFixture>>;
let db: typeof f.db;
let t: typeof f.t;
let api: typeof f.api;

beforeAll(async () => {
  f = await serviceFixture({ server: 'dev' });
  ({ db, t, api } = f);
});
afterAll(() => f.close());

type Account = Awaited<ReturnType<typeof givenAccount>>;
let uid = 0;

const push = (me: Account, body: Record<string, unknown>) =>
  api.as(me).post('/calendar_events', { workspace_id: me.workspaceId, ...body });
const event = (over: Record<string, unknown> = {}) => ({
  ical_uid: `evt-${++uid}@calendar.test`,
  title: 'Weekly sync',
  starts_at: inDays(3),
  ends_at: inDays(3, 11),
  meeting_url: 'https://meet.google.com/cal-abcd-efg',
  organizer: { name: 'Ann', email: 'ann@acme.test' },
  attendees: [
    { email: 'ann@acme.test', name: 'Ann', response: 'accepted' },
    { email: 'guest@else.test', response: 'needs_action' },
  ],
  ...over,
});
const eventsOf = async (me: Account, meetingId: string, type: string) =>
  (await api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, type, limit: 100 })).body.data.filter(
    (e: { data: { object: { id: string } } }) => e.data.object.id === meetingId,
  );

async function withMember(): Promise<Account & { annId: string }> {
  const me = await givenAccount(api);
  const ann = await api.http
    .post('/api/v1/members')
    .set('Authorization', me.key)
    .send({ workspace_id: me.workspaceId, name: 'Ann', email: 'ann@acme.test' });
  return { ...me, annId: ann.body.id };
}

describe('pushed calendar events', () => {
  it('When an event is pushed, then it answers the calendar event, its meeting appears with it, and a bot is scheduled to join at the start', async () => {
    const me = await withMember();
    const body = event({ metadata: { crm: 'opp-1' } });
    const res = await push(me, body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body).sort(), [
      'attendees',
      'cancelled_at',
      'created_at',
      'ends_at',
      'ical_uid',
      'id',
      'meeting_id',
      'meeting_url',
      'metadata',
      'object',
      'organizer',
      'recurring',
      'source',
      'starts_at',
      'title',
      'updated_at',
    ]);
    assert.match(res.body.id, /^cev_/);
    assert.equal(res.body.object, 'calendar_event');
    assert.equal(res.body.source, 'calendar_sync');
    assert.equal(res.body.recurring, false);
    assert.deepEqual(res.body.organizer, { name: 'Ann', email: 'ann@acme.test', member_id: me.annId });
    assert.deepEqual(res.body.attendees, [
      { name: 'Ann', email: 'ann@acme.test', member_id: me.annId, response: 'accepted' },
      { name: null, email: 'guest@else.test', member_id: null, response: 'needs_action' },
    ]);
    assert.deepEqual(res.body.metadata, { crm: 'opp-1' });
    const meeting = (await api.as(me).get(`/meetings/${res.body.meeting_id}`)).body;
    assert.equal(meeting.source, 'calendar_sync');
    assert.equal(meeting.phase, 'upcoming');
    assert.equal(meeting.platform, 'meet');
    assert.equal(meeting.member_id, me.annId);
    assert.deepEqual(meeting.calendar_event, res.body);
    assert.equal(meeting.recordings.length, 1);
    assert.equal(meeting.recordings[0].status, 'queued');
    assert.equal(meeting.recordings[0].started_at, body.starts_at);
    const bot = (await api.as(me).get(`/bots/${meeting.recordings[0].id}`)).body;
    assert.equal(bot.join_at, body.starts_at);
    assert.equal(bot.meeting_id, meeting.id);
    const created = await eventsOf(me, meeting.id, 'meeting.created');
    assert.equal(created.length, 1);
    assert.equal(created[0].data.object.recordings.length, 1, 'meeting.created already shows the bot');
    assert.equal((await eventsOf(me, meeting.id, 'meeting.updated')).length, 0);
  });

  it('When the same event is pushed again, then nothing changes and nothing is emitted; metadata merges without meeting.updated', async () => {
    const me = await withMember();
    const body = event();
    const first = await push(me, body);
    const updatesBefore = (await eventsOf(me, first.body.meeting_id, 'meeting.updated')).length;
    const again = await push(me, body);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    const withMetadata = await push(me, { ...body, metadata: { note: 'x' } });
    assert.deepEqual(withMetadata.body.metadata, { note: 'x' });
    const merged = await push(me, { ...body, metadata: { other: 'y' } });
    assert.deepEqual(merged.body.metadata, { note: 'x', other: 'y' });
    assert.equal((await eventsOf(me, first.body.meeting_id, 'meeting.updated')).length, updatesBefore);
    const meeting = (await api.as(me).get(`/meetings/${first.body.meeting_id}`)).body;
    assert.equal(meeting.recordings.length, 1, 'still one bot');
  });

  it('When the event is rescheduled or its link changes, then the meeting keeps its id, meeting.updated is emitted, and the bot moves', async () => {
    const me = await withMember();
    const body = event();
    const first = await push(me, body);
    const moved = await push(me, {
      ...body,
      starts_at: inDays(4),
      ends_at: inDays(4, 11),
      meeting_url: 'https://zoom.us/j/987654321',
    });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.meeting_id, first.body.meeting_id);
    assert.equal(moved.body.starts_at, inDays(4));
    const meeting = (await api.as(me).get(`/meetings/${first.body.meeting_id}`)).body;
    assert.equal(meeting.platform, 'zoom');
    assert.equal(meeting.recordings.length, 1);
    const bot = (await api.as(me).get(`/bots/${meeting.recordings[0].id}`)).body;
    assert.equal(bot.join_at, inDays(4));
    assert.equal(bot.meeting_url, 'https://zoom.us/j/987654321');
    const updates = await eventsOf(me, first.body.meeting_id, 'meeting.updated');
    assert.ok(updates.some((e: { data: { object: { starts_at: string } } }) => e.data.object.starts_at === inDays(4)));
    // A new link alone reaches the queued bot too.
    await push(me, {
      ...body,
      starts_at: inDays(4),
      ends_at: inDays(4, 11),
      meeting_url: 'https://teams.microsoft.com/l/meetup-join/abc',
    });
    assert.equal(
      (await api.as(me).get(`/bots/${meeting.recordings[0].id}`)).body.meeting_url,
      'https://teams.microsoft.com/l/meetup-join/abc',
    );
  });

  it('When the event is cancelled, then the meeting reads cancelled, is listed only with phase=cancelled, and its bot is cancelled', async () => {
    const me = await withMember();
    const body = event();
    const first = await push(me, body);
    const botId = (await api.as(me).get(`/meetings/${first.body.meeting_id}`)).body.recordings[0].id;
    const cancelled = await push(me, { ...body, cancelled: true });
    assert.ok(cancelled.body.cancelled_at);
    const meeting = (await api.as(me).get(`/meetings/${first.body.meeting_id}`)).body;
    assert.equal(meeting.phase, 'cancelled');
    const listed = (await api.as(me).get('/meetings', { workspace_id: me.workspaceId })).body.data.map(
      (m: { id: string }) => m.id,
    );
    assert.ok(!listed.includes(meeting.id));
    const onlyCancelled = (
      await api.as(me).get('/meetings', { workspace_id: me.workspaceId, phase: 'cancelled' })
    ).body.data.map((m: { id: string }) => m.id);
    assert.deepEqual(onlyCancelled, [meeting.id]);
    await until(async () => (await api.as(me).get(`/bots/${botId}`)).body.status, {
      what: 'the bot is cancelled',
      accept: (s) => s === 'cancelled',
    });
  });

  it('When a recurring event has occurrences, then each is its own meeting, and a moved occurrence keeps its meeting through original_starts_at', async () => {
    const me = await withMember();
    const ical = `series-${++uid}@calendar.test`;
    const a = await push(me, event({ ical_uid: ical, recurring: true, starts_at: inDays(3), ends_at: inDays(3, 11) }));
    const b = await push(
      me,
      event({ ical_uid: ical, recurring: true, starts_at: inDays(10), ends_at: inDays(10, 11) }),
    );
    assert.notEqual(a.body.meeting_id, b.body.meeting_id);
    assert.equal(a.body.recurring, true);
    const moved = await push(
      me,
      event({
        ical_uid: ical,
        recurring: true,
        original_starts_at: inDays(10),
        starts_at: inDays(11),
        ends_at: inDays(11, 11),
      }),
    );
    assert.equal(moved.body.meeting_id, b.body.meeting_id);
    assert.equal(moved.body.starts_at, inDays(11));
  });

  it('When two members have the same occurrence, then it is one meeting, one calendar event and one bot', async () => {
    const me = await withMember();
    const bob = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Bob', email: 'bob@acme.test' });
    const body = event({ attendees: [{ email: 'ann@acme.test' }, { email: 'bob@acme.test' }] });
    const [x, y] = await Promise.all([
      push(me, { ...body, member_id: me.annId }),
      push(me, { ...body, member_id: bob.body.id }),
    ]);
    assert.equal(x.body.id, y.body.id);
    assert.equal(x.body.meeting_id, y.body.meeting_id);
    const meeting = (await api.as(me).get(`/meetings/${x.body.meeting_id}`)).body;
    assert.equal(meeting.recordings.length, 1);
    assert.deepEqual(
      meeting.calendar_event.attendees.map((a: { member_id: string }) => a.member_id),
      [me.annId, bob.body.id],
    );
  });

  it('When the settings say not to record, then no bot is scheduled; turning recording on schedules one, and off again cancels it', async () => {
    const me = await withMember();
    const workspaceSettings = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings.assignments[0]
      .settings_id;
    await api.http
      .patch(`/api/v1/settings/${workspaceSettings}`)
      .set('Authorization', me.key)
      .send({ recording: { enabled: false } });
    const res = await push(me, event());
    let meeting = (await api.as(me).get(`/meetings/${res.body.meeting_id}`)).body;
    assert.deepEqual(meeting.recordings, []);
    assert.equal(meeting.settings.recording.enabled, false);
    await api.http
      .patch(`/api/v1/settings/${workspaceSettings}`)
      .set('Authorization', me.key)
      .send({ recording: { enabled: 'inherit' } });
    meeting = await until(async () => (await api.as(me).get(`/meetings/${res.body.meeting_id}`)).body, {
      what: 'a bot is scheduled',
      accept: (m) => m.recordings.length === 1,
    });
    assert.equal(meeting.recordings[0].status, 'queued');
    const own = meeting.settings.assignments.find(
      (a: { own: boolean; scope: string[] }) => a.own && a.scope.includes(`meetings:${meeting.id}`),
    );
    await api.http
      .patch(`/api/v1/settings/${own.settings_id}`)
      .set('Authorization', me.key)
      .send({ recording: { enabled: false } });
    await until(async () => (await api.as(me).get(`/bots/${meeting.recordings[0].id}`)).body.status, {
      what: 'the bot is cancelled',
      accept: (s) => s === 'cancelled',
    });
  });

  it('When a push is invalid or the key may not push, then 422 per field, 401 for a guest, 400 without a workspace', async () => {
    const me = await withMember();
    const other = await givenAccount(api);
    const theirs = await api.http
      .post('/api/v1/members')
      .set('Authorization', other.key)
      .send({ workspace_id: other.workspaceId, name: 'X' });
    const bad = await push(me, {
      starts_at: 'soon',
      ends_at: inDays(1),
      attendees: [{ email: 'nope' }],
      member_id: theirs.body.id,
      colour: 'red',
    });
    assert.equal(bad.status, 422);
    const fields = Object.fromEntries(bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    assert.equal(fields.ical_uid, 'missing');
    assert.equal(fields.starts_at, 'invalid_format');
    assert.equal(fields['attendees.0.email'], 'invalid_format');
    assert.equal(fields.colour, 'unknown_field');
    const order = await push(me, event({ starts_at: inDays(2, 12), ends_at: inDays(2, 11) }));
    assert.deepEqual(
      order.body.errors.map((e: { field: string }) => e.field),
      ['ends_at'],
    );
    const foreign = await push(me, event({ member_id: theirs.body.id }));
    assert.deepEqual(
      foreign.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['member_id', 'invalid']],
    );
    const guest = await givenAccount(api, { workspace: false });
    await grant(api, guest.email, me.workspaceId, 'guest');
    const asGuest = await push({ ...guest, workspaceId: me.workspaceId }, event());
    assert.equal(asGuest.status, 401, JSON.stringify(asGuest.body));
    const blank = await api.http.post('/api/v1/calendar_events').set('Authorization', me.key).send(event());
    assert.equal(blank.status, 400);
    assert.equal(blank.body.errors[0].message, 'Parameter missing: workspace_id');
  });

  it('When pushes exceed the per-minute limit, then 429 rate_limited with retry_in_seconds equal to Retry-After', async () => {
    const limited = await givenApi({
      orm: db.orm,
      temporal: t.env.client,
      env: { TEMPORAL_TASK_QUEUE: t.taskQueue, RATE_LIMIT_CALENDAR_EVENTS_PER_MINUTE: '2' },
    });
    const me = await givenAccount(limited);
    const send = () =>
      limited.http
        .post('/api/v1/calendar_events')
        .set('Authorization', me.key)
        .send({ workspace_id: me.workspaceId, ...event({ meeting_url: null }) });
    await roomInWindow(60); // the three pushes in one minute window
    assert.equal((await send()).status, 201);
    assert.equal((await send()).status, 201);
    const over = await send();
    assert.equal(over.status, 429);
    assert.equal(over.body.errors[0].code, 'rate_limited');
    assert.equal(String(over.body.retry_in_seconds), over.headers['retry-after']);
  });

  it('When the pushing member has settings for meetings within her email domain, then the meeting a push creates resolves them, whether the member is named by member_id, by member_data or by a member-role key', async () => {
    const me = await withMember();
    const settings = await api
      .as(me)
      .post('/settings', { workspace_id: me.workspaceId, transcription: { language: 'it' } });
    assert.equal(settings.status, 201, JSON.stringify(settings.body));
    const asg = await api.as(me).post('/settings_assignments', {
      settings_id: settings.body.id,
      scope: [`members:${me.annId}`, 'meetings:domain'],
    });
    assert.equal(asg.status, 201, JSON.stringify(asg.body));
    const annKey = await givenAccount(api, { workspace: false });
    await grantAccess(api.orm.em.fork(), {
      email: annKey.email,
      workspaceId: me.workspaceId,
      role: 'member',
      memberId: me.annId,
    });
    // As meeting.created announced the meeting (its settings as resolved when it was created).
    const languageOf = async (res: { status: number; body: { meeting_id: string } }) => {
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const [created] = await eventsOf(me, res.body.meeting_id, 'meeting.created');
      const meeting = created.data.object;
      assert.equal(meeting.member_id, me.annId);
      return [meeting.settings.transcription.language, meeting.settings.sources['transcription.language']];
    };
    const reached = ['it', { assignment_id: asg.body.id }];
    const ours = (over: Record<string, unknown> = {}) =>
      event({ attendees: [{ email: 'ann@acme.test' }, { email: 'bo@acme.test' }], ...over });
    assert.deepEqual(await languageOf(await push(me, { ...ours(), member_id: me.annId })), reached);
    assert.deepEqual(
      await languageOf(await push(me, { ...ours(), member_data: { name: 'Ann', email: 'ANN@acme.test' } })),
      reached,
    );
    assert.deepEqual(
      await languageOf(await api.as(annKey).post('/calendar_events', { workspace_id: me.workspaceId, ...ours() })),
      reached,
    );
    // Someone from elsewhere: not her domain, so the assignment does not reach.
    const elsewhere = await push(me, { ...event(), member_id: me.annId });
    assert.notEqual((await languageOf(elsewhere))[0], 'it');
  });

  it('When a push makes its member from member_data and that member is among its people, then each person who is a member carries the member id, whatever the case of the address', async () => {
    const me = await withMember();
    const res = await push(me, {
      ...event({
        attendees: [
          { email: 'ANN@acme.test', response: 'accepted' },
          { email: 'bo@acme.test', response: 'accepted' },
          { email: 'guest@else.test', response: 'needs_action' },
        ],
      }),
      member_data: { name: 'Bo', email: 'Bo@Acme.test' },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const meeting = (await api.as(me).get(`/meetings/${res.body.meeting_id}`)).body;
    assert.ok(meeting.member_id && meeting.member_id !== me.annId);
    const ids = Object.fromEntries(
      meeting.participants.map((p: { email: string; member_id: string | null }) => [p.email, p.member_id]),
    );
    assert.deepEqual(ids, { 'ANN@acme.test': me.annId, 'bo@acme.test': meeting.member_id, 'guest@else.test': null });
    assert.deepEqual(meeting.organizer, { name: 'Ann', email: 'ann@acme.test', member_id: me.annId });
  });

  it('When another push makes the meeting of a new occurrence while this one writes it, then this one updates that meeting: one meeting, one meeting.created, the later push’s fields', async () => {
    const me = await withMember();
    const first = event({ title: 'First' });
    // A push of the same occurrence that has written its meeting but not yet committed.
    let commit!: () => void;
    const committed = new Promise<void>((r) => (commit = r));
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const holding = db.orm.em.fork().transactional(async (em) => {
      await upsertCalendarEvent(em, me.workspaceId, {
        source: 'calendar_sync',
        icalUid: first.ical_uid,
        occurrenceKey: '',
        recurring: false,
        title: 'First',
        startsAt: new Date(first.starts_at),
        endsAt: new Date(first.ends_at),
        meetingUrl: first.meeting_url,
        organizer: first.organizer,
        attendees: first.attendees.map((a) => ({ name: a.name ?? null, email: a.email, response: a.response })),
        cancelled: false,
        memberId: me.annId,
      });
      written();
      await committed;
    });
    await Promise.race([wrote, holding]);
    // This push finds no meeting yet (the other is not committed), and its write waits on the other's.
    const second = push(me, { ...first, title: 'Second', metadata: { crm: 'opp-2' } }).then((r) => r);
    await until(
      () =>
        db.orm.em.fork().execute<{ n: number }[]>(
          // This test's database only: other test files share the PostgreSQL server.
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'with w0 as (insert into "settings"%'`,
        ),
      { what: 'the push waiting on the other push’s meeting', accept: (rows) => rows[0]!.n === 1, intervalMs: 20 },
    );
    commit();
    await holding;
    const res = await second;
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.title, 'Second');
    assert.deepEqual(res.body.metadata, { crm: 'opp-2' });
    const meetings = (await api.as(me).get('/meetings', { workspace_id: me.workspaceId, limit: 100 })).body.data;
    assert.deepEqual(
      meetings.map((m: { id: string; title: string }) => [m.id, m.title]),
      [[res.body.meeting_id, 'Second']],
    );
    assert.equal((await eventsOf(me, res.body.meeting_id, 'meeting.created')).length, 1);
    assert.equal((await eventsOf(me, res.body.meeting_id, 'meeting.updated')).length, 1);
  });

  it('When pushes that make a member and pushes that do not race for the same new occurrences, then every push is answered 2xx and each occurrence is one meeting with one meeting.created', async () => {
    const me = await withMember();
    // A push with member_data takes the occurrence's lock; one without it makes a new meeting without
    // it: whichever writes second finds the other's meeting and updates it.
    const pairs = Array.from({ length: 20 }, () => event());
    const answers = await Promise.all(
      pairs.flatMap((body) => [
        push(me, { ...body, member_data: { name: 'Ann', email: 'ann@acme.test' } }),
        push(me, { ...body, member_id: me.annId }),
      ]),
    );
    assert.deepEqual(
      answers.map((a) => a.status).filter((s) => s !== 200 && s !== 201),
      [],
      JSON.stringify(answers.find((a) => a.status >= 300)?.body),
    );
    for (let i = 0; i < pairs.length; i++) {
      const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
      assert.equal(a.body.meeting_id, b.body.meeting_id);
      assert.deepEqual([a.status, b.status].sort(), [200, 201]);
      assert.equal((await eventsOf(me, a.body.meeting_id, 'meeting.created')).length, 1);
    }
  });

  it('When two members push the same new event at once, each made from member_data, then the meeting names both members among its people', async () => {
    const me = await givenAccount(api);
    const shared = event({
      organizer: null,
      attendees: [
        { email: 'cy@acme.test', response: 'accepted' },
        { email: 'di@acme.test', response: 'accepted' },
      ],
    });
    const [a, b] = await Promise.all([
      push(me, { ...shared, member_data: { name: 'Cy', email: 'cy@acme.test' } }),
      push(me, { ...shared, member_data: { name: 'Di', email: 'di@acme.test' } }),
    ]);
    assert.ok([200, 201].includes(a.status) && [200, 201].includes(b.status), `${a.status} ${b.status}`);
    assert.equal(a.body.meeting_id, b.body.meeting_id);
    const members = (await api.as(me).get('/members', { workspace_id: me.workspaceId, limit: 100 })).body.data;
    const idOf = (email: string) => members.find((m: { email: string }) => m.email === email)!.id;
    const meeting = (await api.as(me).get(`/meetings/${a.body.meeting_id}`)).body;
    assert.deepEqual(
      meeting.participants.map((p: { email: string; member_id: string | null }) => [p.email, p.member_id]),
      [
        ['cy@acme.test', idOf('cy@acme.test')],
        ['di@acme.test', idOf('di@acme.test')],
      ],
    );
  });

  it('When a push names its member by member_data, then the member is found by email or created, and created members count toward the hourly member limit', async () => {
    const limited = await givenApi({
      orm: db.orm,
      temporal: t.env.client,
      env: { TEMPORAL_TASK_QUEUE: t.taskQueue, RATE_LIMIT_MEMBERS_PER_HOUR: '1' },
    });
    const me = await givenAccount(limited);
    const send = (email: string) =>
      limited.http
        .post('/api/v1/calendar_events')
        .set('Authorization', me.key)
        .send({ workspace_id: me.workspaceId, ...event({ meeting_url: null }), member_data: { name: 'Hal', email } });
    const first = await send('hal@acme.test');
    assert.equal(first.status, 201);
    const meeting = (await limited.http.get(`/api/v1/meetings/${first.body.meeting_id}`).set('Authorization', me.key))
      .body;
    const member = (await limited.http.get(`/api/v1/members/${meeting.member_id}`).set('Authorization', me.key)).body;
    assert.deepEqual([member.name, member.email], ['Hal', 'hal@acme.test']);
    assert.equal((await send('HAL@acme.test')).status, 201, 'the same member, found by email');
    const over = await send('ivy@acme.test');
    assert.equal(over.status, 429);
    assert.equal(over.body.errors[0].code, 'rate_limited');
    const both = await limited.http
      .post('/api/v1/calendar_events')
      .set('Authorization', me.key)
      .send({
        workspace_id: me.workspaceId,
        ...event(),
        member_id: member.id,
        member_data: { name: 'X', email: 'x@acme.test' },
      });
    assert.deepEqual(
      both.body.errors.map((e: { field: string }) => e.field),
      ['member_data'],
    );
  });
});
