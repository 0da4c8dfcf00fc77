import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { markDeliveryFailed, recordAttempt } from '../../db/deliveries';
import { RETRY_DELAYS_SECONDS } from '../../domain/webhooks/schedule';
import { ENDED_DELIVERY_JANITOR_ID } from '../../workflows/maintenance';
import { deliveryWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { refuseWrites } from '../support/db';
import { CANCEL_REQUESTED, pendingActivity, resultOf, startedWorkflow, withDeadline } from '../support/temporal';
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

/** The meeting.created event of a meeting, once the dispatcher has made its delivery row. */
async function dispatchedMeetingCreated(meetingId: string): Promise<{ id: string }> {
  const [evt] = await db.orm.em
    .fork()
    .execute<{ id: string }[]>("select id from webhook_events where object_id = ? and type = 'meeting.created'", [
      meetingId,
    ]);
  await until(
    async () =>
      (await db.orm.em.fork().execute('select 1 from webhook_deliveries where event_id = ?', [evt!.id])).length > 0,
    { what: 'dispatch', timeoutMs: 15_000, intervalMs: 50 },
  );
  return evt!;
}

/** A redelivery of the event to the endpoint (a new attempt series, accepted with 202). */
async function redeliver(key: string, eventId: string, endpointId: string): Promise<void> {
  const res = await api.http
    .post(`/api/v1/webhook_events/${eventId}/redeliver`)
    .set('Authorization', key)
    .send({ endpoint_id: endpointId });
  assert.equal(res.status, 202);
}

/** A new account with an endpoint that always answers 503, and a bot whose meeting.created it is sent. */
async function failingDelivery(code: string) {
  const owner = await givenAccount(api);
  const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
  receiver.always = 503;
  const bot = await sendBot(owner.key, owner.workspaceId, `https://meet.google.com/${code}?sim=lobby_timeout`);
  const evt = await dispatchedMeetingCreated(bot.meeting_id);
  const handle = await startedWorkflow(t, deliveryWorkflowId(evt.id, ep.id));
  const detail = async () =>
    (await api.http.get(`/api/v1/webhook_events/${evt.id}`).set('Authorization', owner.key)).body;
  return { owner, ep, bot, evt, handle, detail };
}

describe('the delivery schedule (time-skipping)', () => {
  it('When the receiver always fails, then exactly 21 attempts are made on the documented schedule, the event lists as failed, and a redelivery succeeds later', async () => {
    const owner = await givenAccount(api);
    const ep = await createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    receiver.always = 503;
    const bot = await sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/fail-abcd-efg?sim=lobby_timeout');
    const evt = await dispatchedMeetingCreated(bot.meeting_id);
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
    await redeliver(owner.key, evt!.id, ep.id);
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

  it('When the database refuses to mark a delivery failed after its 21st attempt, then the workflow keeps trying until it is taken and the delivery lists as failed', async () => {
    const { handle, bot, detail } = await failingDelivery('ref-used-fai');
    const allow = await refuseWrites(db.orm.em.fork(), 'webhook_deliveries', {
      on: 'update',
      when: "new.status = 'failed'",
    });
    // Awaiting the result lets the server skip the schedule's 14 hours and the waits between refusals.
    const result = withDeadline(handle.result(), 120_000, 'the delivery to end');
    result.catch(() => undefined);
    try {
      const refusals = await until(() => pendingActivity(handle, 'markDeliveryFailed'), {
        what: 'the failed mark refused five times, the workflow still running',
        timeoutMs: 90_000,
        intervalMs: 100,
        accept: (s) => s.status !== 'RUNNING' || s.attempt >= 6,
      });
      assert.equal(refusals.status, 'RUNNING');
      assert.equal((await detail()).delivery_status, 'pending');
    } finally {
      await allow();
    }
    receiver.always = null;
    assert.equal(await result, 'failed');
    const after = await detail();
    assert.equal(after.delivery_status, 'failed');
    assert.equal(after.deliveries[0].attempts.length, 21);
    await stopBot(bot.id);
  });

  it("When an older series' failed attempt is recorded after a redelivery succeeded, then the delivery still lists as succeeded", async () => {
    const { owner, ep, evt, bot, detail } = await failingDelivery('old-seri-esl');
    receiver.always = null;
    await redeliver(owner.key, evt.id, ep.id);
    assert.equal(await resultOf(t, deliveryWorkflowId(evt.id, ep.id, 2)), 'succeeded');
    assert.equal((await detail()).delivery_status, 'succeeded');
    // The first series' second attempt, begun before the redelivery, ends late with a 503.
    await recordAttempt(
      db.orm.em.fork(),
      {
        eventId: evt.id,
        endpointId: ep.id,
        series: 1,
        number: 2,
        startedAt: new Date(),
        durationMs: 5,
        statusCode: 503,
        responseBody: 'try later',
        error: null,
      },
      false,
    );
    const after = await detail();
    assert.equal(after.delivery_status, 'succeeded');
    assert.equal(after.deliveries[0].attempts.length, 3, 'the late attempt is still in the log');
    await stopBot(bot.id);
  });

  it("When a delivery workflow of an earlier release marks a redelivered delivery failed without its series, then the redelivery's next failed attempt makes it pending again", async () => {
    const { owner, ep, evt, bot, detail } = await failingDelivery('old-mark-nos');
    await redeliver(owner.key, evt.id, ep.id);
    const second = await startedWorkflow(t, deliveryWorkflowId(evt.id, ep.id, 2));
    await until(async () => (await detail()).deliveries[0].attempts.length, {
      what: "the redelivery's first attempt",
      accept: (n) => n >= 2,
    });
    // What the first series' workflow, started by the release before, does at its end: no series named.
    await markDeliveryFailed(db.orm.em.fork(), evt.id, ep.id);
    assert.equal((await detail()).delivery_status, 'failed');
    await t.env.sleep(RETRY_DELAYS_SECONDS[0]! * 1000 + 5_000);
    await until(async () => (await detail()).deliveries[0].attempts.length, {
      what: "the redelivery's second attempt",
      accept: (n) => n >= 3,
    });
    assert.equal((await detail()).delivery_status, 'pending');
    assert.equal((await second.describe()).status.name, 'RUNNING');
    receiver.always = null;
    await stopBot(bot.id);
  });

  it("When a delivery's retry workflow is terminated from Temporal, then the ended-delivery janitor lists it as failed once it has not been tried for two hours; a delivery whose workflow runs stays pending", async () => {
    const ended = await failingDelivery('jan-dlvr-end');
    const running = await failingDelivery('jan-dlvr-run');
    await ended.handle.terminate('stuck, said the operator');
    // The janitor reads the time by the workflow's clock, which the time-skipping server moves ahead of the database's.
    const now = await t.env.currentTimeMs();
    const triedAgo = async (eventId: string, minutes: number) =>
      db.orm.em
        .fork()
        .execute('update webhook_deliveries set last_attempt_at = ? where event_id = ?', [
          new Date(now - minutes * 60_000),
          eventId,
        ]);
    await triedAgo(ended.evt.id, 130);
    await triedAgo(running.evt.id, 140);
    const janitor = await t.env.client.workflow.start('endedDeliveryJanitor', {
      workflowId: ENDED_DELIVERY_JANITOR_ID,
      taskQueue: t.taskQueue,
      args: [null, 1],
    });
    await until(ended.detail, {
      what: 'the ended delivery listed as failed',
      timeoutMs: 15_000,
      accept: (d) => d.delivery_status === 'failed',
    });
    await until(() => janitor.fetchHistory().then((h) => (h.events ?? []).some((e) => e.timerStartedEventAttributes)), {
      what: 'the janitor’s round done',
      timeoutMs: 15_000,
    });
    assert.equal((await running.detail()).delivery_status, 'pending');
    assert.equal((await running.handle.describe()).status.name, 'RUNNING');
    await janitor.terminate('test over');
    await running.handle.terminate('test over');
    receiver.always = null;
    await stopBot(ended.bot.id);
    await stopBot(running.bot.id);
  });

  // Last in the file: once an activity without an attempt limit (the failed mark) is scheduled after a
  // workflow's cancel request, Temporal's Java time-skipping server stops skipping time for good (a
  // later `env.sleep('1 hour')` waited in real time; with `maximumAttempts: 1000` on the mark it did not).
  it("When a delivery's workflow is cancelled from Temporal (the UI's Cancel) while it waits to retry, then the delivery lists as failed, and the workflow closes cancelled", async () => {
    const { evt, handle, bot, detail } = await failingDelivery('can-cdel-ivr');
    await handle.cancel();
    await assert.rejects(withDeadline(handle.result(), 60_000, 'the cancelled delivery to close'), (err: Error) =>
      /cancel/i.test(`${err.message} ${String(err.cause)}`),
    );
    receiver.always = null;
    assert.equal((await handle.describe()).status.name, 'CANCELLED');
    const after = await detail();
    assert.equal(after.id, evt.id);
    assert.equal(after.delivery_status, 'failed');
    assert.equal(after.deliveries[0].attempts.length, 1, "only the dispatcher's first attempt was made");
    await stopBot(bot.id);
  });

  it("When a redelivery's workflow is cancelled from Temporal while an attempt is in flight, then the workflow waits for the attempt and its record, and the delivery then lists as failed; cancelling the older series leaves it pending", async () => {
    const { owner, ep, evt, bot, detail } = await failingDelivery('can-cinf-lig');
    let release: () => void = () => undefined;
    receiver.held = new Promise<void>((r) => (release = r));
    const before = receiver.received.length;
    // A redelivery's series starts with an attempt at once.
    await redeliver(owner.key, evt.id, ep.id);
    const handle = await startedWorkflow(t, deliveryWorkflowId(evt.id, ep.id, 2));
    await until(() => receiver.received.length > before, { what: 'the attempt in flight', intervalMs: 20 });
    // The first series' workflow, still waiting to retry, is cancelled: the newer series is not touched.
    const first = t.env.client.workflow.getHandle(deliveryWorkflowId(evt.id, ep.id));
    await first.cancel();
    await assert.rejects(withDeadline(first.result(), 60_000, 'the first series to close'));
    assert.equal((await detail()).delivery_status, 'pending');
    await handle.cancel();
    await until(async () => (await pendingActivity(handle, 'attemptDelivery')).state, {
      what: 'the attempt asked to cancel',
      accept: (s) => s === CANCEL_REQUESTED,
    });
    assert.equal((await handle.describe()).status.name, 'RUNNING', 'the workflow waits for the attempt');
    receiver.held = null;
    release();
    await assert.rejects(withDeadline(handle.result(), 60_000, 'the cancelled delivery to close'), (err: Error) =>
      /cancel/i.test(`${err.message} ${String(err.cause)}`),
    );
    receiver.always = null;
    const after = await detail();
    assert.equal(after.delivery_status, 'failed', "the attempt's record did not put it back to pending");
    assert.deepEqual(
      after.deliveries[0].attempts.map((a: { series: number; number: number; status_code: number }) => [
        a.series,
        a.number,
        a.status_code,
      ]),
      [
        [1, 1, 503],
        [2, 1, 503],
      ],
    );
    await stopBot(bot.id);
  });
});
