import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SimulatedCalendar, SimulatedCalendarProvider } from '../../activities/providers/calendar/simulated';
import { putSimulatedEvent } from '../../db/simulated-calendars';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { until } from '../support/until';

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

const event = {
  title: 'Standup',
  starts_at: '2030-01-01T10:00:00Z',
  meeting_url: 'https://meet.google.com/sim-cale-ndr',
};
const put = (api: TestApi, key: string, email: string) =>
  api.as(key).put(`/simulated_calendars/${email}/events/ev1`, event);

describe('simulated calendars (development scripting)', () => {
  it('When one account scripts a simulated calendar, then another account can neither change nor revoke it', async () => {
    const api = await givenApi({ orm: db.orm });
    const owner = await givenAccount(api);
    const other = await givenAccount(api);
    assert.equal((await put(api, owner.key, 'ann@sim.example')).status, 200);
    assert.equal((await put(api, owner.key, 'ann@sim.example')).status, 200, 'its owner scripts it again');
    const taken = await put(api, other.key, 'ANN@sim.example');
    assert.equal(taken.status, 404);
    assert.equal(taken.body.errors[0].code, 'not_found');
    assert.equal(
      (await api.http.delete('/api/v1/simulated_calendars/ann@sim.example/events/ev1').set('Authorization', other.key))
        .status,
      404,
    );
    assert.equal(
      (await api.http.post('/api/v1/simulated_calendars/ann@sim.example/revoke').set('Authorization', other.key))
        .status,
      404,
    );
    assert.equal((await put(api, other.key, 'bob@sim.example')).status, 200, 'another address is its own');
  });

  it('When the service starts as production does (DATABASE_URL and TEMPORAL_ADDRESS given), then the simulators answer 404 unless ENABLE_SIMULATORS=true', async () => {
    const production = await givenApi({
      orm: db.orm,
      env: { DATABASE_URL: 'postgres://x@127.0.0.1/x', TEMPORAL_ADDRESS: '127.0.0.1:7233' },
    });
    const me = await givenAccount(production);
    assert.equal((await put(production, me.key, 'cy@sim.example')).status, 404);
    const asked = await givenApi({
      orm: db.orm,
      env: { DATABASE_URL: 'postgres://x@127.0.0.1/x', TEMPORAL_ADDRESS: '127.0.0.1:7233', ENABLE_SIMULATORS: 'true' },
    });
    assert.equal((await put(asked, me.key, 'cy@sim.example')).status, 200);
    const prodEnv = await givenApi({ orm: db.orm, env: { NODE_ENV: 'production' } });
    assert.equal((await put(prodEnv, me.key, 'cy@sim.example')).status, 404);
  });

  it('When one change commits while an earlier one is still open, then incremental listings still deliver both', async () => {
    const email = 'dee@sim.example';
    const calendar = new SimulatedCalendar(db.orm);
    const provider = new SimulatedCalendarProvider(db.orm, () => 'http://api.test');
    const tokens = { access_token: `sim-${email}`, refresh_token: null, expires_at: null };
    await provider.exchangeCode({ code: `sim.${Buffer.from(email).toString('base64url')}` });
    await calendar.put(email, { id: 'a', title: 'A' });
    const first = await provider.listChanges({ tokens, cursor: null, pageToken: null });
    assert.deepEqual(
      first.events.map((e) => e.id),
      ['a'],
    );
    // Change b stays open in its transaction; change c is written meanwhile.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let bWritten!: () => void;
    const bIn = new Promise<void>((r) => (bWritten = r));
    const b = db.orm.em.fork().transactional(async (tx) => {
      await putSimulatedEvent(tx, email, 'b', { id: 'b', title: 'B', cancelled: false });
      bWritten();
      await held;
    });
    await bIn;
    let cDone = false;
    const c = calendar.put(email, { id: 'c', title: 'C' }).then(() => (cDone = true));
    await until(
      async () =>
        cDone ||
        (
          await db.orm.em
            .fork()
            .execute<{ n: string }[]>(
              "select count(*)::text as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'",
            )
        )[0]!.n !== '0',
      { what: 'change c written or waiting for change b' },
    );
    const seen = new Set<string>();
    let cursor = first.nextCursor;
    const listAll = async () => {
      const page = await provider.listChanges({ tokens, cursor, pageToken: null });
      page.events.forEach((e) => seen.add(e.id));
      cursor = page.nextCursor;
    };
    await listAll();
    release();
    await b;
    await c;
    await listAll();
    assert.deepEqual([...seen].sort(), ['b', 'c'], 'no change skipped by the cursor');
  });
});
