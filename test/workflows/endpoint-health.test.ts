import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount } from '../support/api';
import { webhookFixture } from '../support/webhooks';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof webhookFixture>>;

beforeAll(async () => {
  f = await webhookFixture();
});
afterAll(async () => {
  await f.close();
});

const failingSince = async (id: string) =>
  (
    await f.db.orm.em
      .fork()
      .execute<{ failing_since: string | null }[]>('select failing_since from webhook_endpoints where id = ?', [id])
  )[0]!.failing_since;

describe('webhook endpoint health', () => {
  it('When every delivery to an endpoint failed for 5 days, then it is disabled with a reason, the other endpoints hear webhook_endpoint.disabled, and a PATCH enables it again', async () => {
    const owner = await givenAccount(f.api);
    // Nothing listens on port 9: every attempt fails.
    const dead = await f.createEndpoint(owner.key, owner.workspaceId, { url: 'http://127.0.0.1:9/hooks' });
    const alive = await f.createEndpoint(owner.key, owner.workspaceId);
    await f.db.orm.em
      .fork()
      .execute(`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = ?`, [
        dead.id,
      ]);
    const start = f.receiver.received.length;
    const bot = await f.sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/hea-lthy-abc');
    const notice = await until(
      () => f.receiver.received.slice(start).find((r) => r.json.type === 'webhook_endpoint.disabled'),
      { what: 'webhook_endpoint.disabled delivered', timeoutMs: 20_000, accept: (r) => r !== undefined },
    );
    const object = notice!.json.data.object as Record<string, unknown>;
    assert.equal(object.id, dead.id);
    assert.equal(object.enabled, false);
    assert.equal(object.disabled_reason, 'failing_deliveries');
    assert.ok(!('secret' in object));
    const read = (await f.api.as(owner).get(`/webhook_endpoints/${dead.id}`)).body;
    assert.equal(read.enabled, false);
    assert.equal(read.disabled_reason, 'failing_deliveries');
    // The healthy endpoint is untouched.
    assert.equal((await f.api.as(owner).get(`/webhook_endpoints/${alive.id}`)).body.disabled_reason, null);

    const enabled = await f.api.as(owner).patch(`/webhook_endpoints/${dead.id}`, { enabled: true });
    assert.equal(enabled.status, 200);
    assert.equal(enabled.body.enabled, true);
    assert.equal(enabled.body.disabled_reason, null);
    assert.equal(await failingSince(dead.id), null);
    await f.stopBot(bot.id);
  });

  it('When a delivery succeeds after failures, then the failing streak ends and the endpoint stays enabled', async () => {
    const owner = await givenAccount(f.api);
    const flaky = await f.createEndpoint(owner.key, owner.workspaceId, { enabled_events: ['meeting.created'] });
    f.receiver.script.push(500);
    const bot = await f.sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/fla-kyen-dpt');
    await until(async () => (await failingSince(flaky.id)) !== null, {
      what: 'the failed first attempt noted',
      timeoutMs: 20_000,
    });
    // The dispatcher made the first attempt; the retries' workflow starts through the outbox, and
    // the test server's clock is moved once it runs (before, its first delay would be real time).
    await f.worker.dispatched();
    // The retry is scheduled later: move the test server's clock past the first delays.
    for (let i = 0; i < 20 && (await failingSince(flaky.id)) !== null; i++) await f.t.env.sleep('1 minute');
    await until(async () => (await failingSince(flaky.id)) === null, {
      what: 'the retry succeeded and ended the streak',
      timeoutMs: 10_000,
    });
    const read = (await f.api.as(owner).get(`/webhook_endpoints/${flaky.id}`)).body;
    assert.equal(read.enabled, true);
    assert.equal(read.disabled_reason, null);
    await f.stopBot(bot.id);
  });
});
