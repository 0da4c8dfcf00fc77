import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { timeSkipping, type TemporalHarness } from '../support/temporal';
import { CURRENT_VERSION } from '../../domain/versions';

// No worker and no dispatcher: bots stay queued, which is what these shape tests need.
let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let api: TestApi;
let me: Awaited<ReturnType<typeof givenAccount>>;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  api = await givenApi({ orm: db.orm, temporal: t.env.client, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
  me = await givenAccount(api);
});
afterAll(async () => {
  await t.teardown();
  await db.drop();
});

const OLDER = '2026-10-11'; // served as 2026-10-10: before the 2026-10-12 release
const at = (version: string) => ({
  get: (path: string, query: Record<string, unknown> = {}) =>
    api.http.get(`/api/v1${path}`).set('Authorization', me.key).set('Service-Version', version).query(query),
  post: (path: string, body: unknown) =>
    api.http
      .post(`/api/v1${path}`)
      .set('Authorization', me.key)
      .set('Service-Version', version)
      .send(body as object),
  patch: (path: string, body: unknown) =>
    api.http
      .patch(`/api/v1${path}`)
      .set('Authorization', me.key)
      .set('Service-Version', version)
      .send(body as object),
});
const codes = (res: { body: { errors: { code: string; field?: string }[] } }) =>
  res.body.errors.map((e) => (e.field ? `${e.field}:${e.code}` : e.code));

describe('release 2026-10-12: bots', () => {
  it('When a bot is sent with settings before 2026-10-12, then it is taken and answered in the older shape; at 2026-10-12 settings is a 400', async () => {
    const body = {
      workspace_id: me.workspaceId,
      meeting_url: 'https://meet.google.com/old-shape',
      settings: {
        recording: { methods: { bot: { mode: 'audio_only', silence_detection: { alert: true } } } },
        transcription: { language: 'de' },
        summary: { template: 'general', language: 'fr' },
      },
      metadata: { crm: { deal: 42, stages: ['a', 'b'] } },
    };
    const older = await at(OLDER).post('/bots', body);
    assert.equal(older.status, 201, JSON.stringify(older.body));
    assert.equal(older.headers['service-version'], '2026-10-10');
    const bot = older.body;
    for (const gone of ['meeting_id', 'recording_mode', 'silence_alert', 'language', 'summary_language'])
      assert.ok(!(gone in bot), gone);
    assert.equal(bot.settings.recording.methods.bot.mode, 'audio_only');
    assert.equal(bot.settings.recording.methods.bot.silence_detection.alert, true);
    assert.equal(bot.settings.transcription.language, 'de');
    assert.equal(bot.settings.summary.language, 'fr');
    assert.deepEqual(bot.metadata, { crm: { deal: 42, stages: ['a', 'b'] } });
    assert.match(bot.conversation_id, /^mtg_/);
    assert.equal(bot.transcript, null);
    assert.equal(bot.summary, null);
    for (const list of ['speakers', 'summary_sections', 'action_items', 'people', 'companies'])
      assert.deepEqual(bot[list], [], list);

    // The same bot at the release: flat fields, meeting_id, no result fields, metadata as flat strings.
    const newest = (await at('2026-10-12').get(`/bots/${bot.id}`)).body;
    assert.equal(newest.meeting_id, bot.conversation_id);
    assert.equal(newest.recording_mode, 'audio_only');
    assert.equal(newest.language, 'de');
    assert.equal(newest.summary_language, 'fr');
    assert.deepEqual(newest.metadata, { crm: '{"deal":42,"stages":["a","b"]}' });
    for (const gone of ['settings', 'conversation_id', 'transcript', 'speakers', 'summary', 'people', 'companies'])
      assert.ok(!(gone in newest), gone);

    const refused = await at('2026-10-12').post('/bots', body);
    assert.equal(refused.status, 400);
    assert.deepEqual(codes(refused), ['settings:bad_request']);
    const nested = await at('2026-10-12').post('/bots', { ...body, settings: undefined });
    assert.equal(nested.status, 422);
    assert.equal(nested.body.errors[0].field, 'metadata.crm');
  });

  it('When older bot metadata is over 16 KB or not an object, then 422; PATCH replaces it before 2026-10-12 and merges at 2026-10-12', async () => {
    const url = { workspace_id: me.workspaceId, meeting_url: 'https://zoom.us/j/123456789' };
    const big = await at(OLDER).post('/bots', { ...url, metadata: { blob: 'x'.repeat(16 * 1024) } });
    assert.equal(big.status, 422);
    assert.deepEqual(codes(big), ['metadata:too_long']);
    const list = await at(OLDER).post('/bots', { ...url, metadata: ['a'] });
    assert.deepEqual(codes(list), ['metadata:invalid_type']);
    const justUnder = await at(OLDER).post('/bots', { ...url, metadata: { blob: 'x'.repeat(16 * 1024 - 20) } });
    assert.equal(justUnder.status, 201);

    const bot = (await at(OLDER).post('/bots', { ...url, metadata: { a: { deep: true }, b: 1 } })).body;
    const replaced = await at(OLDER).patch(`/bots/${bot.id}`, { metadata: { c: [1, 2] } });
    assert.equal(replaced.status, 200);
    assert.deepEqual(replaced.body.metadata, { c: [1, 2] });
    const merged = await at('2026-10-12').patch(`/bots/${bot.id}`, { metadata: { d: 'x' } });
    assert.deepEqual(merged.body.metadata, { c: '[1,2]', d: 'x' });
    const tooBig = await at(OLDER).patch(`/bots/${bot.id}`, { metadata: { blob: 'y'.repeat(17 * 1024) } });
    assert.equal(tooBig.status, 422);
  });
});

describe('release 2026-10-12: meetings and calendar events', () => {
  it('When a meeting is read before 2026-10-12, then platforms carry their older names, Teams Live told apart', async () => {
    const live =
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=' +
      encodeURIComponent('{"Tid":"t","Oid":"o","IsBroadcastMeeting":true}');
    const cases: [string, string, string][] = [
      ['https://meet.google.com/abc-defg-hij', 'meet', 'google_meet'],
      ['https://zoom.us/j/987654321', 'zoom', 'zoom'],
      ['https://teams.microsoft.com/l/meetup-join/19%3ameeting_xyz%40thread.v2/0', 'teams', 'microsoft_teams'],
      [live, 'teams', 'microsoft_teams_live'],
    ];
    for (const [url, newest, older] of cases) {
      const bot = (await at('2026-10-12').post('/bots', { workspace_id: me.workspaceId, meeting_url: url })).body;
      assert.equal((await at('2026-10-12').get(`/meetings/${bot.meeting_id}`)).body.platform, newest, url);
      assert.equal((await at(OLDER).get(`/meetings/${bot.meeting_id}`)).body.platform, older, url);
    }
  });

  it('When a calendar event is pushed before 2026-10-12, then it and meeting.calendar_event carry series_id', async () => {
    const event = {
      workspace_id: me.workspaceId,
      ical_uid: 'weekly-sync@example.com',
      recurring: true,
      title: 'Weekly sync',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 90_000_000).toISOString(),
      organizer: { email: 'boss@example.com' },
      attendees: [{ email: 'boss@example.com' }],
    };
    const older = await at(OLDER).post('/calendar_events', event);
    assert.ok(older.status === 200 || older.status === 201, JSON.stringify(older.body));
    assert.equal(older.body.series_id, 'weekly-sync@example.com');
    const meeting = (await at(OLDER).get(`/meetings/${older.body.meeting_id}`)).body;
    assert.equal(meeting.calendar_event.series_id, 'weekly-sync@example.com');
    const newest = await at('2026-10-12').post('/calendar_events', event);
    assert.ok(!('series_id' in newest.body));
    assert.ok(!('series_id' in (await at('2026-10-12').get(`/meetings/${older.body.meeting_id}`)).body.calendar_event));
  });
});

describe('release 2026-10-10: pending results', () => {
  it('When a recording is queued, then results read pending before 2026-10-10 and none from it', async () => {
    const bot = (
      await at('2026-10-12').post('/bots', {
        workspace_id: me.workspaceId,
        meeting_url: 'https://meet.google.com/pend',
      })
    ).body;
    const newest = (await at('2026-10-10').get(`/meetings/${bot.meeting_id}`)).body.results;
    assert.equal(newest.status, 'none');
    assert.equal(newest.transcript.status, 'none');
    const older = (await at('2026-10-09').get(`/meetings/${bot.meeting_id}`)).body.results;
    assert.equal(older.status, 'pending');
    assert.equal(older.transcript.status, 'pending');
    assert.equal(older.summary.status, 'pending');
    assert.equal(older.media.status, 'pending');
    assert.equal((await at('2026-10-09').get(`/meetings/${bot.meeting_id}/results`)).body.transcript.status, 'pending');
    assert.equal((await at('2026-10-10').get(`/meetings/${bot.meeting_id}/results`)).body.transcript.status, 'none');
  });
});

describe('deprecated paths', () => {
  const deprecatedOn = (date: string) => `@${Date.parse(`${date}T00:00:00Z`) / 1000}`;
  const expectDeprecated = (res: { headers: Record<string, string> }, date: string) => {
    assert.equal(res.headers.deprecation, deprecatedOn(date));
    assert.match(res.headers.link ?? '', new RegExp(`/changelog#${date}>; rel="deprecation"`));
    assert.equal(res.headers.sunset, undefined, 'no removal date is set');
  };

  it('When POST /meetings and POST /meeting_bots send a bot, then they answer as POST /bots with the deprecation headers beside the successor link', async () => {
    const body = { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/deprecated-path' };
    const viaMeetings = await at(OLDER).post('/meetings', body);
    assert.equal(viaMeetings.status, 201, JSON.stringify(viaMeetings.body));
    assert.match(viaMeetings.body.id, /^bot_/);
    assert.ok('conversation_id' in viaMeetings.body, 'served at the caller’s version');
    expectDeprecated(viaMeetings, '2026-08-10');
    assert.match(viaMeetings.headers.link, /rel="successor-version"/);

    const viaMeetingBots = await at('2026-10-12').post('/meeting_bots', body);
    assert.equal(viaMeetingBots.status, 201);
    assert.equal(viaMeetingBots.body.object, 'bot');
    expectDeprecated(viaMeetingBots, '2026-09-25');
    assert.doesNotMatch(viaMeetingBots.headers.link, /successor-version/);

    const read = await at('2026-10-12').get(`/meeting_bots/${viaMeetingBots.body.id}`);
    assert.equal(read.body.id, viaMeetingBots.body.id);
    expectDeprecated(read, '2026-09-25');
    const botForm = await at('2026-10-12').get(`/meetings/${viaMeetingBots.body.id}`);
    assert.equal(botForm.body.object, 'bot');
    expectDeprecated(botForm, '2026-08-10');
    const meetingForm = await at('2026-10-12').get(`/meetings/${viaMeetingBots.body.meeting_id}`);
    assert.equal(meetingForm.body.object, 'meeting');
    assert.equal(meetingForm.headers.deprecation, undefined);
    const missing = await at('2026-10-12').get('/meeting_bots/bot_nothing');
    assert.equal(missing.status, 404);
    expectDeprecated(missing, '2026-09-25');
  });

  it('When GET /organizations is called, then it lists the workspaces, camelCase before 2026-10-12', async () => {
    const older = await at(OLDER).get('/organizations');
    assert.equal(older.status, 200);
    expectDeprecated(older, '2026-08-14');
    assert.equal(older.body.data[0].id, me.workspaceId);
    assert.ok('createdAt' in older.body.data[0]);
    const newest = await at('2026-10-12').get('/organizations');
    assert.ok('created_at' in newest.body.data[0]);
  });

  it('When a transcription, orders or conversations path is called, then 404 names the area, with the deprecation headers', async () => {
    for (const [method, path, date] of [
      ['post', '/transcriptions', '2025-11-25'],
      ['get', '/transcriptions/abc/summary', '2026-08-31'],
      ['post', '/orders', '2026-08-14'],
      ['get', '/task/transcription_translation/1', '2025-11-25'],
    ] as const) {
      const res = method === 'post' ? await at('2026-10-12').post(path, {}) : await at('2026-10-12').get(path);
      assert.equal(res.status, 404, path);
      assert.deepEqual(codes(res), ['not_found']);
      assert.match(res.body.errors[0].message, /not provided by this service/);
      expectDeprecated(res, date);
    }
  });

  it('When PATCH /policies/{id} answers a caller behind, then it carries the deprecation link beside the successor link', async () => {
    const settings = (await at('2026-10-12').get('/settings', { workspace_id: me.workspaceId })).body.data[0];
    const res = await at(OLDER).patch(`/policies/${settings.id}`, { recording: { enabled: false } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    expectDeprecated(res, '2026-10-12');
    assert.match(res.headers.link, /rel="successor-version"/);
  });
});

describe('changelog and OpenAPI per version', () => {
  it('When the changelog is read, then it lists every release and deprecated path, generated from the change modules', async () => {
    const page = await api.http.get('/api/v1/changelog');
    for (const v of [
      '2025-11-25',
      '2026-08-10',
      '2026-08-14',
      '2026-08-31',
      '2026-09-25',
      '2026-10-09',
      '2026-10-10',
      '2026-10-12',
    ])
      assert.match(page.text, new RegExp(`<section id="${v}">`), v);
    assert.match(page.text, /GET \/organizations/);
    assert.match(page.text, /series_id/);
    // Like every response of the API, the pages for people say the version that served them.
    assert.equal(page.headers['service-version'], CURRENT_VERSION);
    const docs = await api.http.get('/api/v1/docs').set('Service-Version', '2026-10-10');
    assert.equal(docs.status, 200);
    assert.equal(docs.headers['service-version'], '2026-10-10');
    assert.match(docs.headers.link, /rel="successor-version"/);
  });

  it('When the OpenAPI document is asked for at a version, then its schemas are that version’s', async () => {
    const newest = (await api.http.get('/api/v1/openapi.json')).body;
    const olderAnswer = await api.http.get('/api/v1/openapi.json').query({ version: OLDER });
    const older = olderAnswer.body;
    // The answer says the document's version, and links its successor when it is behind.
    assert.equal(olderAnswer.headers['service-version'], '2026-10-10');
    assert.match(olderAnswer.headers.link, /#2026-10-12>; rel="successor-version"/);
    const asNewest = await api.http
      .get('/api/v1/openapi.json')
      .query({ version: '2026-10-12' })
      .set('Service-Version', OLDER);
    assert.equal(asNewest.headers['service-version'], '2026-10-12');
    assert.equal(asNewest.headers.link, undefined);
    assert.equal(newest.info.version, '2026-10-12');
    assert.equal(older.info.version, '2026-10-10');
    assert.ok(newest.components.schemas.Bot.properties.meeting_id);
    assert.ok(!older.components.schemas.Bot.properties.meeting_id);
    assert.ok(older.components.schemas.Bot.properties.conversation_id);
    assert.ok(older.components.schemas.Workspace.properties.createdAt);
    assert.ok(older.components.schemas.Meeting.properties.platform.enum.includes('microsoft_teams_live'));
    assert.equal(newest.paths['/organizations'].get.deprecated, true);
    const bad = await api.http.get('/api/v1/openapi.json').query({ version: 'someday' });
    assert.equal(bad.status, 400);
    assert.deepEqual(codes(bad), ['version:invalid_api_version']);
  });
});
