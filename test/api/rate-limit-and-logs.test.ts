import assert from 'node:assert/strict';
import { roomInWindow } from '../support/until';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { startApi } from '../../api/server';
import { createOrm } from '../../db/orm';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import { givenAccount } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';

let db: Awaited<ReturnType<typeof freshDatabase>>;
const lines: string[] = [];

/** Two API processes' worth of apps on one database, logging into `lines`. */
function appOn(ipLimit: number, env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_IP_PER_MINUTE: String(ipLimit), ...env });
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const log = createLogger('info', sink);
  return supertest(
    createApp({
      orm: db.orm,
      config,
      log,
      temporal: null,
      storage: new LocalStorage('/nonexistent'),
      baseUrl: () => 'http://api.test/api/v1',
    }).app,
  );
}

beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

describe('per-IP flood limit', () => {
  it('When one address sends more than the limit in a minute across two API processes, then a plain-text 429 with Retry-After answers, before routing and keys', async () => {
    // The whole burst falls in one minute window.
    await roomInWindow(60, 10_000);
    const a = appOn(6);
    const b = appOn(6);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? a : b).get('/api/v1/workspaces')).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401]);
    const limited = await a.get('/api/v1/no-such-path');
    assert.equal(limited.status, 429);
    assert.match(limited.headers['content-type']!, /^text\/plain/);
    assert.match(limited.text, /Too many requests/);
    assert.ok(Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 60);
    assert.equal((await b.get('/api/v1/workspaces')).status, 429, 'the count is shared through PostgreSQL');
  });

  it('When the limit is larger, then each process counts in memory and shares in batches: two processes together pass it by less than a tenth of it', async () => {
    await roomInWindow(60, 15_000);
    // Another client address than the test above: behind a trusted loopback proxy, X-Forwarded-For's.
    // Two hosts of one API process each (API_PROCESSES=1): each shares at a tenth of the limit.
    const a = appOn(40, { TRUST_PROXY: 'loopback', API_PROCESSES: '1' });
    const b = appOn(40, { TRUST_PROXY: 'loopback', API_PROCESSES: '1' });
    let passed = 0;
    for (let i = 0; i < 60; i++) {
      const res = await (i % 2 ? a : b).get('/api/v1/workspaces').set('X-Forwarded-For', '198.51.100.7');
      if (res.status !== 429) passed += 1;
    }
    // Exactly 40 in one process; across two, at most the other's unflushed hits (under a tenth of the limit).
    assert.ok(passed >= 40 && passed <= 44, `passed ${passed}`);
    await new Promise((r) => setTimeout(r, 400));
    for (const app of [a, b])
      assert.equal((await app.get('/api/v1/workspaces').set('X-Forwarded-For', '198.51.100.7')).status, 429);
  });

  it('When the API runs as a cluster of processes, then each shares its hits that much sooner: four processes of a limit of 40 share every hit, and together pass exactly 40', async () => {
    await roomInWindow(60, 15_000);
    const env = { TRUST_PROXY: 'loopback', API_PROCESSES: '4' };
    const a = appOn(40, env);
    const b = appOn(40, env);
    let passed = 0;
    for (let i = 0; i < 60; i++) {
      const res = await (i % 2 ? a : b).get('/api/v1/workspaces').set('X-Forwarded-For', '198.51.100.8');
      if (res.status !== 429) passed += 1;
    }
    assert.equal(passed, 40);
  });

  it('When an API process stops, then the hits it counted only in memory still count in the processes that go on', async () => {
    await roomInWindow(60, 15_000);
    const env = { TRUST_PROXY: 'loopback' };
    // A process of its own: its own pool, stopped and closed as `npm start` stops on SIGTERM.
    const orm = await createOrm(db.url, silentLog, 2);
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_IP_PER_MINUTE: '100', API_PROCESSES: '1', ...env });
    const stopping = await startApi(
      { orm, config, log: silentLog, temporal: null, storage: new LocalStorage('/nonexistent') },
      { host: '127.0.0.1', port: 0 },
    );
    const from = { 'X-Forwarded-For': '198.51.100.9' };
    // Nine hits: under a tenth of the limit, so they are shared only by the batch or at shutdown.
    for (let i = 0; i < 9; i++)
      assert.equal((await fetch(`${stopping.url}/api/v1/workspaces`, { headers: from })).status, 401);
    await stopping.stop();
    await orm.close(true);
    const going = appOn(100, { ...env, API_PROCESSES: '1' });
    let passed = 0;
    for (let i = 0; i < 100; i++) if ((await going.get('/api/v1/workspaces').set(from)).status !== 429) passed += 1;
    assert.equal(passed, 91, 'the stopped process’s nine hits count against the limit of 100');
  });
});

describe('request logs', () => {
  it('When requests carry keys, then each gets one log line with its request id and the key never appears', async () => {
    const app = appOn(1000);
    const me = await givenAccount(db);
    lines.length = 0;
    const res = await app.get('/api/v1/workspaces').set('Authorization', `Bearer ${me.key}`);
    await app.get('/api/v1/workspaces').set('Authorization', 'Bearer ntk_wrong_key_that_must_not_be_logged');
    await app.post('/api/v1/workspaces').set('Authorization', me.key).send({ name: 'x', secret: 'whsec_do_not_log' });
    const text = lines.join('');
    assert.ok(!text.includes(me.key), 'the key is not logged');
    assert.ok(!text.includes('ntk_wrong_key_that_must_not_be_logged'));
    assert.ok(!text.includes('whsec_do_not_log'));
    const completed = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
    assert.equal(completed.length, 3);
    assert.equal(completed[0].req.id, res.headers['x-request-id']);
    assert.equal(completed[0].account_id, me.accountId);
    assert.deepEqual(completed[0].res, { status: 200 });
    assert.equal(typeof completed[0].responseTime, 'number');
    // A refused key is answered before any account is known: its line names none.
    assert.equal(completed[1].res.status, 401);
    assert.equal(completed[1].account_id, undefined);
  });

  it('When a request brings its own X-Request-Id, then it is answered and logged with it, and the query string is not logged', async () => {
    const app = appOn(1000);
    const me = await givenAccount(db);
    lines.length = 0;
    const res = await app
      .get('/api/v1/workspaces?limit=5&cursor=private-looking-value')
      .set('Authorization', me.key)
      .set('X-Request-Id', 'trace-1234.abc');
    assert.equal(res.headers['x-request-id'], 'trace-1234.abc');
    // Not a plain token: replaced by an id of the service's own.
    const odd = await app.get('/api/v1/workspaces').set('Authorization', me.key).set('X-Request-Id', 'has spaces');
    assert.match(odd.headers['x-request-id']!, /^req_[0-9a-z]{26}$/);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
    assert.deepEqual(
      logged.map((l) => [l.req.id, l.req.method, l.req.path]),
      [
        ['trace-1234.abc', 'GET', '/api/v1/workspaces'],
        [odd.headers['x-request-id'], 'GET', '/api/v1/workspaces'],
      ],
    );
    assert.ok(!lines.join('').includes('private-looking-value'));
  });
});
