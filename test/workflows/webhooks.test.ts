import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { postOnce } from '../../runtime/webhook-http';
import { temporalGateway } from '../../runtime/temporal-gateway';
import { startDispatcher } from '../../worker/dispatcher';
import { botWorkflowId, deliveryWorkflowId } from '../../workflows/signals';
import { givenAccount, grant } from '../support/api';
import { silentLog } from '../support/db';
import { verifyLikeTheSpec, webhookFixture } from '../support/webhooks';
import { resultOf } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof webhookFixture>>;
let db: typeof f.db;
let t: typeof f.t;
let api: typeof f.api;
let me: typeof f.me;
let receiver: typeof f.receiver;

beforeAll(async () => {
  f = await webhookFixture();
  ({ db, t, api, me, receiver } = f);
});
let replacement: ReturnType<typeof startDispatcher> | null = null;
afterAll(async () => {
  await replacement?.stop();
  await f.close();
});

const createEndpoint: typeof f.createEndpoint = (...args) => f.createEndpoint(...args);
const sendBot: typeof f.sendBot = (...args) => f.sendBot(...args);
const stopBot: typeof f.stopBot = (...args) => f.stopBot(...args);

describe('webhook endpoints', () => {
  it('When an endpoint is created, then its secret is shown once, it is pinned to the request version, and bad input is named', async () => {
    const created = await api.http
      .post('/api/v1/webhook_endpoints')
      .set('Authorization', me.key)
      .set('Service-Version', '2026-10-10')
      .send({
        workspace_id: me.workspaceId,
        url: receiver.url,
        enabled_events: ['meeting.created'],
        metadata: { team: 'ops' },
      });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^we_/);
    assert.match(created.body.secret, /^whsec_/);
    assert.equal(created.body.api_version, '2026-10-10');
    const read = await api.http.get(`/api/v1/webhook_endpoints/${created.body.id}`).set('Authorization', me.key);
    assert.ok(!('secret' in read.body));
    const pinned = await createEndpoint(me.key, me.workspaceId, {
      api_version: '2026-09-30',
      secret: 'whsec_my_own_secret_value',
    });
    assert.equal(pinned.api_version, '2026-09-25');
    assert.equal(pinned.secret, 'whsec_my_own_secret_value');
    const bad = await api.http
      .post('/api/v1/webhook_endpoints')
      .set('Authorization', me.key)
      .send({
        workspace_id: me.workspaceId,
        url: 'http://10.0.0.1/x',
        enabled_events: ['meeting.created', 'meeting.exploded'],
        api_version: 'soon',
      });
    assert.equal(bad.status, 422);
    assert.deepEqual(
      Object.fromEntries(bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])),
      { url: 'invalid', 'enabled_events.1': 'inclusion', api_version: 'invalid' },
    );
    const list = await api.http
      .get('/api/v1/webhook_endpoints')
      .query({ workspace_id: me.workspaceId })
      .set('Authorization', me.key);
    assert.equal(list.body.data.length, 2);
    const patched = await api.http
      .patch(`/api/v1/webhook_endpoints/${pinned.id}`)
      .set('Authorization', me.key)
      .send({ enabled: false, enabled_events: ['bot.failed'] });
    assert.deepEqual([patched.body.enabled, patched.body.enabled_events], [false, ['bot.failed']]);
    assert.equal(
      (await api.http.delete(`/api/v1/webhook_endpoints/${pinned.id}`).set('Authorization', me.key)).body.deleted,
      true,
    );
    assert.equal(
      (await api.http.get(`/api/v1/webhook_endpoints/${pinned.id}`).set('Authorization', me.key)).status,
      404,
    );
    await api.http.delete(`/api/v1/webhook_endpoints/${created.body.id}`).set('Authorization', me.key);
  });

  it('When a member-role key registers an endpoint, then 401; another account sees 404', async () => {
    const reader = await givenAccount(api, { workspace: false });
    await grant(api, reader.email, me.workspaceId, 'member');
    const res = await api.http
      .post('/api/v1/webhook_endpoints')
      .set('Authorization', reader.key)
      .send({ workspace_id: me.workspaceId, url: receiver.url, enabled_events: ['*'] });
    assert.equal(res.status, 401);
    const other = await givenAccount(api);
    const ep = await createEndpoint(other.key, other.workspaceId);
    assert.equal((await api.http.get(`/api/v1/webhook_endpoints/${ep.id}`).set('Authorization', me.key)).status, 404);
    await api.http.delete(`/api/v1/webhook_endpoints/${ep.id}`).set('Authorization', other.key);
  });

  it('When a test send is asked for, then the receiver gets a signed sample whose ids exist nowhere, and its status code comes back', async () => {
    const ep = await createEndpoint(me.key, me.workspaceId);
    receiver.script = [418];
    const before = receiver.received.length;
    const res = await api.http.post(`/api/v1/webhook_endpoints/${ep.id}/test`).set('Authorization', me.key);
    assert.equal(res.status, 200);
    assert.equal(res.body.status_code, 418);
    const got = receiver.received[before]!;
    assert.equal(got.json.id, res.body.event_id);
    assert.ok(verifyLikeTheSpec(ep.secret, got.headers, got.body, Math.floor(Date.now() / 1000)));
    assert.equal(
      (await api.http.get(`/api/v1/webhook_events/${res.body.event_id}`).set('Authorization', me.key)).status,
      404,
    );
    await api.http.delete(`/api/v1/webhook_endpoints/${ep.id}`).set('Authorization', me.key);
  });
});

describe('delivery', () => {
  it('When a bot runs its course, then every event reaches the endpoint once, signed, with its type header, and the log shows them delivered', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId);
    const start = receiver.received.length;
    const bot = await sendBot(owner.key, owner.workspaceId);
    await resultOf(t, botWorkflowId(bot.id));
    const expected = await db.orm.em
      .fork()
      .execute<{ id: string; type: string }[]>(
        'select id, type from webhook_events where workspace_id = ? order by id',
        [owner.workspaceId],
      );
    await until(() => receiver.received.slice(start).length >= expected.length, {
      what: 'every event delivered',
      timeoutMs: 15_000,
      intervalMs: 50,
    });
    const got = receiver.received.slice(start);
    assert.deepEqual(got.map((r) => r.json.id).sort(), expected.map((e) => e.id).sort());
    for (const r of got) {
      assert.equal(r.headers['x-service-event'], r.json.type);
      assert.ok(verifyLikeTheSpec(ep.secret, r.headers, r.body, Math.floor(Date.now() / 1000)), r.json.type);
    }
    const types = got.map((r) => r.json.type);
    for (const type of [
      'meeting.created',
      'bot.recording_started',
      'bot.recording_completed',
      'bot.transcript_ready',
      'bot.summary_ready',
      'meeting.finished',
    ])
      assert.ok(types.includes(type), type);
    const botEvent = got.find((r) => r.json.type === 'bot.summary_ready')!;
    assert.equal(botEvent.json.data.object.id, bot.id);
    await until(
      async () => {
        const list = await api.http
          .get('/api/v1/webhook_events')
          .query({ workspace_id: owner.workspaceId, delivery_status: 'succeeded', limit: 100 })
          .set('Authorization', owner.key);
        return list.body.data.length === expected.length;
      },
      { what: 'deliveries recorded', timeoutMs: 15_000, intervalMs: 50 },
    );
    const list = await api.http
      .get('/api/v1/webhook_events')
      .query({ workspace_id: owner.workspaceId, limit: 100 })
      .set('Authorization', owner.key);
    assert.deepEqual(
      list.body.data.map((e: { id: string }) => e.id),
      expected.map((e) => e.id).reverse(),
      'newest first',
    );
  });

  it('When the receiver answers 500 then 200, then it gets the same event id twice with valid signatures and fresh timestamps, and both attempts are logged', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    receiver.script = [500, 200];
    const start = receiver.received.length;
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/retry-abcd-efg?sim=lobby_timeout');
    const [evt] = await db.orm.em
      .fork()
      .execute<{ id: string }[]>("select id from webhook_events where object_id = ? and type = 'meeting.created'", [
        bot.meeting_id,
      ]);
    await until(() => receiver.received.length > start, { what: 'first attempt', timeoutMs: 15_000, intervalMs: 50 });
    assert.equal(await resultOf(t, deliveryWorkflowId(evt!.id, ep.id)), 'succeeded');
    const got = receiver.received.slice(start).filter((r) => r.json.id === evt!.id);
    assert.equal(got.length, 2);
    assert.equal(got[0]!.body, got[1]!.body, 'the stored body is sent again');
    for (const r of got)
      assert.ok(
        verifyLikeTheSpec(ep.secret, r.headers, r.body, Number(/t=(\d+)/.exec(r.headers['x-service-signature']!)![1])),
      );
    const detail = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
    assert.deepEqual(
      detail.body.deliveries[0].attempts.map((a: { status_code: number }) => a.status_code),
      [500, 200],
    );
    assert.equal(detail.body.deliveries[0].attempts[0].response_body, 'try later');
    assert.equal(detail.body.delivery_status, 'succeeded');
    await stopBot(bot.id);
  });

  it('When an endpoint is disabled while its delivery retries, then the delivery stops and lists as failed', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    receiver.script = [500];
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/stop-abcd-efg?sim=lobby_timeout');
    const [evt] = await db.orm.em
      .fork()
      .execute<{ id: string }[]>("select id from webhook_events where object_id = ? and type = 'meeting.created'", [
        bot.meeting_id,
      ]);
    await until(
      async () =>
        (await db.orm.em.fork().execute('select 1 from webhook_attempts where event_id = ?', [evt!.id])).length > 0,
      { what: 'first attempt', timeoutMs: 15_000, intervalMs: 50 },
    );
    // The first attempt failed: its retries' workflow starts through the outbox.
    await f.worker.dispatched();
    await api.http.patch(`/api/v1/webhook_endpoints/${ep.id}`).set('Authorization', owner.key).send({ enabled: false });
    assert.equal(await resultOf(t, deliveryWorkflowId(evt!.id, ep.id)), 'stopped');
    // Nothing will try it again: it lists as failed, to be redelivered once the endpoint is enabled.
    const detail = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
    assert.equal(detail.body.delivery_status, 'failed');
    await stopBot(bot.id);
  });

  it('When an endpoint is disabled between the fan-out and its first attempt, then no attempt is made and the delivery lists as failed', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    // The fan-out's insert disables the endpoint in its own transaction: the delivery is made for an
    // enabled endpoint, and the dispatcher finds it disabled when the attempt is due.
    const em = db.orm.em.fork();
    await em.execute(
      `create or replace function test_disable_on_fan_out() returns trigger language plpgsql as $$
         begin update webhook_endpoints set enabled = false where id = new.endpoint_id; return new; end $$`,
    );
    await em.execute(
      `create trigger test_disable_on_fan_out after insert on webhook_deliveries for each row
         when (new.endpoint_id = '${ep.id}') execute function test_disable_on_fan_out()`,
    );
    try {
      const bot = await sendBot(owner.key, owner.workspaceId);
      const [evt] = await em.execute<{ id: string }[]>(
        "select id from webhook_events where object_id = ? and type = 'meeting.created'",
        [bot.meeting_id],
      );
      await until(
        async () =>
          (
            await db.orm.em
              .fork()
              .execute('select 1 from webhook_deliveries where event_id = ? and not first_attempt_due', [evt!.id])
          ).length > 0,
        { what: 'the first attempt handled', timeoutMs: 15_000, intervalMs: 50 },
      );
      const detail = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
      assert.equal(detail.body.delivery_status, 'failed');
      assert.deepEqual(detail.body.deliveries[0].attempts, []);
      assert.ok(!receiver.received.some((r) => r.body.includes(evt!.id)), 'nothing was posted for the event');
      await stopBot(bot.id);
    } finally {
      await em.execute('drop trigger test_disable_on_fan_out on webhook_deliveries');
      await em.execute('drop function test_disable_on_fan_out()');
    }
  });

  it('When changes commit while no dispatcher runs (a worker crashed), then a dispatcher started later delivers their events and starts their bots', async () => {
    const owner = await givenAccount(api);
    await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    await f.worker.dispatcher!.stop();
    const start = receiver.received.length;
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/relay-abcd-efg?sim=lobby_timeout');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(receiver.received.length, start, 'nothing was sent while no dispatcher ran');
    const [pending] = await db.orm.em
      .fork()
      .execute<{ n: number }[]>(
        'select count(*)::int as n from workflow_commands where workflow_id = ? and dispatched_at is null',
        [`bot/${bot.id}`],
      );
    assert.equal(pending!.n, 1, 'the bot workflow start waits in the outbox');
    // The replacement serves the rest of this file, as a restarted worker's would.
    replacement = startDispatcher({
      allowLoopbackWebhooks: true,
      orm: db.orm,
      log: silentLog,
      gateway: temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 10_000 }),
      pollMs: 200,
    });
    await until(
      () =>
        receiver.received
          .slice(start)
          .some((r) => r.json.type === 'meeting.created' && r.json.data.object.id === bot.meeting_id),
      { what: 'the event delivered', timeoutMs: 15_000, intervalMs: 50 },
    );
    await until(
      async () =>
        await t.env.client.workflow
          .getHandle(`bot/${bot.id}`)
          .describe()
          .then(
            () => true,
            () => false,
          ),
      { what: 'the bot workflow started', timeoutMs: 15_000, intervalMs: 50 },
    );
    await stopBot(bot.id);
  });

  it('When a secret is rotated, then X-Service-Signature carries digests of both (either verifies) and X-Webhook-Signature the newest secret’s digest', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    const rotated = await api.http
      .post(`/api/v1/webhook_endpoints/${ep.id}/rotate_secret`)
      .set('Authorization', owner.key);
    assert.notEqual(rotated.body.secret, ep.secret);
    const start = receiver.received.length;
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/rot-abcd-efg?sim=lobby_timeout');
    await until(() => receiver.received.length > start, { what: 'delivery', timeoutMs: 15_000, intervalMs: 50 });
    const got = receiver.received[start]!;
    const now = Math.floor(Date.now() / 1000);
    assert.ok(verifyLikeTheSpec(ep.secret, got.headers, got.body, now));
    assert.ok(verifyLikeTheSpec(rotated.body.secret, got.headers, got.body, now));
    // X-Webhook-Signature keeps the spec's single form, signed with the newest secret.
    assert.equal(
      got.headers['x-webhook-signature'],
      `sha256=${createHmac('sha256', rotated.body.secret).update(got.body).digest('hex')}`,
    );
    await stopBot(bot.id);
  });

  it('When a host name resolves to a non-public address at delivery time, then the attempt is refused before connecting', async () => {
    const toLoopback = (_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: '127.0.0.1', family: 4 }]);
    const endpoint = {
      url: 'https://hooks.example.com/x',
      secret: 'whsec_x',
      previousSecret: null,
      previousSecretExpiresAt: null,
    };
    const refused = await postOnce(
      { allowLoopbackWebhooks: false, resolve: toLoopback as never },
      endpoint,
      'meeting.updated',
      '{}',
    );
    assert.equal(refused.statusCode, null);
    assert.match(refused.error!, /not public \(in the loopback block 127\.0\.0\.0\/8\)/);
    assert.ok(!refused.error!.includes('127.0.0.1'), 'the rule is named, never what the name resolved to');
    const toPrivate = (_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: '10.1.2.3', family: 4 }]);
    assert.match(
      (await postOnce({ allowLoopbackWebhooks: true, resolve: toPrivate as never }, endpoint, 'meeting.updated', '{}'))
        .error!,
      /not public \(in the private block 10\.0\.0\.0\/8\)/,
      'the development setting opens loopback only',
    );
  });
});

describe('what counts as an acknowledgement', () => {
  it('When the receiver redirects, then the redirect is not followed and the attempt counts as failed with its status', async () => {
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits++;
      res.writeHead(302, { Location: '/elsewhere' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const r = await postOnce(
      { allowLoopbackWebhooks: true },
      { url, secret: 'whsec_x', previousSecret: null, previousSecretExpiresAt: null },
      'meeting.updated',
      '{}',
    );
    server.close();
    assert.equal(r.statusCode, 302);
    assert.equal(hits, 1, 'no second request to the Location');
  });

  it('When the receiver does not answer within 10 seconds, then the attempt ends as a timeout', async () => {
    const server = http.createServer(() => undefined); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const r = await postOnce(
      { allowLoopbackWebhooks: true },
      { url, secret: 'whsec_x', previousSecret: null, previousSecretExpiresAt: null },
      'meeting.updated',
      '{}',
    );
    server.closeAllConnections();
    server.close();
    assert.equal(r.statusCode, null);
    assert.match(r.error!, /timeout|Timeout/);
    assert.ok(r.durationMs >= 9_900 && r.durationMs < 12_000, String(r.durationMs));
  });
});
