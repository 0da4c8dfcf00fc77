import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RETRY_DELAYS_SECONDS } from '../../domain/webhooks/schedule';
import { botWorkflowId, deliveryWorkflowId } from '../../workflows/signals';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { startWorker, timeSkipping, type TemporalHarness } from '../support/temporal';
import { verifyLikeTheSpec } from '../support/webhooks';

type Received = { headers: Record<string, string>; body: string; json: { id: string; type: string; data: { object: Record<string, unknown> } } };

/** A receiver on loopback: records every request and answers with the next scripted status (default 200). */
class Receiver {
  received: Received[] = [];
  script: number[] = [];
  always: number | null = null;
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    this.received.push({ headers: req.headers as Record<string, string>, body, json: JSON.parse(body) });
    const status = this.always ?? this.script.shift() ?? 200;
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'try later');
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
}

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let worker: Awaited<ReturnType<typeof startWorker>>;
let api: TestApi;
let me: Awaited<ReturnType<typeof givenAccount>>;
let receiver: Receiver;

// Its own file, so its own time-skipping server: the 14-hour schedule is skipped with nothing else running.

before(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  worker = await startWorker(t, db.orm, { databaseUrl: db.url });
  api = await givenApi({ orm: db.orm, temporal: t.env.client, storage: worker.storage, env: { TEMPORAL_TASK_QUEUE: t.taskQueue, ALLOW_LOOPBACK_WEBHOOKS: 'true' } });
  me = await givenAccount(api);
  receiver = new Receiver();
  await receiver.start();
});
after(async () => {
  receiver.server.close();
  await worker.stop();
  await t.teardown();
  await db.drop();
});

async function createEndpoint(key: string, workspaceId: string, body: Record<string, unknown> = {}) {
  const res = await api.http.post('/api/v1/webhook_endpoints').set('Authorization', key).send({ workspace_id: workspaceId, url: receiver.url, enabled_events: ['*'], ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; secret: string; api_version: string };
}

async function sendBot(key: string, workspaceId: string, meetingUrl = 'https://meet.google.com/hook-abcd-efg') {
  const res = await api.http.post('/api/v1/bots').set('Authorization', key).send({ workspace_id: workspaceId, meeting_url: meetingUrl });
  assert.equal(res.status, 201);
  return res.body as { id: string; meeting_id: string };
}

/** Ends a bot workflow a test no longer needs (it may have ended by itself). */
async function stopBot(botId: string) {
  await t.env.client.workflow.getHandle(botWorkflowId(botId)).terminate('test over').catch(() => undefined);
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the delivery schedule (time-skipping)', () => {
  it('When the receiver always fails, then exactly 21 attempts are made on the documented schedule, the event lists as failed, and a redelivery succeeds later', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    receiver.always = 503;
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/fail-abcd-efg?sim=lobby_timeout');
    const [evt] = await db.orm.em.fork().execute<{ id: string }[]>("select id from webhook_events where object_id = ? and type = 'meeting.created'", [bot.meeting_id]);
    await until('dispatch', async () => (await db.orm.em.fork().execute('select 1 from webhook_deliveries where event_id = ?', [evt!.id])).length > 0);
    const handle = t.env.client.workflow.getHandle(deliveryWorkflowId(evt!.id, ep.id));
    assert.equal(await handle.result(), 'failed');
    receiver.always = null;
    const history = await handle.fetchHistory();
    const timers = (history.events ?? []).filter((e) => e.timerStartedEventAttributes).map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
    assert.deepEqual(timers, [...RETRY_DELAYS_SECONDS]);
    const detail = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
    assert.equal(detail.body.deliveries[0].attempts.length, 21);
    assert.ok(detail.body.deliveries[0].attempts.every((a: { status_code: number }) => a.status_code === 503));
    const failed = await api.http.get('/api/v1/webhook_events').query({ workspace_id: owner.workspaceId, delivery_status: 'failed' }).set('Authorization', owner.key);
    assert.deepEqual(failed.body.data.map((e: { id: string }) => e.id), [evt!.id]);

    const start = receiver.received.length;
    const redeliver = await api.http.post(`/api/v1/webhook_events/${evt!.id}/redeliver`).set('Authorization', owner.key).send({ endpoint_id: ep.id });
    assert.equal(redeliver.status, 202);
    assert.equal(await handle.result(), 'succeeded');
    assert.equal(receiver.received.slice(start).filter((r) => r.json.id === evt!.id).length, 1);
    const after = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
    assert.equal(after.body.delivery_status, 'succeeded');
    assert.deepEqual(after.body.deliveries[0].attempts.at(-1), { ...after.body.deliveries[0].attempts.at(-1), series: 2, number: 1, status_code: 200 });
    await stopBot(bot.id);
  });

});
