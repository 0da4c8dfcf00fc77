import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import { createOrm, type Orm } from '../../db/orm';
import { temporalGateway } from '../../runtime/temporal-gateway';
import { startDispatcher } from '../../worker/dispatcher';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';
import { startedWorkflow, timeSkipping, type TemporalHarness } from '../support/temporal';
import { tcpProxy } from '../support/tcp-proxy';
import { until } from '../support/until';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
});
afterAll(async () => {
  await t.teardown();
  await db.drop();
});

const elapsed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = Date.now();
  const value = await fn();
  return [value, Date.now() - start];
};

describe('Temporal unreachable (it accepts connections and never answers)', () => {
  it('When Temporal hangs, then bots are accepted and committed, reads stay fast, /readyz says so, and the work starts once Temporal answers again', async () => {
    const hole = await tcpProxy({ host: '127.0.0.1', port: 9 });
    hole.blackHole();
    const connection = Connection.lazy({ address: hole.address });
    const hanging = new Client({ connection, namespace: 'default' });
    const api = await givenApi({ orm: db.orm, temporal: hanging, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
    const me = await givenAccount(api);
    // The dispatcher runs against the hanging server: every send times out and waits, nothing is parked.
    const stuck = startDispatcher({
      allowLoopbackWebhooks: true,
      orm: db.orm,
      log: silentLog,
      gateway: temporalGateway(hanging, { taskQueue: t.taskQueue, deadlineMs: 300 }),
      pollMs: 100,
    });
    try {
      const [sent, sendMs] = await elapsed(() =>
        api.http
          .post('/api/v1/bots')
          .set('Authorization', me.key)
          .send({ workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/out-agea-bcd' }),
      );
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const [read, readMs] = await elapsed(() =>
        api.http.get(`/api/v1/bots/${sent.body.id}`).set('Authorization', me.key),
      );
      assert.equal(read.body.status, 'queued');
      // Generous bounds: a call without a deadline would never return at all.
      assert.ok(sendMs < 3_000 && readMs < 3_000, `POST took ${sendMs} ms, GET ${readMs} ms`);
      const [ready, readyMs] = await elapsed(() => api.http.get('/readyz'));
      assert.equal(ready.status, 503);
      assert.match(ready.body.checks.temporal, /unreachable/);
      assert.ok(readyMs < 5_000, `/readyz took ${readyMs} ms`);

      const commandOf = async () =>
        (
          await db.orm.em
            .fork()
            .execute<
              { attempts: number; last_error: string | null; parked_at: Date | null; dispatched_at: Date | null }[]
            >('select attempts, last_error, parked_at, dispatched_at from workflow_commands where workflow_id = ?', [
              `bot/${sent.body.id}`,
            ])
        )[0]!;
      const waiting = await until(commandOf, {
        what: 'the command records its error',
        timeoutMs: 10_000,
        accept: (c) => Boolean(c.last_error),
      });
      assert.match(waiting.last_error ?? '', /unreachable/i);
      assert.equal(waiting.parked_at, null, 'an unreachable Temporal never parks a command');
      assert.equal(waiting.attempts, 0, 'an unreachable Temporal does not count toward parking');
      assert.equal(waiting.dispatched_at, null);
    } finally {
      await stuck.stop();
      await connection.close();
      await hole.close();
    }
    // Temporal is back: a dispatcher sends what waited (its backoff is at most a minute; this one starts fresh).
    const back = startDispatcher({
      allowLoopbackWebhooks: true,
      orm: db.orm,
      log: silentLog,
      gateway: temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 10_000 }),
      pollMs: 100,
    });
    try {
      await db.orm.em.fork().execute('update workflow_commands set due_at = now() where dispatched_at is null');
      const [bot] = await db.orm.em.fork().execute<{ id: string }[]>('select id from bots order by id desc limit 1');
      const described = await (await startedWorkflow(t, `bot/${bot!.id}`)).describe();
      assert.equal(described.status.name, 'RUNNING');
    } finally {
      await back.stop();
    }
  });
});

describe('PostgreSQL unreachable', () => {
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let orm: Orm;
  let api: TestApi;
  let key: string;

  beforeAll(async () => {
    const u = new URL(db.url);
    proxy = await tcpProxy({ host: u.hostname, port: Number(u.port) });
    u.host = proxy.address;
    orm = await createOrm(u.toString(), silentLog, 5);
    api = await givenApi({ orm });
    ({ key } = await givenAccount(api));
  });
  afterAll(async () => {
    await orm.close(true);
    await proxy.close();
  });

  it('When PostgreSQL goes away, then requests answer 503 provider_unavailable in bounded time, nothing is half written, and the service recovers by itself', async () => {
    assert.equal((await api.http.get('/api/v1/workspaces').set('Authorization', key)).status, 200);
    proxy.cut();
    const [read, readMs] = await elapsed(() => api.http.get('/api/v1/workspaces').set('Authorization', key));
    assert.equal(read.status, 503, JSON.stringify(read.body));
    assert.equal(read.body.errors[0].code, 'provider_unavailable');
    const [write, writeMs] = await elapsed(() =>
      api.http.post('/api/v1/workspaces').set('Authorization', key).send({ name: 'Written during the outage' }),
    );
    assert.equal(write.status, 503);
    assert.ok(readMs < 15_000 && writeMs < 15_000, `${readMs} ms, ${writeMs} ms`);

    proxy.restore();
    const status = await until(async () => (await api.as(key).get('/workspaces')).status, {
      what: 'the service to answer again',
      timeoutMs: 10_000,
      intervalMs: 200,
      accept: (s) => s === 200,
    });
    assert.equal(status, 200, 'the service answers again once PostgreSQL is back');
    const names = (await api.http.get('/api/v1/workspaces').set('Authorization', key)).body.data.map(
      (w: { name: string }) => w.name,
    );
    assert.ok(!names.includes('Written during the outage'), 'nothing of the refused write was kept');
  });
});
