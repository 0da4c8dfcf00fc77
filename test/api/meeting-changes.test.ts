import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Meeting } from '../../db/entities';
import { changeMeeting } from '../../services/meetings';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { until } from '../support/until';

let api: TestApi;
let me: Awaited<ReturnType<typeof givenAccount>>;
beforeAll(async () => {
  api = await givenApi();
  me = await givenAccount(api);
});
afterAll(() => api.close());

/** A bot sent to a Zoom call with this number: its id and its meeting's. */
async function sentBot(callNumber: string): Promise<{ botId: string; meetingId: string }> {
  const bot = await api
    .as(me)
    .post('/bots', { workspace_id: me.workspaceId, meeting_url: `https://zoom.us/j/${callNumber}` });
  assert.equal(bot.status, 201, JSON.stringify(bot.body));
  return { botId: bot.body.id as string, meetingId: bot.body.meeting_id as string };
}

describe('a change of a meeting inside a larger transaction', () => {
  it('When a transaction changes a meeting and then changes it again through changeMeeting, then both changes are kept and the event shows both', async () => {
    const { meetingId } = await sentBot('123456789');
    await api.orm.em.fork().transactional(async (em) => {
      const meeting = await em.findOneOrFail(Meeting, { id: meetingId });
      meeting.title = 'Changed first, not flushed';
      await changeMeeting(em, meetingId, (m) => {
        m.endsAt = new Date('2030-01-01T10:00:00Z');
      });
    });
    const shown = (await api.as(me).get(`/meetings/${meetingId}`)).body;
    assert.equal(shown.title, 'Changed first, not flushed');
    assert.equal(shown.ends_at, '2030-01-01T10:00:00.000Z');
    const events = await api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, limit: 10 });
    const updated = events.body.data.find((e: { type: string }) => e.type === 'meeting.updated');
    assert.equal(updated?.data.object.title, 'Changed first, not flushed');
  });

  it('When a transaction changes a meeting through changeMeeting and then changes it again, then the later change is kept too', async () => {
    const { meetingId } = await sentBot('223456789');
    await api.orm.em.fork().transactional(async (em) => {
      const { meeting } = await changeMeeting(em, meetingId, (m) => {
        m.title = 'Changed by the change';
      });
      meeting.title = 'Changed after it';
    });
    const shown = (await api.as(me).get(`/meetings/${meetingId}`)).body;
    assert.equal(shown.title, 'Changed after it');
  });

  it("When a change moves a meeting to another member, then its meeting.updated carries that member's settings", async () => {
    const ann = await api
      .as(me)
      .post('/members', { workspace_id: me.workspaceId, name: 'Ann', email: 'ann@example.com' });
    assert.equal(ann.status, 201, JSON.stringify(ann.body));
    const own = await api.as(me).get(`/members/${ann.body.id}`, { include: 'settings' });
    const settingsId = (own.body.settings.assignments as { settings_id: string; own: boolean }[]).find(
      (a) => a.own,
    )!.settings_id;
    const patched = await api.as(me).patch(`/settings/${settingsId}`, { summary: { language: 'fr' } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const { meetingId } = await sentBot('323456789');
    await api.orm.em.fork().transactional(async (em) => {
      await changeMeeting(em, meetingId, (m) => {
        m.memberId = ann.body.id;
      });
    });
    const shown = await api.as(me).get(`/meetings/${meetingId}`, { include: 'settings' });
    assert.equal(shown.body.member_id, ann.body.id);
    assert.equal(shown.body.settings.summary.language, 'fr');
    const events = await api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, limit: 20 });
    const updated = events.body.data.find(
      (e: { type: string; data: { object: { id: string } } }) =>
        e.type === 'meeting.updated' && e.data.object.id === meetingId,
    );
    assert.equal(updated?.data.object.settings.summary.language, 'fr');
  });
  it('When two changes of one meeting run at once, then the second waits for the first and starts from what it committed', async () => {
    const { botId, meetingId } = await sentBot('423456789');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let changed!: () => void;
    const firstChanged = new Promise<void>((r) => (changed = r));
    // The first change keeps its transaction (and the meeting's lock) open until released.
    const first = api.orm.em.fork().transactional(async (em) => {
      await changeMeeting(em, meetingId, (m, bots) => {
        m.title = 'Renamed by the first';
        bots[0]!.botName = 'Renamed bot';
      });
      changed();
      await held;
    });
    await firstChanged;
    let seen: { title: string | null; botName: string } | null = null;
    // The second names the meeting by its bot, as a bot's activities do.
    const second = api.orm.em.fork().transactional(async (em) => {
      await changeMeeting(em, { botId }, (m, bots) => {
        seen = { title: m.title, botName: bots[0]!.botName };
        m.endsAt = new Date('2030-01-01T10:00:00Z');
      });
    });
    await until(
      async () =>
        (
          await api.orm.em
            .fork()
            .execute<{ n: number }[]>(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
        )[0]!.n,
      { what: 'the second change waiting for the meeting' },
    );
    release();
    await Promise.all([first, second]);
    assert.deepEqual(seen, { title: 'Renamed by the first', botName: 'Renamed bot' });
    const shown = (await api.as(me).get(`/meetings/${meetingId}`)).body;
    assert.equal(shown.title, 'Renamed by the first');
    assert.equal(shown.ends_at, '2030-01-01T10:00:00.000Z');
    assert.equal((await api.as(me).get(`/bots/${botId}`)).body.bot_name, 'Renamed bot');
    const events = await api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, limit: 20 });
    const updates = events.body.data.filter(
      (e: { type: string; data: { object: { id: string } } }) =>
        e.type === 'meeting.updated' && e.data.object.id === meetingId,
    );
    // The second's meeting.updated shows both changes.
    assert.ok(
      updates.some(
        (e: { data: { object: { title: string; ends_at: string | null } } }) =>
          e.data.object.title === 'Renamed by the first' && e.data.object.ends_at === '2030-01-01T10:00:00.000Z',
      ),
      JSON.stringify(updates.map((e: { data: unknown }) => e.data)),
    );
  });
});
