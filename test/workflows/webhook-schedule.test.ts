import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { RETRY_DELAYS_SECONDS } from '../../domain/webhooks/schedule';
import { deliveryWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { resultOf } from '../support/temporal';
import { webhookFixture } from '../support/webhooks';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof webhookFixture>>;
let db: typeof f.db;
let t: typeof f.t;
let api: typeof f.api;
let receiver: typeof f.receiver;

// Its own file, so its own time-skipping server: the 14-hour schedule is skipped with nothing else running.

beforeAll(async () => {
  f = await webhookFixture();
  ({ db, t, api, receiver } = f);
});
afterAll(() => f.close());

const createEndpoint: typeof f.createEndpoint = (...args) => f.createEndpoint(...args);
const sendBot: typeof f.sendBot = (...args) => f.sendBot(...args);
const stopBot: typeof f.stopBot = (...args) => f.stopBot(...args);

describe('the delivery schedule (time-skipping)', () => {
  it('When the receiver always fails, then exactly 21 attempts are made on the documented schedule, the event lists as failed, and a redelivery succeeds later', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    receiver.always = 503;
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/fail-abcd-efg?sim=lobby_timeout');
    const [evt] = await db.orm.em
      .fork()
      .execute<{ id: string }[]>("select id from webhook_events where object_id = ? and type = 'meeting.created'", [
        bot.meeting_id,
      ]);
    await until(
      async () =>
        (await db.orm.em.fork().execute('select 1 from webhook_deliveries where event_id = ?', [evt!.id])).length > 0,
      { what: 'dispatch', timeoutMs: 15_000, intervalMs: 50 },
    );
    assert.equal(await resultOf(t, deliveryWorkflowId(evt!.id, ep.id)), 'failed');
    const handle = t.env.client.workflow.getHandle(deliveryWorkflowId(evt!.id, ep.id));
    receiver.always = null;
    const history = await handle.fetchHistory();
    const timers = (history.events ?? [])
      .filter((e) => e.timerStartedEventAttributes)
      .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
    assert.deepEqual(timers, [...RETRY_DELAYS_SECONDS]);
    const detail = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
    assert.equal(detail.body.deliveries[0].attempts.length, 21);
    assert.ok(detail.body.deliveries[0].attempts.every((a: { status_code: number }) => a.status_code === 503));
    const failed = await api.http
      .get('/api/v1/webhook_events')
      .query({ workspace_id: owner.workspaceId, delivery_status: 'failed' })
      .set('Authorization', owner.key);
    assert.deepEqual(
      failed.body.data.map((e: { id: string }) => e.id),
      [evt!.id],
    );

    const start = receiver.received.length;
    const redeliver = await api.http
      .post(`/api/v1/webhook_events/${evt!.id}/redeliver`)
      .set('Authorization', owner.key)
      .send({ endpoint_id: ep.id });
    assert.equal(redeliver.status, 202);
    // Each series is a workflow of its own: the first run is never repeated.
    assert.equal(await resultOf(t, deliveryWorkflowId(evt!.id, ep.id, 2)), 'succeeded');
    assert.equal(receiver.received.slice(start).filter((r) => r.json.id === evt!.id).length, 1);
    const after = await api.http.get(`/api/v1/webhook_events/${evt!.id}`).set('Authorization', owner.key);
    assert.equal(after.body.delivery_status, 'succeeded');
    assert.deepEqual(after.body.deliveries[0].attempts.at(-1), {
      ...after.body.deliveries[0].attempts.at(-1),
      series: 2,
      number: 1,
      status_code: 200,
    });
    await stopBot(bot.id);
  });
});
