import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';
import { until } from '../support/until';
import { startedWorkflow, timeSkipping, type TemporalHarness } from '../support/temporal';
import { temporalGateway } from '../../runtime/temporal-gateway';
import { startDispatcher, type Dispatcher } from '../../worker/dispatcher';

// No worker runs here: bots stay queued, which is what these endpoint tests need. The outbox
// dispatcher runs, so their workflows are started after commit as in production.
let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let api: TestApi;
let me: Awaited<ReturnType<typeof givenAccount>>;
let dispatcher: Dispatcher;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  api = await givenApi({
    orm: db.orm,
    temporal: t.env.client,
    env: { TEMPORAL_TASK_QUEUE: t.taskQueue, RATE_LIMIT_BOTS_PER_HOUR: '5' },
  });
  me = await givenAccount(api);
  dispatcher = startDispatcher({
    allowLoopbackWebhooks: true,
    orm: db.orm,
    log: silentLog,
    gateway: temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 10_000 }),
    pollMs: 200,
  });
});
afterAll(async () => {
  await dispatcher.stop();
  await t.teardown();
  await db.drop();
});

const fields = (res: { body: { errors: { field?: string; code: string }[] } }) =>
  Object.fromEntries(res.body.errors.map((e) => [e.field, e.code]));

/**
 * A connection listening on `channel`: `heardSoFar` counts its notifications once every earlier one
 * has arrived (notifications arrive in commit order, so a sync sent after them comes last).
 */
async function listening(channel: string) {
  const listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  let heard = 0;
  let synced: () => void = () => undefined;
  listener.on('notification', (n) => {
    if (n.payload === 'sync') synced();
    else heard += 1;
  });
  await listener.query(`listen ${channel}`);
  return {
    heardSoFar: async () => {
      const sync = new Promise<void>((r) => (synced = r));
      await db.orm.em.fork().execute(`select pg_notify('${channel}', 'sync')`);
      await sync;
      return heard;
    },
    end: () => listener.end(),
  };
}

describe('POST /bots', () => {
  it('When the body carries settings, then 400; when it names fields the API does not take, then 422 unknown_field for each', async () => {
    const withSettings = await api
      .as(me)
      .post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/a', settings: {} });
    assert.equal(withSettings.status, 400);
    assert.equal(withSettings.body.errors[0].field, 'settings');
    const notTaken = await api.as(me).post('/bots', {
      workspace_id: me.workspaceId,
      meeting_url: 'https://meet.google.com/a',
      glossaries: [],
      destination_folder_id: 'f',
      access_level: 'x',
      send_recording_to: [],
      silence_detection_automatic_leave: true,
    });
    assert.equal(notTaken.status, 422);
    assert.deepEqual(fields(notTaken), {
      glossaries: 'unknown_field',
      destination_folder_id: 'unknown_field',
      access_level: 'unknown_field',
      send_recording_to: 'unknown_field',
      silence_detection_automatic_leave: 'unknown_field',
    });
  });

  it('When several fields are invalid, then each gets its own 422 entry', async () => {
    const res = await api.as(me).post('/bots', {
      workspace_id: me.workspaceId,
      meeting_url: 'https://meet.google.com/a',
      join_at: 'tomorrow',
      recording_start: 'whenever',
      recording_mode: 'video_only',
      silence_alert: 'yes',
      summary_language: 'not a language',
      summary_template: 'poem',
      participants: [{ email: 'nope' }],
      bot_name: 'n'.repeat(101),
      metadata: { bad: [1] },
    });
    assert.equal(res.status, 422);
    assert.deepEqual(Object.keys(fields(res)).sort(), [
      'bot_name',
      'join_at',
      'metadata.bad',
      'participants.0.email',
      'recording_mode',
      'recording_start',
      'silence_alert',
      'summary_language',
      'summary_template',
    ]);
    assert.equal(fields(res).recording_mode, 'inclusion');
    const missing = await api.as(me).post('/bots', { workspace_id: me.workspaceId });
    assert.deepEqual(fields(missing), { meeting_url: 'missing' });
    const badUrl = await api.as(me).post('/bots', { workspace_id: me.workspaceId, meeting_url: 'mailto:x@y.z' });
    assert.deepEqual(fields(badUrl), { meeting_url: 'invalid_format' });
  });

  it('When a bot is sent, then the response is the bot, queued, and its meeting exists at once with participants, member and own settings', async () => {
    const member = (
      await api.http
        .post('/api/v1/members')
        .set('Authorization', me.key)
        .send({ workspace_id: me.workspaceId, name: 'Ann', email: 'ann@example.com' })
    ).body;
    const res = await api.as(me).post('/bots', {
      workspace_id: me.workspaceId,
      meeting_url: 'https://company.zoom.us/j/987?pwd=s3cret',
      member_id: member.id,
      bot_name: 'Acme Notes',
      welcome_message: 'Hi, I take notes.',
      recording_mode: 'audio_only',
      silence_alert: true,
      summary_language: 'fr',
      participants: [{ email: 'ANN@example.com', name: 'Ann' }, { email: 'guest@else.com' }],
    });
    assert.equal(res.status, 201);
    const bot = res.body;
    assert.match(bot.id, /^bot_/);
    assert.equal(bot.status, 'queued');
    assert.equal(bot.join_at, null);
    assert.equal(bot.ended_at, null);
    assert.deepEqual(
      [
        bot.bot_name,
        bot.welcome_message,
        bot.recording_mode,
        bot.silence_alert,
        bot.summary_language,
        bot.language,
        bot.recording_start,
        bot.summary_template,
      ],
      ['Acme Notes', 'Hi, I take notes.', 'audio_only', true, 'fr', 'auto', 'on_join', 'general'],
    );
    assert.deepEqual(bot.participants, [
      { email: 'ANN@example.com', name: 'Ann' },
      { email: 'guest@else.com', name: null },
    ]);
    const meeting = (await api.http.get(`/api/v1/meetings/${bot.meeting_id}`).set('Authorization', me.key)).body;
    assert.equal(meeting.member_id, member.id);
    assert.equal(meeting.title, 'Zoom meeting');
    assert.equal(meeting.platform, 'zoom');
    assert.deepEqual(
      meeting.participants.map((p: { member_id: string | null }) => p.member_id),
      [member.id, null],
    );
    assert.equal(meeting.settings.recording.methods.bot.mode, 'audio_only');
    assert.equal(meeting.settings.summary.language, 'fr');
    assert.equal(meeting.calendar_event, null);
    assert.deepEqual(meeting.results, {
      status: 'none',
      transcript: { status: 'none', language: null },
      summary: { status: 'none' },
      media: { status: 'none', duration_seconds: null },
    });
    const described = await (await startedWorkflow(t, `bot/${bot.id}`)).describe();
    assert.equal(described.status.name, 'RUNNING');
    const events = await db.orm.em
      .fork()
      .execute<{ type: string }[]>('select type from webhook_events where object_id = ?', [bot.meeting_id]);
    assert.deepEqual(
      events.map((e) => e.type),
      ['meeting.created'],
    );
  });

  it('When member_id names no member of the workspace, then 422 on member_id', async () => {
    const res = await api
      .as(me)
      .post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/a', member_id: 'mem_nope' });
    assert.deepEqual(fields(res), { member_id: 'invalid' });
  });

  it('When the hourly bot limit is reached, then 429 rate_limited with retry_in_seconds equal to Retry-After', async () => {
    const other = await givenAccount(api);
    for (let i = 0; i < 5; i++)
      assert.equal(
        (
          await api
            .as(other)
            .post('/bots', { workspace_id: other.workspaceId, meeting_url: 'https://meet.google.com/a' })
        ).status,
        201,
      );
    const res = await api
      .as(other)
      .post('/bots', { workspace_id: other.workspaceId, meeting_url: 'https://meet.google.com/a' });
    assert.equal(res.status, 429);
    assert.equal(res.body.errors[0].code, 'rate_limited');
    assert.equal(String(res.body.retry_in_seconds), res.headers['retry-after']);
  });

  it('When ten bots are sent at once against an hourly limit of five, then exactly five are created and the refused ones leave no meeting, bot or event behind', async () => {
    const other = await givenAccount(api);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api
          .as(other)
          .post('/bots', { workspace_id: other.workspaceId, meeting_url: `https://meet.google.com/par-alle-l${i}` }),
      ),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    const bots = (await api.as(other).get('/bots', { workspace_id: other.workspaceId, limit: 100 })).body.data;
    const meetings = (await api.as(other).get('/meetings', { workspace_id: other.workspaceId, limit: 100 })).body.data;
    const created = (
      await api.as(other).get('/webhook_events', { workspace_id: other.workspaceId, limit: 100 })
    ).body.data.filter((e: { type: string }) => e.type === 'meeting.created');
    assert.deepEqual(
      bots.map((b: { id: string }) => b.id).sort(),
      answers
        .filter((a) => a.status === 201)
        .map((a) => a.body.id)
        .sort(),
    );
    assert.equal(meetings.length, 5);
    assert.equal(created.length, 5);
  });

  it('When a bot is refused by the hourly limit, then the outbox announces nothing: the dispatcher is woken by the bots that were created only', async () => {
    const other = await givenAccount(api);
    const listener = await listening('workflow_commands');
    try {
      const send = () =>
        api
          .as(other)
          .post('/bots', { workspace_id: other.workspaceId, meeting_url: 'https://meet.google.com/ntf-yabc' });
      for (let i = 0; i < 5; i++) assert.equal((await send()).status, 201);
      for (let i = 0; i < 3; i++) assert.equal((await send()).status, 429);
      assert.equal(await listener.heardSoFar(), 5, 'one notification for each bot created, none for the refused ones');
    } finally {
      await listener.end();
    }
  });

  it('When events are committed in a workspace without a webhook endpoint, then they wake no dispatcher and its poll still marks them; once it has one, each commit wakes it once', async () => {
    const other = await givenAccount(api);
    const listener = await listening('webhook_events');
    const send = (i: number) =>
      api
        .as(other)
        .post('/bots', { workspace_id: other.workspaceId, meeting_url: `https://meet.google.com/evt-wake-${i}` });
    const undispatched = async () =>
      (
        await db.orm.em
          .fork()
          .execute<{ n: number }[]>(
            'select count(*)::int as n from webhook_events where workspace_id = ? and dispatched_at is null',
            [other.workspaceId],
          )
      )[0]!.n;
    try {
      for (let i = 0; i < 2; i++) assert.equal((await send(i)).status, 201);
      assert.equal(await listener.heardSoFar(), 0, 'no endpoint: nothing to wake the dispatcher for');
      // The dispatcher's poll marks them all the same (no delivery is made for them).
      await until(undispatched, { what: "the dispatcher's poll to mark the events", accept: (n) => n === 0 });
      // An endpoint that wants none of these events: the wake-up is for its workspace, whatever it wants.
      const endpoint = await api.as(other).post('/webhook_endpoints', {
        workspace_id: other.workspaceId,
        url: 'https://93.184.216.34/hook',
        enabled_events: ['calendar_connection.error'],
      });
      assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
      assert.equal((await send(2)).status, 201);
      assert.equal(
        await listener.heardSoFar(),
        1,
        'one wake-up for the commit of an event of a workspace with an endpoint',
      );
      const events = (await api.as(other).get('/webhook_events', { workspace_id: other.workspaceId, limit: 10 })).body
        .data;
      assert.equal(events.filter((e: { type: string }) => e.type === 'meeting.created').length, 3);
    } finally {
      await listener.end();
    }
  });
});

describe('bots: reads, lists and edits', () => {
  it('When bots are listed, then filters by meeting and status apply and another account sees none of them', async () => {
    const a = await api
      .as(me)
      .post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/list-a' });
    const list = await api.http
      .get('/api/v1/bots')
      .query({ workspace_id: me.workspaceId, meeting_id: a.body.meeting_id })
      .set('Authorization', me.key);
    assert.deepEqual(
      list.body.data.map((b: { id: string }) => b.id),
      [a.body.id],
    );
    const queued = await api.http
      .get('/api/v1/bots')
      .query({ workspace_id: me.workspaceId, status: 'queued', limit: 100 })
      .set('Authorization', me.key);
    assert.ok(queued.body.data.some((b: { id: string }) => b.id === a.body.id));
    const completed = await api.http
      .get('/api/v1/bots')
      .query({ workspace_id: me.workspaceId, status: 'completed' })
      .set('Authorization', me.key);
    assert.deepEqual(completed.body.data, []);
    const stranger = await givenAccount(api);
    assert.equal((await api.http.get(`/api/v1/bots/${a.body.id}`).set('Authorization', stranger.key)).status, 404);
    assert.equal(
      (await api.http.get(`/api/v1/meetings/${a.body.meeting_id}`).set('Authorization', stranger.key)).status,
      404,
    );
    assert.equal(
      (await api.http.post(`/api/v1/bots/${a.body.id}/cancel`).set('Authorization', stranger.key)).status,
      404,
    );
    assert.equal(
      (await api.http.get('/api/v1/bots').query({ workspace_id: me.workspaceId }).set('Authorization', stranger.key))
        .status,
      401,
    );
  });

  it('When bot metadata is patched, then it merges; keys pinned before 2026-10-12 replace it', async () => {
    const bot = (
      await api.as(me).post('/bots', {
        workspace_id: me.workspaceId,
        meeting_url: 'https://meet.google.com/meta',
        metadata: { a: '1', b: '2' },
      })
    ).body;
    const merged = await api.http
      .patch(`/api/v1/bots/${bot.id}`)
      .set('Authorization', me.key)
      .send({ metadata: { b: '', c: 3 } });
    assert.deepEqual(merged.body.metadata, { a: '1', c: '3' });
    const replaced = await api.http
      .patch(`/api/v1/bots/${bot.id}`)
      .set('Authorization', me.key)
      .set('Service-Version', '2026-10-10')
      .send({ metadata: { z: 'only' } });
    assert.deepEqual(replaced.body.metadata, { z: 'only' });
    const other = await api.http.patch(`/api/v1/bots/${bot.id}`).set('Authorization', me.key).send({ bot_name: 'x' });
    assert.equal(other.status, 422);
  });
});

describe('meetings', () => {
  it('When a meeting is patched, then only metadata is taken with exactly the spec codes, and metadata alone emits no meeting.updated', async () => {
    const bot = (
      await api.as(me).post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/patch' })
    ).body;
    const path = `/api/v1/meetings/${bot.meeting_id}`;
    const ok = await api.http
      .patch(path)
      .set('Authorization', me.key)
      .send({ metadata: { crm: 'opp-1', n: 2 } });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.metadata, { crm: 'opp-1', n: '2' });
    assert.equal(
      (await api.http.patch(path).set('Authorization', me.key).send({ metadata: '' })).body.metadata.crm,
      undefined,
    );
    const empty = await api.http.patch(path).set('Authorization', me.key).send({});
    assert.equal(empty.status, 400);
    const none = await api.http.patch(path).set('Authorization', me.key);
    assert.equal(none.status, 400);
    const otherField = await api.http.patch(path).set('Authorization', me.key).send({ metadata: {}, title: 'x' });
    assert.equal(otherField.status, 400);
    assert.equal(otherField.body.errors[0].field, 'title');
    // A field with an empty name is another field too (Schemathesis found it taken with a 200).
    const emptyName = await api.http
      .patch(path)
      .set('Authorization', me.key)
      .send({ metadata: { crm: 'opp-2' }, '': null });
    assert.equal(emptyName.status, 400);
    assert.equal(emptyName.body.errors[0].field, '');
    assert.equal((await api.as(me).get(`/meetings/${bot.meeting_id}`)).body.metadata.crm, undefined, 'nothing taken');
    const breaches = await api.http
      .patch(path)
      .set('Authorization', me.key)
      .send({ metadata: { ['k'.repeat(41)]: 'v', 'a[b]': 'v', long: 'x'.repeat(501), nested: { a: 1 }, nil: null } });
    assert.equal(breaches.status, 422);
    assert.equal(breaches.body.errors.length, 5);
    const tooMany = await api.http
      .patch(path)
      .set('Authorization', me.key)
      .send({ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) });
    assert.equal(tooMany.status, 422);
    const member = await givenAccount(api, { workspace: false });
    await grant(api, member.email, me.workspaceId, 'admin');
    assert.equal(
      (
        await api.http
          .patch(path)
          .set('Authorization', member.key)
          .send({ metadata: { by: 'admin' } })
      ).status,
      200,
    );
    const reader = await givenAccount(api, { workspace: false });
    await grant(api, reader.email, me.workspaceId, 'member');
    assert.equal(
      (
        await api.http
          .patch(path)
          .set('Authorization', reader.key)
          .send({ metadata: { x: 'y' } })
      ).status,
      404,
      'a member role does not see meetings that are not its own',
    );
    const stranger = await givenAccount(api);
    assert.equal(
      (
        await api.http
          .patch(path)
          .set('Authorization', stranger.key)
          .send({ metadata: { x: 'y' } })
      ).status,
      404,
    );
    const events = await db.orm.em
      .fork()
      .execute<{ type: string }[]>('select type from webhook_events where object_id = ?', [bot.meeting_id]);
    assert.deepEqual(
      events.map((e) => e.type),
      ['meeting.created'],
    );
  });

  it('When a member-role key reads meetings, then it sees only its own member’s; a guest sees none', async () => {
    const owner = await givenAccount(api);
    const mine = (
      await api.http
        .post('/api/v1/members')
        .set('Authorization', owner.key)
        .send({ workspace_id: owner.workspaceId, name: 'Mine' })
    ).body;
    const reader = await givenAccount(api, { workspace: false });
    const { grantAccess } = await import('../../services/accounts');
    await grantAccess(api.orm.em.fork(), {
      email: reader.email,
      workspaceId: owner.workspaceId,
      role: 'member',
      memberId: mine.id,
    });
    const theirs = (
      await api
        .as(owner)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://meet.google.com/theirs' })
    ).body;
    const own = (
      await api
        .as(reader)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://meet.google.com/own' })
    ).body;
    const list = await api.http
      .get('/api/v1/meetings')
      .query({ workspace_id: owner.workspaceId })
      .set('Authorization', reader.key);
    assert.deepEqual(
      list.body.data.map((m: { id: string }) => m.id),
      [own.meeting_id],
    );
    assert.equal(
      (await api.http.get(`/api/v1/meetings/${theirs.meeting_id}`).set('Authorization', reader.key)).status,
      404,
    );
    const bots = await api.http
      .get('/api/v1/bots')
      .query({ workspace_id: owner.workspaceId })
      .set('Authorization', reader.key);
    assert.deepEqual(
      bots.body.data.map((b: { id: string }) => b.id),
      [own.id],
    );
    const all = await api.http
      .get('/api/v1/meetings')
      .query({ workspace_id: owner.workspaceId })
      .set('Authorization', owner.key);
    assert.equal(all.body.data.length, 2);
    const guest = await givenAccount(api, { workspace: false });
    await grant(api, guest.email, owner.workspaceId, 'guest');
    assert.deepEqual(
      (
        await api.http
          .get('/api/v1/meetings')
          .query({ workspace_id: owner.workspaceId })
          .set('Authorization', guest.key)
      ).body.data,
      [],
    );
    assert.equal(
      (await api.as(guest).post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://meet.google.com/g' }))
        .status,
      401,
    );
  });

  it('When meetings are listed, then phase, member and start filters apply, settings appear only with include=settings, and cancelled ones only with phase=cancelled', async () => {
    const owner = await givenAccount(api);
    const start = new Date((await t.env.currentTimeMs()) + 86_400_000);
    const a = (
      await api.as(owner).post('/bots', {
        workspace_id: owner.workspaceId,
        meeting_url: 'https://meet.google.com/one',
        join_at: start.toISOString(),
      })
    ).body;
    const b = (
      await api.as(owner).post('/bots', {
        workspace_id: owner.workspaceId,
        meeting_url: 'https://meet.google.com/two',
        join_at: new Date(start.getTime() + 3_600_000).toISOString(),
      })
    ).body;
    const c = (
      await api
        .as(owner)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://meet.google.com/three' })
    ).body;
    await db.orm.em.fork().execute('update meetings set cancelled_at = now() where id = ?', [c.meeting_id]);
    const q = (query: Record<string, string>) =>
      api.http
        .get('/api/v1/meetings')
        .query({ workspace_id: owner.workspaceId, ...query })
        .set('Authorization', owner.key);
    const listed = await q({});
    assert.deepEqual(
      listed.body.data.map((m: { id: string }) => m.id),
      [a.meeting_id, b.meeting_id],
    );
    assert.ok(!('settings' in listed.body.data[0]));
    assert.ok('settings' in (await q({ include: 'settings' })).body.data[0]);
    assert.deepEqual(
      (await q({ phase: 'cancelled' })).body.data.map((m: { id: string; phase: string }) => [m.id, m.phase]),
      [[c.meeting_id, 'cancelled']],
    );
    assert.equal((await q({ phase: 'upcoming' })).body.data.length, 2);
    assert.equal((await q({ phase: 'live' })).body.data.length, 0);
    assert.deepEqual(
      (await q({ starts_after: new Date(start.getTime() + 1).toISOString() })).body.data.map(
        (m: { id: string }) => m.id,
      ),
      [b.meeting_id],
    );
    assert.deepEqual(
      (await q({ starts_before: new Date(start.getTime() + 1).toISOString() })).body.data.map(
        (m: { id: string }) => m.id,
      ),
      [a.meeting_id],
    );
    assert.equal((await q({ phase: 'soon' })).status, 422);
    assert.equal((await api.http.get('/api/v1/meetings').set('Authorization', owner.key)).status, 400);
  });

  it('When meetings are listed, then each reads as GET /meetings/{id} reads it, recordings and their times included', async () => {
    const owner = await givenAccount(api);
    const start = new Date((await t.env.currentTimeMs()) + 86_400_000 + 123);
    const url = 'https://meet.google.com/abc-defg-hij';
    const first = (
      await api
        .as(owner)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: url, join_at: start.toISOString() })
    ).body;
    const second = (
      await api.as(owner).post('/bots', {
        workspace_id: owner.workspaceId,
        meeting_url: url,
        join_at: new Date(start.getTime() + 60_000).toISOString(),
      })
    ).body;
    // Bots of one call: the second is moved onto the first's meeting, whose own meeting is left with none.
    await db.orm.em.fork().execute('update bots set meeting_id = ? where id = ?', [first.meeting_id, second.id]);
    const other = (
      await api.as(owner).post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://zoom.us/j/987654321' })
    ).body;
    await db.orm.em
      .fork()
      .execute('update bots set left_at = ? where id = ?', [new Date(start.getTime() + 7_654), first.id]);
    for (const include of [{}, { include: 'settings' }]) {
      const listed = await api.http
        .get('/api/v1/meetings')
        .query({ workspace_id: owner.workspaceId, ...include })
        .set('Authorization', owner.key);
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.data.map((m: { id: string }) => m.id),
        [first.meeting_id, second.meeting_id, other.meeting_id],
      );
      const [shared, left, single] = listed.body.data;
      assert.deepEqual(left.recordings, []);
      assert.deepEqual(
        single.recordings.map((r: { id: string }) => r.id),
        [other.id],
      );
      assert.deepEqual(
        shared.recordings.map((r: { id: string; started_at: string; ended_at: string | null }) => [
          r.id,
          r.started_at,
          r.ended_at,
        ]),
        [
          [first.id, start.toISOString(), new Date(start.getTime() + 7_654).toISOString()],
          [second.id, new Date(start.getTime() + 60_000).toISOString(), null],
        ],
      );
      for (const m of listed.body.data) {
        const one = (await api.as(owner).get(`/meetings/${m.id}`)).body;
        if (!('include' in include)) delete one.settings;
        assert.deepEqual(m, one, `listed ${m.id} as GET /meetings/{id} reads it`);
      }
    }
  });

  it('When results are read before anything was recorded, then every part is none and no media URL is given', async () => {
    const bot = (
      await api.as(me).post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/none' })
    ).body;
    const res = await api.http.get(`/api/v1/meetings/${bot.meeting_id}/results`).set('Authorization', me.key);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'none');
    assert.deepEqual(res.body.transcript.segments, []);
    assert.equal(res.body.media.audio_url, null);
  });

  it('When a media link is forged or expired, then it is refused', async () => {
    const { signMediaPath } = await import('../../runtime/storage');
    const secret = api.config.signingSecret!;
    const expired = signMediaPath(secret, 'mtg_x/bot_y.wav', new Date(Date.now() - 1000));
    const r1 = await api.http.get(`/api/v1/media/${expired}`);
    assert.equal(r1.status, 401);
    assert.match(r1.body.errors[0].message, /expired/);
    const forged = signMediaPath(
      'another-secret-that-is-long-enough-000',
      'mtg_x/bot_y.wav',
      new Date(Date.now() + 60_000),
    );
    assert.equal((await api.http.get(`/api/v1/media/${forged}`)).status, 401);
    const valid = signMediaPath(secret, 'mtg_x/bot_y.wav', new Date(Date.now() + 60_000));
    assert.equal((await api.http.get(`/api/v1/media/${valid}`)).status, 404);
  });
});
