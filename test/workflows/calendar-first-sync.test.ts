import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SimulatedCalendar, SimulatedCalendarProvider } from '../../activities/providers/calendar/simulated';
import type { CalendarProvider } from '../../activities/providers/calendar/types';
import { givenAccount } from '../support/api';
import { calendarHelpers, inDays } from '../support/calendars';
import { calendarSyncWorkflowId } from '../../workflows/signals';
import { refuseWrites } from '../support/db';
import { pendingActivity, serviceFixture, startedWorkflow } from '../support/temporal';
import { until } from '../support/until';

// A provider that answers 503 until the test lets it through: the first sync keeps retrying (with
// Temporal's back-off, server-side timers the test server can skip) and outlasts 30 minutes.
let available = false;
let simulated: SimulatedCalendarProvider | null = null;
const slow: CalendarProvider = {
  authorizeUrl: (i) => simulated!.authorizeUrl(i),
  exchangeCode: (i) => simulated!.exchangeCode(i),
  listChanges: async (i) => {
    if (!available) throw new Error('503 Service Unavailable (the provider is overloaded)');
    return simulated!.listChanges(i);
  },
};

let f: Awaited<ReturnType<typeof serviceFixture>>;
let api: typeof f.api;
let t: typeof f.t;
let h: ReturnType<typeof calendarHelpers>;

beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping', providers: { calendars: { google: slow, microsoft: slow } } });
  ({ api, t } = f);
  simulated = new SimulatedCalendarProvider(f.db.orm, () => 'http://api.test');
  h = calendarHelpers(api, new SimulatedCalendar(f.db.orm));
});
afterAll(() => f.close());

describe('a first sync that outlasts 30 minutes (time-skipping)', () => {
  it('When the first sync is still running 30 minutes after consent, then the connection reads active with last_synced_at null, and the sync goes on to finish', async () => {
    const me = await givenAccount(api);
    const email = `slow-${Date.now()}@acme.test`;
    await h.calendar.put(email, {
      id: 's1',
      title: 'Later',
      startsAt: inDays(2),
      endsAt: inDays(2, 11),
      meetingUrl: 'https://meet.google.com/sss-tttt-uuu',
    });
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Slow', email } });
    const connectionId = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
    const get = async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body;
    assert.equal((await get()).status, 'syncing');
    // The outbox starts the connection's workflow after the consent's commit: skipped time before it
    // exists would pass without it (a loaded machine showed it).
    await startedWorkflow(t, calendarSyncWorkflowId(connectionId));
    await t.env.sleep('31 minutes');
    const early = await until(get, { what: 'active before the first sync ends', accept: (c) => c.status === 'active' });
    assert.equal(early.last_synced_at, null);
    available = true;
    await t.env.sleep('11 minutes'); // the longest back-off between two attempts is 10 minutes
    const done = await until(get, { what: 'the first sync finishes', accept: (c) => c.last_synced_at !== null });
    assert.equal(done.status, 'active');
    const meetings = (
      await api.http.get('/api/v1/meetings').query({ workspace_id: me.workspaceId }).set('Authorization', me.key)
    ).body.data;
    assert.deepEqual(
      meetings.map((m: { title: string }) => m.title),
      ['Later'],
    );
  });

  it("When the database refuses the active mark of an unfinished first sync, then the connection's workflow keeps trying (no attempt limit) and the connection reads active once it is taken", async () => {
    available = false;
    const me = await givenAccount(api);
    const email = `refused-${Date.now()}@acme.test`;
    const link = await h.createLink(me.key, { workspace_id: me.workspaceId, member_data: { name: 'Slow', email } });
    const connectionId = (await h.consent(link.url)).searchParams.get('calendar_connection_id')!;
    const get = async () => (await api.as(me).get(`/calendar_connections/${connectionId}`)).body;
    const allow = await refuseWrites(f.db.orm.em.fork(), 'calendar_connections', {
      on: 'update',
      when: "new.status = 'active' and new.last_synced_at is null",
    });
    // Started by the outbox after the consent's commit: time skipped before it exists would pass without it.
    const handle = await startedWorkflow(t, calendarSyncWorkflowId(connectionId));
    try {
      await t.env.sleep('33 minutes'); // the grace, then a minute of refusals (1, 2, 4, 8, 16, 32 s apart)
      const mark = await pendingActivity(handle, 'markActiveUnsynced');
      assert.equal(mark.status, 'RUNNING');
      assert.ok(mark.attempt >= 6, `the mark's attempt: ${mark.attempt}`);
      assert.equal((await get()).status, 'syncing');
    } finally {
      await allow();
    }
    await t.env.sleep('2 minutes');
    const early = await until(get, { what: 'active once the mark is taken', accept: (c) => c.status === 'active' });
    assert.equal(early.last_synced_at, null);
    available = true;
    await t.env.sleep('11 minutes');
    await until(get, { what: 'the first sync finishes', accept: (c) => c.last_synced_at !== null });
  });
});
