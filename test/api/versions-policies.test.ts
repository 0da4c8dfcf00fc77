import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { release20261012 } from '../../domain/versions/2026-10-12';
import type { OpenApiDoc } from '../../domain/versions';
import { timeSkipping, type TemporalHarness } from '../support/temporal';

// Release 2026-10-12 for policies, members, calendar connections and connect links: the same request
// at 2026-10-11 (the version before) and at 2026-10-12. No worker runs: bots stay queued.
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

const OLD = '2026-10-11';
const NEW = '2026-10-12';
type Account = Awaited<ReturnType<typeof givenAccount>>;
type Body = Record<string, any>;

/** The API as one key calls it, at one version. */
const at = (who: Account, version: string) => ({
  get: (path: string, query: Record<string, unknown> = {}) =>
    api.as(who).get(path, query).set('Service-Version', version),
  post: (path: string, body: unknown) => api.as(who).post(path, body).set('Service-Version', version),
  patch: (path: string, body: unknown) => api.as(who).patch(path, body).set('Service-Version', version),
});
const fields = (res: { body: { errors: { field?: string; code: string }[] } }) =>
  Object.fromEntries(res.body.errors.map((e) => [e.field, e.code]));

const REMOVED_WRITE = {
  transcription: { model: 'enhanced', glossary_ids: ['gls_1', 'gls_2'] },
  access: 'participants',
  summary_email: 'member',
  storage: 30,
  recording: {
    methods: { bot: { start: 'manual', silence_detection: { automatic_leave: true }, join_at_scheduled_start: true } },
  },
};
const REMOVED_UNKNOWN = {
  'transcription.model': 'unknown_field',
  'transcription.glossary_ids': 'unknown_field',
  access: 'unknown_field',
  summary_email: 'unknown_field',
  storage: 'unknown_field',
  'recording.methods.bot.silence_detection.automatic_leave': 'unknown_field',
  'recording.methods.bot.join_at_scheduled_start': 'unknown_field',
};

async function ownSettingsOf(who: Account): Promise<string> {
  const ws = await api.as(who).get(`/workspaces/${who.workspaceId}`);
  return (ws.body.settings.assignments as { settings_id: string; own: boolean }[]).find((a) => a.own)!.settings_id;
}
async function member(who: Account, body: Body = {}): Promise<Body> {
  const res = await api.as(who).post('/members', { workspace_id: who.workspaceId, name: 'Ann', ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

describe('policies (settings objects) before 2026-10-12', () => {
  it('When an older pin writes the removed fields and an older start word, then it reads them back; 2026-10-12 reads neither and start on_command', async () => {
    const me = await givenAccount(api);
    const id = await ownSettingsOf(me);
    const written = await at(me, OLD).patch(`/settings/${id}`, REMOVED_WRITE);
    assert.equal(written.status, 200, JSON.stringify(written.body));
    for (const body of [written.body, (await at(me, OLD).get(`/settings/${id}`)).body]) {
      assert.deepEqual(body.transcription, { language: null, model: 'enhanced', glossary_ids: ['gls_1', 'gls_2'] });
      assert.equal(body.access, 'participants');
      assert.equal(body.summary_email, 'member');
      assert.equal(body.storage, 30);
      assert.deepEqual(body.recording.methods.bot, {
        start: 'manual',
        mode: null,
        silence_detection: { alert: null, automatic_leave: true },
        join_at_scheduled_start: true,
      });
    }
    const now = (await at(me, NEW).get(`/settings/${id}`)).body;
    assert.deepEqual(now.transcription, { language: null });
    assert.deepEqual(now.recording.methods.bot, {
      start: 'on_command',
      mode: null,
      silence_detection: { alert: null },
    });
    for (const k of ['access', 'summary_email', 'storage']) assert.equal(k in now, false, k);
    // The list reads the same shapes.
    const listed = (await at(me, OLD).get('/settings', { workspace_id: me.workspaceId })).body.data[0];
    assert.equal(listed.id, id);
    assert.equal(listed.transcription.model, 'enhanced');
    const listedNow = (await at(me, NEW).get('/settings', { workspace_id: me.workspaceId })).body.data[0];
    assert.equal('model' in listedNow.transcription, false);
  });

  it('When 2026-10-12 names a removed field, then 422 unknown_field for each, on PATCH /settings, PATCH /policies and POST /settings; an older pin gets 201/200', async () => {
    const me = await givenAccount(api);
    const id = await ownSettingsOf(me);
    for (const res of [
      await at(me, NEW).patch(`/settings/${id}`, REMOVED_WRITE),
      await at(me, NEW).patch(`/policies/${id}`, REMOVED_WRITE),
      await at(me, NEW).post('/settings', { workspace_id: me.workspaceId, ...REMOVED_WRITE }),
    ]) {
      assert.equal(res.status, 422);
      // The older start word is not a newest value either.
      assert.deepEqual(fields(res), { ...REMOVED_UNKNOWN, 'recording.methods.bot.start': 'invalid' });
    }
    const viaPolicies = await at(me, OLD).patch(`/policies/${id}`, REMOVED_WRITE);
    assert.equal(viaPolicies.status, 200, JSON.stringify(viaPolicies.body));
    assert.equal(viaPolicies.headers.deprecation, '@1791763200');
    assert.equal(viaPolicies.body.storage, 30);
    const created = await at(me, OLD).post('/settings', {
      workspace_id: me.workspaceId,
      name: 'Old',
      ...REMOVED_WRITE,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.summary_email, 'member');
    assert.equal(
      (await at(me, NEW).get(`/settings/${created.body.id}`)).body.recording.methods.bot.start,
      'on_command',
    );
  });

  it('When an older pin sends bad values, then 422 invalid naming each dotted field; dotted keys, null and inherit work as for other paths', async () => {
    const me = await givenAccount(api);
    const id = await ownSettingsOf(me);
    const bad = await at(me, OLD).patch(`/settings/${id}`, {
      transcription: { model: 'best', glossary_ids: ['a', 'a'] },
      access: 'everyone',
      summary_email: true,
      storage: 0,
      recording: { methods: { bot: { silence_detection: { automatic_leave: 'yes' }, join_at_scheduled_start: 1 } } },
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(fields(bad), {
      'transcription.model': 'invalid',
      'transcription.glossary_ids': 'invalid',
      access: 'invalid',
      summary_email: 'invalid',
      storage: 'invalid',
      'recording.methods.bot.silence_detection.automatic_leave': 'invalid',
      'recording.methods.bot.join_at_scheduled_start': 'invalid',
    });
    assert.match(bad.body.errors.find((e: Body) => e.field === 'access').message, /private, participants, workspace/);
    const dotted = await at(me, OLD).patch(`/settings/${id}`, {
      'transcription.model': 'enhanced',
      'recording.methods.bot': { join_at_scheduled_start: true },
      storage: 'forever',
    });
    assert.equal(dotted.status, 200, JSON.stringify(dotted.body));
    assert.equal(dotted.body.transcription.model, 'enhanced');
    assert.equal(dotted.body.recording.methods.bot.join_at_scheduled_start, true);
    assert.equal(dotted.body.storage, 'forever');
    const cleared = await at(me, OLD).patch(`/settings/${id}`, { transcription: { model: null }, storage: 'inherit' });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.body.transcription.model, null);
    assert.equal(cleared.body.storage, null);
    assert.equal(cleared.body.recording.methods.bot.join_at_scheduled_start, true);
  });

  it('When 2026-10-12 writes start after an older word, then the older pin reads the newest word', async () => {
    const me = await givenAccount(api);
    const id = await ownSettingsOf(me);
    await at(me, OLD).patch(`/settings/${id}`, { recording: { methods: { bot: { start: 'automatic' } } } });
    assert.equal((await at(me, OLD).get(`/settings/${id}`)).body.recording.methods.bot.start, 'automatic');
    assert.equal((await at(me, NEW).get(`/settings/${id}`)).body.recording.methods.bot.start, 'on_join');
    await at(me, NEW).patch(`/settings/${id}`, { recording: { methods: { bot: { start: 'on_command' } } } });
    assert.equal((await at(me, OLD).get(`/settings/${id}`)).body.recording.methods.bot.start, 'on_command');
  });
});

describe('settings blocks before 2026-10-12', () => {
  it('When the workspace policy sets removed fields, then workspace, member and meeting blocks resolve them with sources at the older pin only, and the older start word behaves as its newest value', async () => {
    const me = await givenAccount(api);
    const id = await ownSettingsOf(me);
    await at(me, OLD).patch(`/settings/${id}`, {
      transcription: { model: 'enhanced' },
      access: 'workspace',
      recording: { methods: { bot: { start: 'manual' } } },
    });
    const ann = await member(me);
    const bot = await api.as(me).post('/bots', {
      workspace_id: me.workspaceId,
      member_id: ann.id,
      meeting_url: 'https://meet.google.com/abc-defg-hij',
      join_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    assert.equal(bot.status, 201, JSON.stringify(bot.body));
    // What the service does: the bot records on command.
    assert.equal(bot.body.recording_start, 'on_command');
    const blocks = async (version: string) => [
      (await at(me, version).get(`/workspaces/${me.workspaceId}`)).body.settings,
      (await at(me, version).get(`/members/${ann.id}`)).body.settings,
      (await at(me, version).get(`/meetings/${bot.body.meeting_id}`)).body.settings,
    ];
    const ownAssignment = (await api.as(me).get(`/workspaces/${me.workspaceId}`)).body.settings.assignments.find(
      (a: Body) => a.own,
    ).id;
    for (const block of await blocks(OLD)) {
      assert.deepEqual(block.transcription, { language: 'auto', model: 'enhanced', glossary_ids: [] });
      assert.equal(block.access, 'workspace');
      assert.equal(block.summary_email, 'none');
      assert.equal(block.storage, 'forever');
      assert.deepEqual(block.recording.methods.bot, {
        start: 'manual',
        mode: 'audio_and_video',
        silence_detection: { alert: false, automatic_leave: false },
        join_at_scheduled_start: false,
      });
      assert.deepEqual(block.sources['transcription.model'], { assignment_id: ownAssignment });
      assert.deepEqual(block.sources.storage, { assignment_id: null, reason: 'service_default' });
      assert.deepEqual(block.sources['recording.methods.bot.start'], { assignment_id: ownAssignment });
    }
    for (const block of await blocks(NEW)) {
      assert.deepEqual(block.transcription, { language: 'auto' });
      assert.equal(block.recording.methods.bot.start, 'on_command');
      for (const k of ['access', 'summary_email', 'storage']) assert.equal(k in block, false, k);
      assert.equal('transcription.model' in block.sources, false);
    }
  });
});

describe('members before 2026-10-12', () => {
  it('When a member is read at the older pin, then it carries policy (its own settings object) on reads and lists; at 2026-10-12 it does not', async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: 'ann@acme.test' });
    const own = ann.settings.assignments.find((a: Body) => a.own).settings_id;
    await at(me, OLD).patch(`/settings/${own}`, { summary_email: 'participants', summary: { language: 'fr' } });
    const expected = {
      id: own,
      recording: {
        enabled: null,
        methods: {
          bot: {
            start: null,
            mode: null,
            silence_detection: { alert: null, automatic_leave: null },
            join_at_scheduled_start: null,
          },
        },
      },
      transcription: { language: null, model: null, glossary_ids: null },
      summary: { template: null, language: 'fr' },
      branding: { brand_kit_id: null },
      access: null,
      summary_email: 'participants',
      storage: null,
    };
    assert.deepEqual((await at(me, OLD).get(`/members/${ann.id}`)).body.policy, expected);
    assert.deepEqual(
      (await at(me, OLD).get('/members', { workspace_id: me.workspaceId })).body.data[0].policy,
      expected,
    );
    const patched = await at(me, OLD).patch(`/members/${ann.id}`, { name: 'Ann B' });
    assert.equal(patched.body.policy.summary_email, 'participants');
    const created = await at(me, OLD).post('/members', { workspace_id: me.workspaceId, name: 'Bo' });
    assert.equal(created.status, 201);
    assert.equal(created.body.policy.id, created.body.settings.assignments.find((a: Body) => a.own).settings_id);
    assert.equal(created.body.policy.access, null);
    for (const res of [
      await at(me, NEW).get(`/members/${ann.id}`),
      await at(me, NEW).get('/members', { workspace_id: me.workspaceId }),
    ]) {
      const body = res.body.data?.[0] ?? res.body;
      assert.equal(body.id, ann.id);
      assert.equal('policy' in body, false);
    }
  });
});

describe('connect links and connections before 2026-10-12', () => {
  const RETURN = 'https://app.example.com/back';
  const link = (who: Account, version: string, body: Body) =>
    at(who, version).post('/calendar_connect_links', {
      workspace_id: who.workspaceId,
      provider: 'google',
      return_url: RETURN,
      ...body,
    });
  /** Follows the hosted consent as a browser, choosing `account` on the simulated provider's page. */
  async function consent(url: string, account: string): Promise<URL> {
    const toProvider = await api.http.get(new URL(url).pathname).redirects(0);
    assert.equal(toProvider.status, 302, toProvider.text);
    const consentUrl = new URL(toProvider.headers.location!, 'http://api.test');
    const page = await api.http.get(consentUrl.pathname + consentUrl.search);
    const href = new URL(/id="allow" href="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&'), 'http://api.test');
    href.searchParams.set('email', account);
    const toCallback = await api.http.get(href.pathname + href.search).redirects(0);
    assert.equal(toCallback.status, 302);
    const callback = new URL(toCallback.headers.location!);
    const back = await api.http.get(callback.pathname + callback.search).redirects(0);
    assert.equal(back.status, 302, back.text);
    return new URL(back.headers.location!);
  }

  it('When a link is made, then the older pin may send email_match (exact, domain, any; default exact) and reads it; 2026-10-12 refuses it and reads none', async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: 'ann@acme.test' });
    const byDefault = await link(me, OLD, { member_id: ann.id });
    assert.equal(byDefault.status, 201, JSON.stringify(byDefault.body));
    assert.equal(byDefault.body.email_match, 'exact');
    const domain = await link(me, OLD, { member_id: ann.id, email_match: 'domain' });
    assert.equal(domain.status, 201);
    assert.equal(domain.body.email_match, 'domain');
    const bad = await link(me, OLD, { member_id: ann.id, email_match: 'fuzzy' });
    assert.equal(bad.status, 422);
    assert.deepEqual(fields(bad), { email_match: 'inclusion' });
    const newest = await link(me, NEW, { member_id: ann.id, email_match: 'exact' });
    assert.equal(newest.status, 422);
    assert.deepEqual(fields(newest), { email_match: 'unknown_field' });
    const plain = await link(me, NEW, { member_id: ann.id });
    assert.equal(plain.status, 201);
    assert.equal('email_match' in plain.body, false);
  });

  it('When an older link with email_match exact is consented with another account, then the return says email_mismatch and nothing connects; the right account connects, and the return has no member_id', async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: `ann-${Date.now()}@acme.test` });
    const old = await link(me, OLD, { member_id: ann.id });
    const refused = await consent(old.body.url, 'someone@else.test');
    assert.equal(refused.origin + refused.pathname, RETURN);
    assert.equal(refused.searchParams.get('error'), 'email_mismatch');
    assert.equal((await api.as(me).get('/calendar_connections', { workspace_id: me.workspaceId })).body.data.length, 0);
    const back = await consent(old.body.url, ann.email.toUpperCase());
    assert.equal(back.searchParams.get('error'), null);
    assert.match(back.searchParams.get('calendar_connection_id')!, /^cal_/);
    assert.equal(back.searchParams.has('member_id'), false);
    // `any` connects whatever account; a link made at 2026-10-12 checks nothing and returns member_id.
    const anyAccount = await link(me, OLD, { member_id: ann.id, email_match: 'any', provider: 'microsoft' });
    assert.match(
      (await consent(anyAccount.body.url, 'other@else.test')).searchParams.get('calendar_connection_id')!,
      /^cal_/,
    );
    // Ann's calendars of both providers now work (a third link would be 409 calendar_already_connected): Bob's link.
    const bob = await member(me, { email: `bob-${Date.now()}@acme.test` });
    const newest = await link(me, NEW, { member_id: bob.id });
    assert.equal(newest.status, 201, JSON.stringify(newest.body));
    const backNew = await consent(newest.body.url, 'third@else.test');
    assert.equal(backNew.searchParams.get('member_id'), bob.id);
    assert.match(backNew.searchParams.get('calendar_connection_id')!, /^cal_/);
  });

  it('When a calendar connection is read, then the older pin reads method oauth and 2026-10-12 no method', async () => {
    const me = await givenAccount(api);
    const ann = await member(me, { email: `ann-${Date.now()}@acme.test` });
    const made = await link(me, NEW, { member_id: ann.id });
    const id = (await consent(made.body.url, ann.email)).searchParams.get('calendar_connection_id')!;
    const old = await at(me, OLD).get(`/calendar_connections/${id}`);
    assert.equal(old.body.method, 'oauth');
    assert.equal(
      (await at(me, OLD).get('/calendar_connections', { workspace_id: me.workspaceId })).body.data[0].method,
      'oauth',
    );
    const now = await at(me, NEW).get(`/calendar_connections/${id}`);
    assert.equal(now.status, 200);
    assert.equal('method' in now.body, false);
  });
});

describe('the OpenAPI document before 2026-10-12', () => {
  it('When the release edits the newest document, then settings, blocks, members, connections and links read their older fields', async () => {
    const doc = (await api.http.get('/api/v1/openapi.json')).body as OpenApiDoc;
    const schemas = doc.components!.schemas!;
    assert.equal(schemas.Member!.properties!.policy, undefined);
    release20261012.openapi!(doc);
    const bot = (name: string) => schemas[name]!.properties!.recording!.properties!.methods!.properties!.bot!;
    for (const name of ['Settings', 'SettingsBlock']) {
      assert.ok(schemas[name]!.properties!.transcription!.properties!.model, name);
      assert.ok(schemas[name]!.properties!.storage, name);
      assert.ok(bot(name).properties!.join_at_scheduled_start, name);
      assert.ok(bot(name).properties!.silence_detection!.properties!.automatic_leave, name);
      assert.match(JSON.stringify(bot(name).properties!.start), /"manual"/);
    }
    assert.ok(schemas.Member!.properties!.policy);
    assert.deepEqual(schemas.CalendarConnection!.properties!.method!.enum, ['oauth']);
    assert.deepEqual(schemas.CalendarConnectLink!.properties!.email_match!.enum, ['exact', 'domain', 'any']);
  });
});
