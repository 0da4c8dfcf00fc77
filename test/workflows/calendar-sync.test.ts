import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { CALENDAR_SYNC_JANITOR_ID } from '../../workflows/maintenance';
import { calendarReconnectedSignal, calendarSyncWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { calendarHelpers, inDays } from '../support/calendars';
import { serviceFixture, resultOf } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof serviceFixture>>;
let db: typeof f.db;
let t: typeof f.t;
let api: typeof f.api;
let h: ReturnType<typeof calendarHelpers>;

beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping' });
  ({ db, t, api } = f);
  h = calendarHelpers(api, new SimulatedCalendar(db.orm));
});
afterAll(() => f.close());

type Account = Awaited<ReturnType<typeof givenAccount>>;
const connectionEvents = async (me: Account, id: string) =>
  (await api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, limit: 100 })).body.data
    .filter(
      (e: { type: string; data: { object: { id: string } } }) =>
        e.type.startsWith('calendar_connection.') && e.data.object.id === id,
    )
    .map((e: { type: string }) => e.type)
    .reverse();
const meetingsOf = async (me: Account) =>
  (await api.as(me).get('/meetings', { workspace_id: me.workspaceId, limit: 100 })).body.data as {
    id: string;
    title: string;
    starts_at: string;
    source: string;
    member_id: string;
    recordings: unknown[];
  }[];

/** A calendar connected through the hosted consent with a new member, once its first sync made it active. */
async function connectedCalendar(me: Account, name: string, email: string): Promise<string> {
  const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name, email } });
  const connectionId = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
  await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, {
    what: 'synced',
    accept: (s) => s === 'active',
  });
  return connectionId;
}

describe('connecting a calendar (simulated provider, time-skipping)', () => {
  it('When a member consents through the hosted link, then the member and connection exist, it syncs to active, and its events become meetings with bots', async () => {
    const me = await givenAccount(api);
    const email = `ann-${Date.now()}@acme.test`;
    await h.calendar.put(email, {
      id: 'e1',
      title: 'Planning',
      startsAt: inDays(2),
      endsAt: inDays(2, 11),
      meetingUrl: 'https://meet.google.com/pla-nnin-ggg',
      organizer: { name: 'Ann', email },
      attendees: [{ name: null, email: 'x@else.test', response: 'accepted' }],
    });
    await h.calendar.put(email, { id: 'e2', title: 'No link', startsAt: inDays(3), endsAt: inDays(3, 11) });
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Ann', email } });
    assert.match(link.url, /\/connect\/[\w-]+$/);
    assert.equal(link.member_id, null);
    const back = await h.consent(link.url);
    assert.equal(back.origin + back.pathname, 'https://app.example.com/calendars/done');
    const memberId = back.searchParams.get('member_id')!;
    const connectionId = back.searchParams.get('calendar_connection_id')!;
    assert.match(memberId, /^mem_/);
    assert.match(connectionId, /^cal_/);
    const member = (await api.as(me).get(`/members/${memberId}`)).body;
    assert.equal(member.email, email);
    const active = await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body, {
      what: 'the first sync finishes',
      accept: (c) => c.status === 'active' && c.last_synced_at !== null,
    });
    assert.deepEqual(Object.keys(active).sort(), [
      'account_email',
      'connected_at',
      'created_at',
      'error',
      'id',
      'last_synced_at',
      'member_id',
      'object',
      'provider',
      'status',
      'workspace_id',
    ]);
    assert.equal(active.provider, 'google');
    assert.equal(active.account_email, email);
    assert.equal(active.error, null);
    assert.deepEqual(await connectionEvents(me, connectionId), ['calendar_connection.connected']);
    const meetings = await meetingsOf(me);
    assert.deepEqual(meetings.map((m) => m.title).sort(), ['No link', 'Planning']);
    const planning = meetings.find((m) => m.title === 'Planning')!;
    assert.equal(planning.source, 'calendar_connection');
    assert.equal(planning.member_id, memberId);
    assert.equal(planning.recordings.length, 1, 'a bot for the meeting with a link');
    assert.equal(meetings.find((m) => m.title === 'No link')!.recordings.length, 0);
    // The link works once.
    const again = await api.http.get(new URL(link.url).pathname).redirects(0);
    assert.equal(again.status, 410);
    assert.match(again.text, /already used/);
  });

  it('When the provider notifies a change, then an incremental sync applies reschedules and cancellations to the same meetings', async () => {
    const me = await givenAccount(api);
    const email = `bob-${Date.now()}@acme.test`;
    await h.calendar.put(email, {
      id: 'r1',
      title: 'Review',
      startsAt: inDays(4),
      endsAt: inDays(4, 11),
      meetingUrl: 'https://zoom.us/j/111',
    });
    await h.calendar.put(email, {
      id: 'r2',
      title: 'Retro',
      startsAt: inDays(5),
      endsAt: inDays(5, 11),
      meetingUrl: 'https://zoom.us/j/222',
    });
    const ann = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Bob', email });
    const link = await h.createLink(me.key, {
      workspace_id: me.workspaceId,
      member_id: ann.body.id,
      provider: 'microsoft',
    });
    const back = await h.consent(link.url);
    assert.equal(back.searchParams.get('member_id'), ann.body.id);
    const connectionId = back.searchParams.get('calendar_connection_id')!;
    await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, {
      what: 'synced',
      accept: (s) => s === 'active',
    });
    const before = await meetingsOf(me);
    const review = before.find((m) => m.title === 'Review')!;
    const retro = before.find((m) => m.title === 'Retro')!;

    await h.calendar.put(email, {
      id: 'r1',
      title: 'Review',
      startsAt: inDays(6),
      endsAt: inDays(6, 11),
      meetingUrl: 'https://zoom.us/j/111',
    });
    await h.calendar.cancel(email, 'r2');
    assert.equal((await h.notify(connectionId, 'forged')).status, 401);
    assert.equal((await h.notify(connectionId)).status, 202);
    const moved = await until(async () => (await api.as(me).get(`/meetings/${review.id}`)).body, {
      what: 'the reschedule arrives',
      accept: (m) => m.starts_at === inDays(6),
    });
    assert.equal(moved.id, review.id);
    const cancelled = await until(async () => (await api.as(me).get(`/meetings/${retro.id}`)).body, {
      what: 'the cancellation arrives',
      accept: (m) => m.phase === 'cancelled',
    });
    assert.equal(cancelled.calendar_event.cancelled_at !== null, true);
    const bot = (await api.as(me).get(`/bots/${moved.recordings[0].id}`)).body;
    assert.equal(bot.join_at, inDays(6));
  });

  it('When the grant is revoked, then the connection reads error with calendar_connection.error; a new link reconnects it to syncing and active', async () => {
    const me = await givenAccount(api);
    const email = `cy-${Date.now()}@acme.test`;
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Cy', email } });
    const back = await h.consent(link.url);
    const connectionId = back.searchParams.get('calendar_connection_id')!;
    const memberId = back.searchParams.get('member_id')!;
    await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, {
      what: 'synced',
      accept: (s) => s === 'active',
    });
    await h.calendar.revoke(email);
    await h.notify(connectionId);
    const errored = await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body, {
      what: 'the revocation shows',
      accept: (c) => c.status === 'error',
    });
    assert.equal(errored.error.code, 'access_revoked');
    const relink = await h.createLink(me.key, { workspace_id: me.workspaceId, member_id: memberId });
    const back2 = await h.consent(relink.url);
    assert.equal(
      back2.searchParams.get('calendar_connection_id'),
      connectionId,
      'the connection in error is reconnected',
    );
    const again = await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body, {
      what: 'synced again',
      accept: (c) => c.status === 'active',
    });
    assert.equal(again.error, null);
    assert.deepEqual(await connectionEvents(me, connectionId), [
      'calendar_connection.connected',
      'calendar_connection.error',
      'calendar_connection.connected',
    ]);
  });

  it('When consent is refused or the state is bad, then the member returns with error=access_denied, or sees a clear page', async () => {
    const me = await givenAccount(api);
    const link = await h.createLink(me.key, {
      workspace_id: me.workspaceId,
      member_data: { name: 'Dee', email: 'dee@acme.test' },
    });
    const back = await h.consent(link.url, 'deny');
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('member_id'), null);
    const bad = await api.http.get('/connect/callback?code=sim.x&state=nonsense').redirects(0);
    assert.equal(bad.status, 400);
    assert.match(bad.headers['content-type'], /text\/html/);
    assert.match(bad.text, /not valid/);
    const unknown = await api.http.get('/connect/not-a-token').redirects(0);
    assert.equal(unknown.status, 404);
  });

  it('When a connection is disconnected, or its member removed, then it reads disconnected with calendar_connection.disconnected and its workflow ends', async () => {
    const me = await givenAccount(api);
    const link = await h.createLink(me.key, {
      workspace_id: me.workspaceId,
      member_data: { name: 'Eve', email: `eve-${Date.now()}@acme.test` },
    });
    const connectionId = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
    await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, {
      what: 'synced',
      accept: (s) => s === 'active',
    });
    const res = await api.http.delete(`/api/v1/calendar_connections/${connectionId}`).set('Authorization', me.key);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'disconnected');
    await resultOf(t, calendarSyncWorkflowId(connectionId));
    assert.deepEqual(await connectionEvents(me, connectionId), [
      'calendar_connection.connected',
      'calendar_connection.disconnected',
    ]);

    const link2 = await h.createLink(me.key, {
      workspace_id: me.workspaceId,
      member_data: { name: 'Fay', email: `fay-${Date.now()}@acme.test` },
    });
    const back = await h.consent(link2.url);
    const second = back.searchParams.get('calendar_connection_id')!;
    await until(async () => (await api.as(me).get(`/calendar_connections/${second}`)).body.status, {
      what: 'synced',
      accept: (s) => s === 'active',
    });
    await api.http.delete(`/api/v1/members/${back.searchParams.get('member_id')}`).set('Authorization', me.key);
    assert.equal((await api.as(me).get(`/calendar_connections/${second}`)).body.status, 'disconnected');
    await resultOf(t, calendarSyncWorkflowId(second));
    const listed = await api
      .as(me)
      .get('/calendar_connections', { workspace_id: me.workspaceId, status: 'disconnected' });
    assert.deepEqual(listed.body.data.map((c: { id: string }) => c.id).sort(), [connectionId, second].sort());
  });

  it("When a connected calendar's workflow is terminated from Temporal, then the calendar-sync janitor starts it again and the calendar's new events become meetings", async () => {
    const me = await givenAccount(api);
    const email = `tess-${Date.now()}@acme.test`;
    const connectionId = await connectedCalendar(me, 'Tess', email);
    const workflow = t.env.client.workflow.getHandle(calendarSyncWorkflowId(connectionId));
    const { runId } = await workflow.describe();
    await workflow.terminate('stuck, said the operator');
    await h.calendar.put(email, {
      id: 't1',
      title: 'After the terminate',
      startsAt: inDays(6),
      endsAt: inDays(6, 11),
      meetingUrl: 'https://meet.google.com/aft-erte-rmi',
    });
    // A workflow is started again 5 minutes after it closed at the earliest (a sync it began stops by then).
    await t.env.sleep('6 minutes');
    // Every other connection, as it stands: the running ones and the disconnected ones must stay so.
    const rows = await db.orm.em
      .fork()
      .execute<{ id: string; status: string }[]>('select id, status from calendar_connections where id <> ?', [
        connectionId,
      ]);
    const describeOf = (id: string) => t.env.client.workflow.getHandle(calendarSyncWorkflowId(id)).describe();
    // A reconnect signal sent to a running workflow would start a first sync over again: none is sent.
    const reconnects = async (id: string) =>
      ((await t.env.client.workflow.getHandle(calendarSyncWorkflowId(id)).fetchHistory()).events ?? []).filter(
        (e) => e.workflowExecutionSignaledEventAttributes?.signalName === calendarReconnectedSignal.name,
      ).length;
    const others = await Promise.all(
      rows.map(async (c) => ({ ...c, run: await describeOf(c.id), reconnects: await reconnects(c.id) })),
    );
    assert.ok(others.some((c) => c.status === 'disconnected') && others.some((c) => c.run.status.name === 'RUNNING'));
    // Pages of one connection: every connection of the earlier tests is looked at.
    const janitor = await t.env.client.workflow.start('calendarSyncJanitor', {
      workflowId: CALENDAR_SYNC_JANITOR_ID,
      taskQueue: t.taskQueue,
      args: [null, 1],
    });
    const restarted = await until(() => workflow.describe(), {
      what: 'the sync workflow running again',
      timeoutMs: 15_000,
      accept: (d) => d.status.name === 'RUNNING' && d.runId !== runId,
    });
    assert.equal(restarted.status.name, 'RUNNING');
    await until(async () => (await meetingsOf(me)).map((m) => m.title), {
      what: 'the new event a meeting',
      timeoutMs: 15_000,
      accept: (titles) => titles.includes('After the terminate'),
    });
    await until(() => janitor.fetchHistory().then((h) => (h.events ?? []).some((e) => e.timerStartedEventAttributes)), {
      what: 'the janitor’s round done',
      timeoutMs: 15_000,
    });
    for (const c of others) {
      const now = await describeOf(c.id);
      assert.deepEqual(
        [now.runId, now.status.name, await reconnects(c.id)],
        [c.run.runId, c.run.status.name, c.reconnects],
        `${c.id} (${c.status}) left as it was`,
      );
    }
    await janitor.terminate('test over');
  });

  it('When the workflow has a long history, then it continues as new and keeps syncing', async () => {
    const me = await givenAccount(api);
    const email = `gus-${Date.now()}@acme.test`;
    await h.calendar.put(email, { id: 'g1', title: 'Start', startsAt: inDays(2), endsAt: inDays(2, 11) });
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Gus', email } });
    const connectionId = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
    const c = await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body, {
      what: 'synced',
      accept: (x) => x.status === 'active',
    });
    // The same connection's workflow, restarted with a small history limit.
    const workflowId = calendarSyncWorkflowId(connectionId);
    await t.env.client.workflow.getHandle(workflowId).terminate('restart with a small history limit');
    const handle = await t.env.client.workflow.start('calendarSync', {
      workflowId,
      taskQueue: t.taskQueue,
      args: [{ connectionId, connectedAt: c.connected_at, firstSyncDone: true, historyLimit: 30 }],
    });
    for (let i = 0; i < 6; i++) {
      await h.calendar.put(email, {
        id: `g${i + 2}`,
        title: `Change ${i}`,
        startsAt: inDays(3 + i),
        endsAt: inDays(3 + i, 11),
      });
      assert.equal((await h.notify(connectionId)).status, 202);
      await until(() => meetingsOf(me), {
        what: `change ${i} applied`,
        accept: (ms) => ms.some((m) => m.title === `Change ${i}`),
      });
    }
    const now = await t.env.client.workflow.getHandle(workflowId).describe();
    assert.notEqual(now.runId, handle.firstExecutionRunId, 'a later run of the same workflow');
    assert.equal(now.status.name, 'RUNNING');
    assert.equal((await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, 'active');
  });

  it('When the sync cursor expired, then the calendar is listed again and a meeting whose event vanished meanwhile is cancelled', async () => {
    const me = await givenAccount(api);
    const email = `hy-${Date.now()}@acme.test`;
    await h.calendar.put(email, { id: 'k1', title: 'Keep', startsAt: inDays(2), endsAt: inDays(2, 11) });
    await h.calendar.put(email, { id: 'k2', title: 'Vanish', startsAt: inDays(3), endsAt: inDays(3, 11) });
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Hy', email } });
    const connectionId = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
    await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, {
      what: 'synced',
      accept: (s) => s === 'active',
    });
    const vanish = (await meetingsOf(me)).find((m) => m.title === 'Vanish')!;
    // The provider forgets the cursor, and the event is deleted meanwhile.
    await h.calendar.cancel(email, 'k2');
    await db.orm.em
      .fork()
      .execute(`update calendar_connections set sync_cursor = 'expired' where id = ?`, [connectionId]);
    await h.notify(connectionId);
    const cancelled = await until(async () => (await api.as(me).get(`/meetings/${vanish.id}`)).body, {
      what: 'the vanished event cancels its meeting',
      accept: (m) => m.phase === 'cancelled',
    });
    assert.ok(cancelled.calendar_event.cancelled_at);
    const keep = (await meetingsOf(me)).find((m) => m.title === 'Keep');
    assert.ok(keep, 'the event still in the calendar keeps its meeting');
  });

  it('When two members have the same event and one removes it from their calendar, then the meeting stays; when the last one does, it is cancelled', async () => {
    const me = await givenAccount(api);
    const [a, b] = [`ira-${Date.now()}@acme.test`, `jo-${Date.now()}@acme.test`];
    const shared = {
      title: 'Shared',
      icalUid: `shared-${Date.now()}@calendar.test`,
      startsAt: inDays(2),
      endsAt: inDays(2, 11),
    };
    await h.calendar.put(a, { id: 'sa', ...shared });
    await h.calendar.put(b, { id: 'sb', ...shared });
    const ids: string[] = [];
    for (const [name, email] of [
      ['Ira', a],
      ['Jo', b],
    ] as const) {
      const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name, email } });
      const id = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
      await until(async () => (await api.as(me).get(`/calendar_connections/${id}`)).body.status, {
        what: 'synced',
        accept: (s) => s === 'active',
      });
      ids.push(id);
    }
    const meetings = (await meetingsOf(me)).filter((m) => m.title === 'Shared');
    assert.equal(meetings.length, 1, 'one meeting for both calendars');
    await h.calendar.cancel(a, 'sa');
    await h.notify(ids[0]!);
    await until(
      async () =>
        (
          await db.orm.em
            .fork()
            .execute('select count(*)::int as n from calendar_event_links where connection_id = ?', [ids[0]])
        )[0].n,
      { what: 'the first calendar forgets it', accept: (n) => n === 0 },
    );
    assert.equal((await api.as(me).get(`/meetings/${meetings[0]!.id}`)).body.phase, 'upcoming');
    await h.calendar.cancel(b, 'sb');
    await h.notify(ids[1]!);
    await until(async () => (await api.as(me).get(`/meetings/${meetings[0]!.id}`)).body.phase, {
      what: 'the last calendar cancels it',
      accept: (p) => p === 'cancelled',
    });
  });

  it('When a developer scripts the simulated calendar over HTTP, then connected calendars of that account sync at once', async () => {
    const me = await givenAccount(api);
    const email = `lu-${Date.now()}@acme.test`;
    const connectionId = await connectedCalendar(me, 'Lu', email);
    const put = await api.http
      .put(`/api/v1/simulated_calendars/${email}/events/dev-1`)
      .set('Authorization', me.key)
      .send({
        title: 'Scripted',
        starts_at: inDays(2),
        ends_at: inDays(2, 11),
        meeting_url: 'https://meet.google.com/scr-ipte-ddd',
      });
    assert.equal(put.status, 200);
    const meeting = await until(() => meetingsOf(me), {
      what: 'the scripted event arrives',
      accept: (ms) => ms.some((m) => m.title === 'Scripted'),
    });
    const id = meeting.find((m) => m.title === 'Scripted')!.id;
    assert.equal(
      (await api.http.delete(`/api/v1/simulated_calendars/${email}/events/dev-1`).set('Authorization', me.key)).status,
      200,
    );
    await until(async () => (await api.as(me).get(`/meetings/${id}`)).body.phase, {
      what: 'the cancellation arrives',
      accept: (p) => p === 'cancelled',
    });
    assert.equal(
      (await api.http.post(`/api/v1/simulated_calendars/${email}/revoke`).set('Authorization', me.key)).status,
      200,
    );
    await until(async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body.status, {
      what: 'the revocation shows',
      accept: (s) => s === 'error',
    });
  });
});
