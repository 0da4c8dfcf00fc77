import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';

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
});
