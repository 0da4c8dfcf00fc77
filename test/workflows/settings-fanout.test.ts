import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount } from '../support/api';
import { serviceFixture, resultOf } from '../support/temporal';
import { until } from '../support/until';

// A dev server (real time): the fan-out runs as soon as it is signalled, while bots that join a week
// from now keep their meetings upcoming (on the time-skipping server, waiting for the fan-out could
// skip time to their join). Batches of 2, so a pass takes several activities.
let f: Awaited<ReturnType<typeof serviceFixture>>;

let t: typeof f.t;
let api: typeof f.api;

beforeAll(async () => {
  f = await serviceFixture({ server: 'dev', env: { SETTINGS_FANOUT_BATCH: '2' } });
  ({ t, api } = f);
});
afterAll(() => f.close());

type Account = Awaited<ReturnType<typeof givenAccount>>;
const WEEK = 7 * 86_400_000;

async function sendBot(me: Account, body: Record<string, unknown>) {
  const res = await api.http
    .post('/api/v1/bots')
    .set('Authorization', me.key)
    .send({
      workspace_id: me.workspaceId,
      meeting_url: 'https://zoom.us/j/123456789',
      join_at: new Date(Date.now() + WEEK).toISOString(),
      ...body,
    });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; meeting_id: string };
}

/** meeting.updated events per meeting id, as the event log shows them. */
async function updates(me: Account): Promise<Map<string, { settings: { transcription: { language: string } } }[]>> {
  const res = await api.http
    .get('/api/v1/webhook_events')
    .set('Authorization', me.key)
    .query({ workspace_id: me.workspaceId, type: 'meeting.updated', limit: 100 });
  const out = new Map<string, { settings: { transcription: { language: string } } }[]>();
  for (const e of res.body.data) out.set(e.data.object.id, [...(out.get(e.data.object.id) ?? []), e.data.object]);
  return out;
}

type Updates = Awaited<ReturnType<typeof updates>>;

/** Reads the event log until `done` holds (the fan-out runs in the background), then once more a moment later, to see nothing else came. */
async function eventually(me: Account, done: (u: Updates) => boolean): Promise<Updates> {
  await until(() => updates(me), {
    what: 'the fan-out to announce the change',
    timeoutMs: 30_000,
    intervalMs: 200,
    accept: done,
  });
  await new Promise((r) => setTimeout(r, 1_000));
  return updates(me);
}
/** Patches the workspace's own settings (the first assignment of its block). */
async function patchWorkspaceSettings(me: Account, body: Record<string, unknown>): Promise<void> {
  const ws = (await api.http.get(`/api/v1/workspaces/${me.workspaceId}`).set('Authorization', me.key)).body.settings;
  const patched = await api.http
    .patch(`/api/v1/settings/${ws.assignments[0].settings_id}`)
    .set('Authorization', me.key)
    .send(body);
  assert.equal(patched.status, 200);
}
const count = (u: Updates, meetingId: string) => u.get(meetingId)?.length ?? 0;

describe('settings fan-out', () => {
  it("When the workspace's settings change, then every upcoming meeting whose resolved settings changed emits meeting.updated, in batches, and no other does", async () => {
    const me = await givenAccount(api);
    const ann = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Ann', email: 'ann@acme.test' });
    const external: { id: string; meeting_id: string }[] = [];
    for (let i = 0; i < 3; i++)
      external.push(
        await sendBot(me, {
          member_id: ann.body.id,
          participants: [{ email: 'ann@acme.test' }, { email: `guest${i}@else.test` }],
        }),
      );
    const internal = await sendBot(me, { member_id: ann.body.id, participants: [{ email: 'ann@acme.test' }] });
    const ownLanguage = await sendBot(me, {});
    // This meeting decides its own language: the workspace change below does not reach it.
    const ownBlock = (await api.http.get(`/api/v1/meetings/${ownLanguage.meeting_id}`).set('Authorization', me.key))
      .body.settings;
    await api.http
      .patch(`/api/v1/settings/${ownBlock.assignments[0].settings_id}`)
      .set('Authorization', me.key)
      .send({ transcription: { language: 'nl' } });
    const before = await updates(me);
    assert.equal(before.get(ownLanguage.meeting_id)?.length, 1, 'a meeting’s own settings change is announced at once');

    await patchWorkspaceSettings(me, { transcription: { language: 'sv' } });
    let after = await eventually(me, (u) => [...external, internal].every((m) => count(u, m.meeting_id) === 1));
    for (const m of [...external, internal]) {
      assert.equal(after.get(m.meeting_id)?.length, 1, `meeting ${m.meeting_id} announced once`);
      assert.equal(after.get(m.meeting_id)![0]!.settings.transcription.language, 'sv');
    }
    assert.equal(after.get(ownLanguage.meeting_id)?.length, 1, 'its own setting still decides: nothing changed for it');

    // A category scope reaches only the external meetings.
    const s = await api.http
      .post('/api/v1/settings')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, transcription: { language: 'fi' } });
    const asg = await api.http
      .post('/api/v1/settings_assignments')
      .set('Authorization', me.key)
      .send({ settings_id: s.body.id, scope: [`members:${ann.body.id}`, 'meetings:external'] });
    assert.equal(asg.status, 201);
    after = await eventually(me, (u) => external.every((m) => count(u, m.meeting_id) === 2));
    for (const m of external) {
      assert.equal(after.get(m.meeting_id)?.length, 2);
      assert.ok(after.get(m.meeting_id)!.some((o) => o.settings.transcription.language === 'fi'));
    }
    assert.equal(after.get(internal.meeting_id)?.length, 1);
    const bot = await api.http.get(`/api/v1/bots/${external[0]!.id}`).set('Authorization', me.key);
    assert.equal(bot.body.language, 'fi');

    // Removing it falls back, and is announced again.
    await api.http.delete(`/api/v1/settings_assignments/${asg.body.id}`).set('Authorization', me.key);
    after = await eventually(me, (u) => external.every((m) => count(u, m.meeting_id) === 3));
    for (const m of external) assert.equal(after.get(m.meeting_id)?.length, 3);
    assert.equal(
      (await api.http.get(`/api/v1/bots/${external[0]!.id}`).set('Authorization', me.key)).body.language,
      'sv',
    );
  });

  it('When a workspace change reaches only paths a new bot’s meeting decides itself, then that meeting emits no meeting.updated, while one that left them open does', async () => {
    const me = await givenAccount(api);
    // Its own choices are resolved as they are written (POST /bots writes them in one statement with
    // the digest of the block it announced): the fan-out must find that block unchanged.
    const decided = await sendBot(me, { recording_mode: 'audio_only', silence_alert: true, summary_language: 'fr' });
    const open = await sendBot(me, {});
    await patchWorkspaceSettings(me, { summary: { language: 'de' } });
    // Meetings are visited in id order: once the later one is announced, the earlier one was looked at.
    const after = await eventually(me, (u) => count(u, open.meeting_id) === 1);
    assert.equal(count(after, open.meeting_id), 1);
    assert.equal(count(after, decided.meeting_id), 0, 'its summary language is its own: nothing changed for it');
  });

  it('When recording is disabled for a queued bot’s meeting, then at join time the bot does not join and is cancelled', async () => {
    const me = await givenAccount(api);
    // It joins 3 minutes before join_at: in about two seconds.
    const b = await sendBot(me, { join_at: new Date(Date.now() + 3 * 60_000 + 2_000).toISOString() });
    const block = (await api.http.get(`/api/v1/meetings/${b.meeting_id}`).set('Authorization', me.key)).body.settings;
    await api.http
      .patch(`/api/v1/settings/${block.assignments[0].settings_id}`)
      .set('Authorization', me.key)
      .send({ recording: { enabled: false } });
    const status = await resultOf(t, `bot/${b.id}`);
    assert.equal(status, 'cancelled');
    const got = await api.http.get(`/api/v1/bots/${b.id}`).set('Authorization', me.key);
    assert.equal(got.body.status, 'cancelled');
    const events = await api.http
      .get('/api/v1/webhook_events')
      .set('Authorization', me.key)
      .query({ workspace_id: me.workspaceId, type: 'bot.cancelled' });
    assert.equal(events.body.data.length, 1);
  });
});
