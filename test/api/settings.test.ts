import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { displayLabel } from '../../domain/meetings/state';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { timeSkipping, type TemporalHarness } from '../support/temporal';

// No worker runs here: bots stay queued and meetings upcoming; settings effects on one meeting are
// recorded in the request, and the fan-out workflows are only started (test/workflows/settings-fanout.test.ts runs them).
let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let api: TestApi;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  api = await givenApi({ orm: db.orm, temporal: t.env.client, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
});
afterAll(async () => {
  await t.teardown();
  await db.drop();
});

type Account = Awaited<ReturnType<typeof givenAccount>>;
const fields = (res: { body: { errors: { field?: string; code: string }[] } }) =>
  Object.fromEntries(res.body.errors.map((e) => [e.field, e.code]));
const ALL_DEFAULT = {
  'recording.enabled': { assignment_id: null, reason: 'service_default' },
  'recording.methods.bot.start': { assignment_id: null, reason: 'service_default' },
  'recording.methods.bot.mode': { assignment_id: null, reason: 'service_default' },
  'recording.methods.bot.silence_detection.alert': { assignment_id: null, reason: 'service_default' },
  'transcription.language': { assignment_id: null, reason: 'service_default' },
  'summary.template': { assignment_id: null, reason: 'service_default' },
  'summary.language': { assignment_id: null, reason: 'service_default' },
  'branding.brand_kit_id': { assignment_id: null, reason: 'service_default' },
};

async function member(who: Account, body: Record<string, unknown> = {}) {
  const res = await api.as(who).post('/members', { workspace_id: who.workspaceId, name: 'Ann', ...body });
  assert.equal(res.status, 201);
  return res.body as { id: string; settings: Block };
}
async function namedSettings(who: Account, body: Record<string, unknown>, workspaceId = who.workspaceId) {
  const res = await api.as(who).post('/settings', { workspace_id: workspaceId, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string };
}
async function assign(who: Account, settingsId: string, scope: string[]) {
  const res = await api.as(who).post('/settings_assignments', { settings_id: settingsId, scope });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string };
}
async function bot(who: Account, body: Record<string, unknown> = {}) {
  const res = await api.as(who).post('/bots', {
    workspace_id: who.workspaceId,
    meeting_url: 'https://meet.google.com/abc-defg-hij',
    join_at: new Date(Date.now() + 86_400_000).toISOString(),
    ...body,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; meeting_id: string };
}
type Block = {
  recording: {
    enabled: boolean;
    methods: { bot: { start: string; mode: string; silence_detection: { alert: boolean } } };
  };
  transcription: { language: string };
  summary: { template: string; language: string };
  sources: Record<string, { assignment_id: string | null; reason?: string }>;
  assignments: { id: string; settings_id: string; scope: string[]; own: boolean }[];
};
const meetingSettings = async (who: Account, meetingId: string) =>
  (await api.as(who).get(`/meetings/${meetingId}`)).body.settings as Block;

describe('own settings', () => {
  it('When a workspace and a member exist, then each has own settings assigned to its own scope, shown with own: true, and the defaults say service_default', async () => {
    const me = await givenAccount(api);
    const ws = await api.as(me).get(`/workspaces/${me.workspaceId}`);
    assert.deepEqual(ws.body.settings.sources, ALL_DEFAULT);
    assert.equal(ws.body.settings.recording.enabled, true);
    assert.equal(ws.body.settings.recording.methods.bot.mode, 'audio_and_video');
    const [own] = ws.body.settings.assignments;
    assert.deepEqual(
      { ...own, id: undefined, settings_id: undefined },
      { id: undefined, settings_id: undefined, scope: [`workspaces:${me.workspaceId}`], own: true },
    );
    const ann = await member(me);
    assert.deepEqual(
      ann.settings.assignments.map((a) => [a.scope, a.own]),
      [
        [[`members:${ann.id}`], true],
        [[`workspaces:${me.workspaceId}`], true],
      ],
    );
    const settings = await api.as(me).get(`/settings/${own.settings_id}`);
    assert.equal(settings.status, 200);
    assert.deepEqual(Object.keys(settings.body).sort(), [
      'assignments',
      'branding',
      'created_at',
      'id',
      'name',
      'object',
      'own',
      'recording',
      'summary',
      'transcription',
      'updated_at',
      'workspace_id',
    ]);
    assert.equal(settings.body.object, 'settings');
    assert.equal(settings.body.own, true);
    assert.deepEqual(settings.body.recording, {
      enabled: null,
      methods: { bot: { start: null, mode: null, silence_detection: { alert: null } } },
    });
    assert.deepEqual(settings.body.assignments, [{ id: own.id, scope: [`workspaces:${me.workspaceId}`] }]);
    assert.match(settings.headers.etag, /^"\d+"$/);
  });

  it("When the workspace's own settings are patched, then the workspace, its members and its meetings resolve the new value with the workspace's assignment as source", async () => {
    const me = await givenAccount(api);
    const ann = await member(me);
    const b = await bot(me, { member_id: ann.id });
    const ws = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings as Block;
    const own = ws.assignments[0]!;
    const res = await api.as(me).patch(`/settings/${own.settings_id}`, {
      transcription: { language: 'de' },
      recording: { methods: { bot: { mode: 'audio_only' } } },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.transcription.language, 'de');
    for (const block of [
      (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings,
      (await api.as(me).get(`/members/${ann.id}`)).body.settings,
      await meetingSettings(me, b.meeting_id),
    ] as Block[]) {
      assert.equal(block.transcription.language, 'de');
      assert.equal(block.recording.methods.bot.mode, 'audio_only');
      assert.deepEqual(block.sources['transcription.language'], { assignment_id: own.id });
    }
    const got = await api.as(me).get(`/bots/${b.id}`);
    assert.equal(got.body.language, 'de');
    assert.equal(got.body.recording_mode, 'audio_only');
  });
});

describe('settings objects', () => {
  it('When named settings are created, listed, read, patched partially, set to inherit and deleted, then each step reads back as sent', async () => {
    const me = await givenAccount(api);
    const created = await api.as(me).post('/settings', {
      workspace_id: me.workspaceId,
      name: 'Sales calls',
      recording: { methods: { bot: { start: 'on_command' } } },
      summary: { template: 'sales' },
    });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^set_/);
    assert.equal(created.body.name, 'Sales calls');
    assert.equal(created.body.own, false);
    assert.equal(created.body.recording.methods.bot.start, 'on_command');
    assert.equal(created.body.recording.methods.bot.mode, null);
    assert.deepEqual(created.body.assignments, []);
    const patched = await api.as(me).patch(`/settings/${created.body.id}`, { summary: { language: 'fr' } });
    assert.equal(patched.body.summary.template, 'sales');
    assert.equal(patched.body.summary.language, 'fr');
    assert.notEqual(patched.headers.etag, created.headers.etag);
    const viaPolicies = await api.as(me).patch(`/policies/${created.body.id}`, { transcription: { language: 'nl' } });
    assert.equal(viaPolicies.status, 200, 'the older path still writes');
    assert.equal(viaPolicies.body.transcription.language, 'nl');
    assert.match(viaPolicies.headers.deprecation, /^@\d+$/);
    assert.match(viaPolicies.headers.link, /rel="deprecation"/);
    const inherited = await api
      .as(me)
      .patch(`/settings/${created.body.id}`, { summary: { template: 'inherit', language: null }, name: 'Sales' });
    assert.deepEqual(inherited.body.summary, { template: null, language: null });
    assert.equal(inherited.body.name, 'Sales');
    const list = await api.as(me).get('/settings', { workspace_id: me.workspaceId });
    assert.equal(list.body.data.length, 2);
    assert.equal(list.body.data[0].own, true, 'the workspace’s own settings come first');
    assert.equal(list.body.data[1].id, created.body.id);
    const deleted = await api.as(me).delete(`/settings/${created.body.id}`);
    assert.deepEqual(deleted.body, { id: created.body.id, object: 'settings', deleted: true });
    assert.equal((await api.as(me).get(`/settings/${created.body.id}`)).status, 404);
  });

  it('When GET /settings pages, then the workspace’s settings come first, then each member’s own, oldest first, with no repeats', async () => {
    const me = await givenAccount(api);
    const named = await namedSettings(me, { name: 'N' });
    const a = await member(me, { name: 'A' });
    const b = await member(me, { name: 'B' });
    const seen: { id: string; own: boolean }[] = [];
    let res = await api.as(me).get('/settings', { workspace_id: me.workspaceId, limit: 1 });
    for (;;) {
      seen.push(...res.body.data);
      if (!res.body._links.next) break;
      res = await api.http
        .get(new URL(res.body._links.next.url).pathname + new URL(res.body._links.next.url).search)
        .set('Authorization', me.key);
    }
    const memberOwn = async (id: string) =>
      (await api.as(me).get(`/members/${id}`)).body.settings.assignments[0].settings_id;
    const workspaceOwn = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings.assignments[0]
      .settings_id;
    assert.deepEqual(
      seen.map((s) => s.id),
      [workspaceOwn, named.id, await memberOwn(a.id), await memberOwn(b.id)],
    );
  });

  it('When a value is not allowed, then 422 invalid names the dotted field and lists the allowed values; removed and unknown fields are unknown_field', async () => {
    const me = await givenAccount(api);
    const bad = await api.as(me).post('/settings', {
      workspace_id: me.workspaceId,
      recording: {
        enabled: 'yes',
        methods: {
          bot: { mode: 'video_only', start: 'whenever', silence_detection: { alert: 1, automatic_leave: true } },
        },
      },
      transcription: { language: 'Klingon!', model: 'best', glossary_ids: [] },
      summary: { template: 'poem', language: 'xx-not' },
      branding: { brand_kit_id: 'brk_01jdz4m7k3q8v2n6x9c5b1t0aa' },
      access: 'public',
      summary_email: true,
      storage: {},
      colour: 'red',
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(fields(bad), {
      'recording.enabled': 'invalid',
      'recording.methods.bot.mode': 'invalid',
      'recording.methods.bot.start': 'invalid',
      'recording.methods.bot.silence_detection.alert': 'invalid',
      'recording.methods.bot.silence_detection.automatic_leave': 'unknown_field',
      'transcription.language': 'invalid',
      'transcription.model': 'unknown_field',
      'transcription.glossary_ids': 'unknown_field',
      'summary.template': 'invalid',
      'summary.language': 'invalid',
      'branding.brand_kit_id': 'invalid',
      access: 'unknown_field',
      summary_email: 'unknown_field',
      storage: 'unknown_field',
      colour: 'unknown_field',
    });
    const mode = bad.body.errors.find((e: { field: string }) => e.field === 'recording.methods.bot.mode');
    for (const word of ['audio_and_video', 'audio_only', 'inherit']) assert.match(mode.message, new RegExp(word));
    const joinAt = await api.as(me).post('/settings', {
      workspace_id: me.workspaceId,
      recording: { methods: { bot: { join_at_scheduled_start: true } } },
    });
    assert.deepEqual(fields(joinAt), { 'recording.methods.bot.join_at_scheduled_start': 'unknown_field' });
    assert.match(joinAt.body.errors[0].message, /2026-10-12/);
    const ok = await api.as(me).post('/settings', {
      workspace_id: me.workspaceId,
      transcription: { language: 'multi' },
      summary: { language: 'pt-BR' },
      branding: { brand_kit_id: 'none' },
    });
    assert.equal(ok.status, 201);
  });

  it('When If-Match carries a stale ETag, then 409 settings_changed and nothing changes; the current ETag applies', async () => {
    const me = await givenAccount(api);
    const s = await api.as(me).post('/settings', { workspace_id: me.workspaceId, transcription: { language: 'en' } });
    const etag = s.headers.etag;
    const first = await api
      .as(me)
      .patch(`/settings/${s.body.id}`, { transcription: { language: 'es' } }, { 'If-Match': etag });
    assert.equal(first.status, 200);
    const stale = await api
      .as(me)
      .patch(`/settings/${s.body.id}`, { transcription: { language: 'it' } }, { 'If-Match': etag });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.errors[0].code, 'settings_changed');
    assert.equal((await api.as(me).get(`/settings/${s.body.id}`)).body.transcription.language, 'es');
    const staleDelete = await api.as(me).delete(`/settings/${s.body.id}`, { 'If-Match': etag });
    assert.equal(staleDelete.body.errors[0].code, 'settings_changed');
    assert.equal((await api.as(me).delete(`/settings/${s.body.id}`, { 'If-Match': first.headers.etag })).status, 200);
  });

  it('When settings are deleted while assigned, or are own settings, then 409 settings_in_use', async () => {
    const me = await givenAccount(api);
    const s = await namedSettings(me, { transcription: { language: 'en' } });
    await assign(me, s.id, [`workspaces:${me.workspaceId}`, 'meetings:external']);
    const inUse = await api.as(me).delete(`/settings/${s.id}`);
    assert.equal(inUse.status, 409);
    assert.equal(inUse.body.errors[0].code, 'settings_in_use');
    const own = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings.assignments[0];
    const ownDelete = await api.as(me).delete(`/settings/${own.settings_id}`);
    assert.equal(ownDelete.body.errors[0].code, 'settings_in_use');
    const named = await api.as(me).patch(`/settings/${own.settings_id}`, { name: 'mine' });
    assert.deepEqual(fields(named), { name: 'invalid' });
  });
});

describe('settings assignments', () => {
  it('When a scope is assigned, then it reads back canonical; the same scope again, in any order, is 409 scope_taken', async () => {
    const me = await givenAccount(api);
    const s = await namedSettings(me, { recording: { enabled: false } });
    const a = await api.as(me).post('/settings_assignments', {
      settings_id: s.id,
      scope: ['meetings:external', `workspaces:${me.workspaceId}`, 'meetings:organized'],
    });
    assert.equal(a.status, 201);
    assert.match(a.body.id, /^asg_/);
    assert.deepEqual(Object.keys(a.body).sort(), ['created_at', 'id', 'object', 'own', 'scope', 'settings_id']);
    assert.deepEqual(a.body.scope, [`workspaces:${me.workspaceId}`, 'meetings:organized', 'meetings:external']);
    assert.deepEqual((await api.as(me).get(`/settings_assignments/${a.body.id}`)).body, a.body);
    const again = await api.as(me).post('/settings_assignments', {
      settings_id: s.id,
      scope: ['meetings:organized', 'meetings:external', `workspaces:${me.workspaceId}`],
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors[0].code, 'scope_taken');
    assert.match(again.body.errors[0].message, new RegExp(a.body.id));
    assert.deepEqual((await api.as(me).get(`/settings/${s.id}`)).body.assignments, [
      { id: a.body.id, scope: a.body.scope },
    ]);
  });

  it('When a scope breaks the grammar, then 422 names the index of each condition at fault', async () => {
    const me = await givenAccount(api);
    const s = await namedSettings(me, {});
    const ann = await member(me);
    const scope = async (sc: unknown) => api.as(me).post('/settings_assignments', { settings_id: s.id, scope: sc });
    assert.deepEqual(fields(await scope([`workspaces:${me.workspaceId}`, `members:${ann.id}`])), {
      'scope.1': 'invalid',
    });
    assert.deepEqual(fields(await scope([`workspaces:${me.workspaceId}`, 'meetings:vip', 'teams:x'])), {
      'scope.1': 'invalid',
      'scope.2': 'invalid',
    });
    assert.deepEqual(fields(await scope([`accounts:${me.accountId}`, 'meetings:external'])), { 'scope.1': 'invalid' });
    assert.deepEqual(fields(await scope(['meetings:external'])), { scope: 'invalid' });
    assert.deepEqual(fields(await scope([])), { scope: 'blank' });
    assert.deepEqual(fields(await scope('workspaces:x')), { scope: 'invalid_type' });
    assert.deepEqual(fields(await scope([`workspaces:${me.workspaceId}`, 'meetings:external', 'meetings:external'])), {
      'scope.2': 'invalid',
    });
    const b = await bot(me);
    assert.deepEqual(fields(await scope([`members:${ann.id}`, `meetings:${b.meeting_id}`])), { 'scope.0': 'invalid' });
    assert.deepEqual(
      fields(await scope([`workspaces:${me.workspaceId}`, `meetings:${b.meeting_id}`, 'meetings:internal'])),
      { 'scope.2': 'invalid' },
    );
  });

  it('When a scope names something the key cannot write, then 422 at its index; own settings elsewhere and settings of another workspace are 409 settings_conflict', async () => {
    const me = await givenAccount(api);
    const other = await givenAccount(api);
    const theirs = await member(other);
    const s = await namedSettings(me, {});
    const scope = async (sc: string[], settingsId = s.id) =>
      api.as(me).post('/settings_assignments', { settings_id: settingsId, scope: sc });
    assert.deepEqual(fields(await scope([`workspaces:${other.workspaceId}`])), { 'scope.0': 'invalid' });
    assert.deepEqual(fields(await scope([`members:${theirs.id}`, 'meetings:domain'])), { 'scope.0': 'invalid' });
    assert.deepEqual(fields(await scope([`accounts:${other.accountId}`])), { 'scope.0': 'invalid' });
    assert.deepEqual(fields(await scope([`workspaces:${me.workspaceId}`, 'meetings:mtg_01jdz4m7k3q8v2n6x9c5b1t0aa'])), {
      'scope.1': 'invalid',
    });
    const notMine = await namedSettings(other, {}, other.workspaceId);
    assert.deepEqual(fields(await scope([`workspaces:${me.workspaceId}`], notMine.id)), { settings_id: 'invalid' });
    const own = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings.assignments[0];
    const conflict = await scope([`workspaces:${me.workspaceId}`, 'meetings:external'], own.settings_id);
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.errors[0].code, 'settings_conflict');
    const second = await api.as(me).post('/workspaces', { name: 'Second' });
    const across = await scope([`workspaces:${second.body.id}`]);
    assert.equal(across.status, 409);
    assert.equal(across.body.errors[0].code, 'settings_conflict');
  });

  it("When a meeting's scope is assigned, with or without its workspace, then 409 scope_taken: it is the meeting's own; the own assignment cannot be deleted", async () => {
    const me = await givenAccount(api);
    const s = await namedSettings(me, {});
    const b = await bot(me);
    const block = await meetingSettings(me, b.meeting_id);
    const own = block.assignments.find((a) => a.own && a.scope.includes(`meetings:${b.meeting_id}`))!;
    assert.deepEqual(own.scope, [`workspaces:${me.workspaceId}`, `meetings:${b.meeting_id}`]);
    for (const scope of [[`meetings:${b.meeting_id}`], [`meetings:${b.meeting_id}`, `workspaces:${me.workspaceId}`]]) {
      const res = await api.as(me).post('/settings_assignments', { settings_id: s.id, scope });
      assert.equal(res.status, 409);
      assert.equal(res.body.errors[0].code, 'scope_taken');
    }
    const del = await api.as(me).delete(`/settings_assignments/${own.id}`);
    assert.equal(del.status, 409);
    assert.equal(del.body.errors[0].code, 'settings_in_use');
  });

  it('When assignments are listed, then the workspace’s come first most specific first, then each member’s, and paging walks them in that order', async () => {
    const me = await givenAccount(api);
    const ann = await member(me);
    const s = await namedSettings(me, {});
    const wsCat = await assign(me, s.id, [`workspaces:${me.workspaceId}`, 'meetings:external']);
    const wsTwo = await assign(me, s.id, [`workspaces:${me.workspaceId}`, 'meetings:external', 'meetings:organized']);
    const memCat = await assign(me, s.id, [`members:${ann.id}`, 'meetings:internal']);
    const wsOwn = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings.assignments[0].id;
    const memOwn = ann.settings.assignments[0]!.id;
    const expected = [wsTwo.id, wsCat.id, wsOwn, memCat.id, memOwn];
    const all = await api.as(me).get('/settings_assignments', { workspace_id: me.workspaceId });
    assert.deepEqual(
      all.body.data.map((a: { id: string }) => a.id),
      expected,
    );
    assert.deepEqual(
      all.body.data.map((a: { own: boolean }) => a.own),
      [false, false, true, false, true],
    );
    const paged: string[] = [];
    let res = await api.as(me).get('/settings_assignments', { workspace_id: me.workspaceId, limit: 2 });
    for (;;) {
      paged.push(...res.body.data.map((a: { id: string }) => a.id));
      if (!res.body._links.next) break;
      const next = new URL(res.body._links.next.url);
      res = await api.http.get(next.pathname + next.search).set('Authorization', me.key);
    }
    assert.deepEqual(paged, expected);
    const removed = await api.as(me).delete(`/settings_assignments/${wsCat.id}`);
    assert.deepEqual(removed.body, { id: wsCat.id, object: 'settings_assignment', deleted: true });
    assert.equal((await api.as(me).get(`/settings_assignments/${wsCat.id}`)).status, 404);
  });
});

describe('resolution through the API', () => {
  it('When member, category and meeting settings all set a path, then the most specific wins and sources name it; removing one falls back to the next', async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: 'ann@acme.test' });
    const ext = await namedSettings(me, { transcription: { language: 'es' }, summary: { template: 'sales' } });
    const extAsg = await assign(me, ext.id, [`workspaces:${me.workspaceId}`, 'meetings:external']);
    const annOwn = ann.settings.assignments[0]!;
    await api
      .as(me)
      .patch(`/settings/${annOwn.settings_id}`, { transcription: { language: 'de' }, summary: { language: 'en' } });
    const annExt = await namedSettings(me, { transcription: { language: 'it' } });
    const annExtAsg = await assign(me, annExt.id, [`members:${ann.id}`, 'meetings:external']);

    // An external participant: every layer reaches.
    const b = await bot(me, {
      member_id: ann.id,
      participants: [{ email: 'ann@acme.test' }, { email: 'guest@else.test' }],
      summary_template: 'standup',
    });
    let block = await meetingSettings(me, b.meeting_id);
    assert.equal(block.transcription.language, 'it');
    assert.deepEqual(block.sources['transcription.language'], { assignment_id: annExtAsg.id });
    assert.equal(block.summary.template, 'standup');
    const meetingOwn = block.assignments[0]!;
    assert.deepEqual(block.sources['summary.template'], { assignment_id: meetingOwn.id });
    assert.equal(block.summary.language, 'en');
    assert.deepEqual(block.sources['summary.language'], { assignment_id: annOwn.id });
    assert.deepEqual(
      block.assignments.map((a) => a.id),
      [meetingOwn.id, annExtAsg.id, annOwn.id, extAsg.id, block.assignments.at(-1)!.id],
    );
    assert.equal((await api.as(me).get(`/bots/${b.id}`)).body.language, 'it');

    // Internal: the category scopes do not reach.
    const internal = await bot(me, { member_id: ann.id, participants: [{ email: 'ann@acme.test' }] });
    block = await meetingSettings(me, internal.meeting_id);
    assert.equal(block.transcription.language, 'de');
    assert.ok(!block.assignments.some((a) => a.id === extAsg.id || a.id === annExtAsg.id));

    await api.as(me).delete(`/settings_assignments/${annExtAsg.id}`);
    block = await meetingSettings(me, b.meeting_id);
    assert.equal(block.transcription.language, 'de', "the member's own settings are next");
    await api.as(me).patch(`/settings/${annOwn.settings_id}`, { transcription: { language: 'inherit' } });
    block = await meetingSettings(me, b.meeting_id);
    assert.equal(block.transcription.language, 'es', 'then the workspace category');
    assert.deepEqual(block.sources['transcription.language'], { assignment_id: extAsg.id });
  });

  it("When a bot is sent for a member and every participant shares the member's domain, then its answer, its meeting.created and its meeting already carry the domain category's settings", async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: 'ann@acme.test' });
    const dom = await namedSettings(me, { transcription: { language: 'fr' } });
    const domAsg = await assign(me, dom.id, [`workspaces:${me.workspaceId}`, 'meetings:domain']);
    const participants = [{ email: 'ann@acme.test' }, { email: 'bob@acme.test' }];

    const sent = (await bot(me, { member_id: ann.id, participants })) as {
      id: string;
      meeting_id: string;
      language: string;
    };
    assert.equal(sent.language, 'fr');
    const created = await db.orm.em
      .fork()
      .execute<{ payload: { settings: Block } }[]>(
        `select payload from webhook_events where type = 'meeting.created' and object_id = ?`,
        [sent.meeting_id],
      );
    assert.equal(created.length, 1);
    assert.equal(created[0]!.payload.settings.transcription.language, 'fr');
    assert.deepEqual(created[0]!.payload.settings.sources['transcription.language'], { assignment_id: domAsg.id });
    assert.equal((await meetingSettings(me, sent.meeting_id)).transcription.language, 'fr');

    // Without a member there is no domain to share: the category does not reach.
    const anyone = await bot(me, { participants });
    assert.notEqual((anyone as unknown as { language: string }).language, 'fr');
  });

  it('When a bot is sent with recording choices, then they are the meeting’s own settings, and patching those settings changes what the bot shows and emits meeting.updated', async () => {
    const me = await givenAccount(api);
    const b = await bot(me, { recording_mode: 'audio_only', silence_alert: true, summary_language: 'fr' });
    const block = await meetingSettings(me, b.meeting_id);
    const own = block.assignments.find((a) => a.own && a.scope.includes(`meetings:${b.meeting_id}`))!;
    const settings = await api.as(me).get(`/settings/${own.settings_id}`);
    assert.equal(settings.body.own, true);
    assert.equal(settings.body.recording.methods.bot.mode, 'audio_only');
    assert.equal(settings.body.recording.enabled, true, 'sending a bot asks for the meeting to be recorded');
    const patched = await api.as(me).patch(`/settings/${own.settings_id}`, {
      recording: { methods: { bot: { mode: 'audio_and_video', start: 'on_command' } } },
      summary: { template: 'interview' },
    });
    assert.equal(patched.status, 200);
    const got = (await api.as(me).get(`/bots/${b.id}`)).body;
    assert.deepEqual(
      {
        mode: got.recording_mode,
        start: got.recording_start,
        alert: got.silence_alert,
        template: got.summary_template,
        language: got.summary_language,
      },
      { mode: 'audio_and_video', start: 'on_command', alert: true, template: 'interview', language: 'fr' },
    );
    const events = await api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, type: 'meeting.updated' });
    const updated = events.body.data.filter(
      (e: { data: { object: { id: string } } }) => e.data.object.id === b.meeting_id,
    );
    assert.equal(updated.length, 1);
    assert.equal(updated[0].data.object.settings.recording.methods.bot.start, 'on_command');
  });

  it('When settings of an archived workspace are assigned to the account, then 422 on settings_id: nothing is made that could not be read or removed', async () => {
    const me = await givenAccount(api);
    const second = (await api.as(me).post('/workspaces', { name: 'Soon archived' })).body;
    const s = await namedSettings(me, { summary: { language: 'ja' } }, second.id);
    assert.equal((await api.as(me).delete(`/workspaces/${second.id}`)).status, 200);
    const res = await api
      .as(me)
      .post('/settings_assignments', { settings_id: s.id, scope: [`accounts:${me.accountId}`] });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.deepEqual(fields(res), { settings_id: 'invalid' });
  });

  it('When an account scope is assigned, then it reaches every workspace the account created, below their own settings', async () => {
    const me = await givenAccount(api);
    const second = (await api.as(me).post('/workspaces', { name: 'Second' })).body;
    const s = await namedSettings(me, { summary: { language: 'ja' }, transcription: { language: 'ja' } });
    const acc = await assign(me, s.id, [`accounts:${me.accountId}`]);
    const secondOwn = second.settings.assignments[0];
    await api.as(me).patch(`/settings/${secondOwn.settings_id}`, { transcription: { language: 'ko' } });
    const first = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings as Block;
    const other = (await api.as(me).get(`/workspaces/${second.id}`)).body.settings as Block;
    assert.equal(first.summary.language, 'ja');
    assert.equal(other.summary.language, 'ja');
    assert.deepEqual(other.sources['summary.language'], { assignment_id: acc.id });
    assert.equal(other.transcription.language, 'ko');
    assert.deepEqual(
      other.assignments.map((a) => a.id),
      [secondOwn.id, acc.id],
    );
    const stranger = await givenAccount(api);
    assert.equal((await api.as(stranger).get(`/settings_assignments/${acc.id}`)).status, 404);
    // An admin of the settings' workspace is not the account: it cannot change what reaches the account's other workspaces.
    const admin = await givenAccount(api, { workspace: false });
    await grant(api, admin.email, me.workspaceId, 'admin');
    const refused = await api.as(admin).patch(`/settings/${s.id}`, { summary: { language: 'en' } });
    assert.equal(refused.status, 401);
    assert.match(refused.body.errors[0].message, /only that account/);
  });

  it('When meetings are listed with include=settings, then each carries its own block; without it, none does', async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: 'ann@acme.test' });
    await api.as(me).patch(`/settings/${ann.settings.assignments[0]!.settings_id}`, {
      recording: { methods: { bot: { silence_detection: { alert: true } } } },
    });
    const mine = await bot(me, { member_id: ann.id });
    const nobody = await bot(me);
    const list = await api.as(me).get('/meetings', { workspace_id: me.workspaceId, include: 'settings' });
    const byId = new Map(list.body.data.map((m: { id: string; settings: Block }) => [m.id, m.settings]));
    assert.equal((byId.get(mine.meeting_id) as Block).recording.methods.bot.silence_detection.alert, true);
    assert.equal((byId.get(nobody.meeting_id) as Block).recording.methods.bot.silence_detection.alert, false);
    const plain = await api.as(me).get('/meetings', { workspace_id: me.workspaceId });
    assert.ok(plain.body.data.every((m: object) => !('settings' in m)));
    const members = await api.as(me).get('/members', { workspace_id: me.workspaceId, include: 'settings' });
    assert.equal(members.body.data[0].settings.recording.methods.bot.silence_detection.alert, true);
    const workspaces = await api.as(me).get('/workspaces', { include: 'settings' });
    assert.ok('settings' in workspaces.body.data[0]);
    assert.ok(!('settings' in (await api.as(me).get('/workspaces')).body.data[0]));
  });

  it('When an upcoming meeting is read, then its label reads "Will be recorded", or "Not going to be recorded" once its settings disable recording, with sources saying why', async () => {
    const me = await givenAccount(api);
    const b = await bot(me);
    let m = (await api.as(me).get(`/meetings/${b.meeting_id}`)).body;
    assert.equal(displayLabel(m.phase, m.settings.recording.enabled, m.results.status), 'Will be recorded');
    const own = (m.settings as Block).assignments[0]!;
    await api.as(me).patch(`/settings/${own.settings_id}`, { recording: { enabled: false } });
    m = (await api.as(me).get(`/meetings/${b.meeting_id}`)).body;
    assert.equal(m.phase, 'upcoming');
    assert.equal(displayLabel(m.phase, m.settings.recording.enabled, m.results.status), 'Not going to be recorded');
    assert.deepEqual(m.settings.sources['recording.enabled'], { assignment_id: own.id });
  });
});

describe('summary templates', () => {
  it('When a custom template is created, then settings can name it, a template of another workspace or an unknown one is refused, and it cannot be deleted while used', async () => {
    const me = await givenAccount(api);
    const tpl = await api.as(me).post('/summary_templates', {
      workspace_id: me.workspaceId,
      name: 'Board',
      sections: [{ title: 'Decisions', instructions: 'What was decided.' }, { title: 'Risks' }],
    });
    assert.equal(tpl.status, 201);
    assert.match(tpl.body.id, /^tpl_/);
    assert.deepEqual(tpl.body.sections, [
      { title: 'Decisions', instructions: 'What was decided.' },
      { title: 'Risks', instructions: '' },
    ]);
    const bad = await api.as(me).post('/summary_templates', { workspace_id: me.workspaceId, name: '', sections: [] });
    assert.deepEqual(fields(bad), { name: 'blank', sections: 'invalid' });
    const s = await api.as(me).post('/settings', { workspace_id: me.workspaceId, summary: { template: tpl.body.id } });
    assert.equal(s.status, 201);
    const other = await givenAccount(api);
    const theirs = await api
      .as(other)
      .post('/summary_templates', { workspace_id: other.workspaceId, name: 'X', sections: [{ title: 'A' }] });
    const foreign = await api
      .as(me)
      .post('/settings', { workspace_id: me.workspaceId, summary: { template: theirs.body.id } });
    assert.deepEqual(fields(foreign), { 'summary.template': 'unusable_setting' });
    assert.equal((await api.as(me).get(`/summary_templates/${theirs.body.id}`)).status, 404);
    const inUse = await api.as(me).delete(`/summary_templates/${tpl.body.id}`);
    assert.equal(inUse.status, 409);
    assert.equal(inUse.body.errors[0].code, 'settings_in_use');
    const renamed = await api.as(me).patch(`/summary_templates/${tpl.body.id}`, { name: 'Board meeting' });
    assert.equal(renamed.body.name, 'Board meeting');
    assert.deepEqual(
      (await api.as(me).get('/summary_templates', { workspace_id: me.workspaceId })).body.data.map(
        (t: { id: string }) => t.id,
      ),
      [tpl.body.id],
    );
    await api.as(me).delete(`/settings/${s.body.id}`);
    assert.equal((await api.as(me).delete(`/summary_templates/${tpl.body.id}`)).status, 200);
  });
});

describe('who may work with settings', () => {
  it('When a member-role or guest key, or a key of another account, calls the settings endpoints, then 401 for a workspace parameter and 404 for an id', async () => {
    const me = await givenAccount(api);
    const s = await namedSettings(me, {});
    const stranger = await givenAccount(api);
    for (const role of ['member', 'guest'] as const) {
      const them = await givenAccount(api, { workspace: false });
      await grant(api, them.email, me.workspaceId, role);
      assert.equal((await api.as(them).get('/settings', { workspace_id: me.workspaceId })).status, 401);
      assert.equal((await api.as(them).get(`/settings/${s.id}`)).status, 401);
      assert.equal((await api.as(them).patch(`/settings/${s.id}`, { transcription: { language: 'en' } })).status, 401);
      assert.equal((await api.as(them).get('/settings_assignments', { workspace_id: me.workspaceId })).status, 401);
    }
    assert.equal((await api.as(stranger).get('/settings', { workspace_id: me.workspaceId })).status, 401);
    assert.equal((await api.as(stranger).get(`/settings/${s.id}`)).status, 404);
    assert.equal((await api.as(stranger).delete(`/settings/${s.id}`)).status, 404);
    assert.equal((await api.as(stranger).post('/settings', { workspace_id: me.workspaceId })).status, 401);
    const missing = await api.as(me).get('/settings', { workspace_id: '' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].message, 'Parameter missing: workspace_id');
  });
});
