import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenApi } from '../support/api';
import { freshDatabase } from '../support/db';

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

/** The per-IP counter has minute windows: start a burst well inside one. */
async function insideOneWindow(): Promise<void> {
  const ms = Date.now() % 60_000;
  if (ms > 55_000) await new Promise((r) => setTimeout(r, 60_000 - ms + 50));
}

describe('the per-IP limit behind proxies', () => {
  it('When a trusted proxy forwards IPv6 clients of one /64, then they share one counter', async () => {
    const api = await givenApi({ orm: db.orm, env: { TRUST_PROXY: 'loopback', RATE_LIMIT_IP_PER_MINUTE: '2' } });
    await insideOneWindow();
    const from = (ip: string) => api.http.get('/api/v1/workspaces').set('X-Forwarded-For', ip);
    assert.equal((await from('2001:db8:aa:1::1')).status, 401);
    assert.equal((await from('2001:db8:aa:1::2')).status, 401);
    const third = await from('2001:db8:aa:1:ffff::3');
    assert.equal(third.status, 429, 'the third address of the same /64 is over the limit');
    assert.equal((await from('2001:db8:aa:2::1')).status, 401, 'another /64 has its own counter');
  });

  it('When no proxy is trusted, then X-Forwarded-For is ignored and the connection address counts', async () => {
    const api = await givenApi({ orm: db.orm, env: { RATE_LIMIT_IP_PER_MINUTE: '2' } });
    await insideOneWindow();
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push((await api.http.get('/api/v1/no-key').set('X-Forwarded-For', ip)).status);
    assert.equal(statuses[2], 429, `forged addresses do not buy more requests: ${statuses}`);
  });
});
