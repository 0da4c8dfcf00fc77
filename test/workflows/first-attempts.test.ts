import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { fanOutEvents } from '../../activities/webhooks';
import { WebhookEndpoint } from '../../db/entities';
import { claimFirstAttempts } from '../../db/deliveries';
import { recordEvent } from '../../db/outbox';
import { newId } from '../../domain/ids';
import { CURRENT_VERSION } from '../../domain/versions';
import { temporalGateway } from '../../runtime/temporal-gateway';
import { createUser } from '../../services/accounts';
import { startDispatcher, type DispatcherOptions } from '../../worker/dispatcher';
import { deliveryWorkflowId } from '../../workflows/signals';
import { freshDatabase, silentLog } from '../support/db';
import { timeSkipping, type TemporalHarness } from '../support/temporal';
import { until } from '../support/until';

// The dispatcher's own first attempts: no worker runs here, so any delivery workflow would only be
// a command in the outbox (and a workflow on the test server, which the tests look for).
let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
/** Paths answer 204, or the status scripted for them; `hold` keeps a path's answers until released. */
const received: { path: string; id: string }[] = [];
const statusOf = new Map<string, number>();
let hold: { path: string; release: Promise<void> } | null = null;
const receiver = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  received.push({ path: req.url!, id: (JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id });
  if (hold && hold.path === req.url) await hold.release;
  res.writeHead(statusOf.get(req.url!) ?? 204).end();
});
let base = '';

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.close();
  await t.teardown();
  await db.drop();
});

async function workspaceWithEndpoints(paths: string[]) {
  const em = db.orm.em.fork();
  const { workspace_id } = await createUser(em, {
    email: `first-${Date.now()}-${Math.random()}@example.com`,
    workspaceName: 'First attempts',
  });
  const ids = paths.map((p) => {
    const ep = Object.assign(new WebhookEndpoint(), {
      id: newId('webhookEndpoint'),
      workspaceId: workspace_id!,
      url: `${base}${p}`,
      enabledEvents: ['*'],
      secret: `whsec_first_${p.slice(1)}`,
      apiVersion: CURRENT_VERSION,
    });
    em.persist(ep);
    return ep.id;
  });
  await em.flush();
  return { workspaceId: workspace_id!, endpointIds: ids };
}

async function commitEvents(workspaceId: string, n: number): Promise<string[]> {
  return db.orm.em.fork().transactional(async (em) =>
    Array.from(
      { length: n },
      (_, i) =>
        recordEvent(em, {
          workspaceId,
          type: 'meeting.updated',
          objectId: `mtg_first_${i}`,
          payload: { id: `mtg_first_${i}`, object: 'meeting' },
        }).id,
    ),
  );
}

const dispatcher = (opts: Partial<DispatcherOptions> = {}) =>
  startDispatcher({
    allowLoopbackWebhooks: true,
    orm: db.orm,
    log: silentLog,
    gateway: temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 5_000 }),
    databaseUrl: db.orm.config.get('clientUrl'),
    pollMs: 100,
    ...opts,
  });

const deliveryOf = async (eventId: string, endpointId: string) =>
  (
    await db.orm.em
      .fork()
      .execute<{ status: string; attempts: number; first_attempt_due: boolean }[]>(
        'select status, attempts, first_attempt_due from webhook_deliveries where event_id = ? and endpoint_id = ?',
        [eventId, endpointId],
      )
  )[0];
const commandsFor = async (workflowId: string) =>
  db.orm.em
    .fork()
    .execute<{ command: { args: [{ firstNumber?: number }] } }[]>(
      'select command from workflow_commands where workflow_id = ?',
      [workflowId],
    );

describe('first attempts made by the dispatcher', () => {
  it('When the receiver answers 2xx, then the delivery succeeds at attempt 1 with no delivery workflow at all', async () => {
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/ok']);
    const d = dispatcher();
    try {
      const [evt] = await commitEvents(workspaceId, 1);
      await until(() => deliveryOf(evt!, endpointIds[0]!), {
        what: 'the delivery succeeded',
        accept: (x) => x?.status === 'succeeded',
      });
      await d.idle();
      assert.deepEqual(
        received.filter((r) => r.id === evt).map((r) => r.path),
        ['/ok'],
      );
      assert.equal((await deliveryOf(evt!, endpointIds[0]!))!.attempts, 1);
      assert.deepEqual(await commandsFor(deliveryWorkflowId(evt!, endpointIds[0]!)), []);
      await assert.rejects(t.env.client.workflow.getHandle(deliveryWorkflowId(evt!, endpointIds[0]!)).describe());
    } finally {
      await d.stop();
    }
  });

  it('When the first attempt fails, then it is logged as attempt 1 and the delivery workflow is started for the retries at attempt 2', async () => {
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/down']);
    statusOf.set('/down', 503);
    // Temporal refuses every command here: the start waits in the outbox, where the test reads it.
    const d = dispatcher({
      gateway: {
        send: () => Promise.reject(new Error('Temporal is away')),
      } as unknown as DispatcherOptions['gateway'],
    });
    try {
      const [evt] = await commitEvents(workspaceId, 1);
      const workflowId = deliveryWorkflowId(evt!, endpointIds[0]!);
      const [start] = await until(() => commandsFor(workflowId), {
        what: 'the delivery workflow start recorded',
        accept: (rows) => rows.length > 0,
      });
      assert.equal(start!.command.args[0].firstNumber, 2);
      const delivery = await deliveryOf(evt!, endpointIds[0]!);
      assert.deepEqual(delivery, { status: 'pending', attempts: 1, first_attempt_due: false });
      assert.equal(received.filter((r) => r.id === evt).length, 1);
    } finally {
      await d.stop();
    }
  });

  it('When events of a workspace without endpoints wait among those of a workspace with one, then one fan-out marks them all dispatched and makes deliveries for the second only', async () => {
    const { workspaceId: quiet } = await workspaceWithEndpoints([]);
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/mixed']);
    const quietEvents = await commitEvents(quiet, 3);
    const wanted = await commitEvents(workspaceId, 2);
    const moreQuiet = await commitEvents(quiet, 2);
    const made = await fanOutEvents(db.orm, { batchSize: 50 });
    assert.equal(made.deliveries, 2);
    const ours = [...quietEvents, ...wanted, ...moreQuiet];
    const rows = await db.orm.em.fork().execute<{ id: string; dispatched: boolean; deliveries: number }[]>(
      `select e.id, e.dispatched_at is not null as dispatched,
           (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries
         from webhook_events e where e.id in (?) order by e.id`,
      [ours],
    );
    assert.deepEqual(
      rows.map((r) => [r.id, r.dispatched, r.deliveries]),
      ours.sort().map((id) => [id, true, wanted.includes(id) ? 1 : 0]),
    );
    for (const evt of wanted)
      assert.deepEqual(await deliveryOf(evt, endpointIds[0]!), {
        status: 'pending',
        attempts: 0,
        first_attempt_due: true,
      });
    // A dispatcher makes them (and leaves no delivery due for the tests after this one).
    const d = dispatcher();
    try {
      for (const evt of wanted)
        await until(() => deliveryOf(evt, endpointIds[0]!), {
          what: 'the delivery made',
          accept: (x) => x?.status === 'succeeded',
        });
      assert.deepEqual(
        received
          .filter((r) => r.path === '/mixed')
          .map((r) => r.id)
          .sort(),
        [...wanted].sort(),
      );
    } finally {
      await d.stop();
    }
  });

  it('When a dispatcher died holding a first attempt, then another makes it once the lease has run out, and the receiver gets it once', async () => {
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/later']);
    const [evt] = await commitEvents(workspaceId, 1);
    // The dead dispatcher: it fanned the event out and leased the attempt for 1.5 s, then vanished.
    await fanOutEvents(db.orm, { batchSize: 10 });
    const leased = await claimFirstAttempts(db.orm.em.fork(), 10, 1500);
    assert.deepEqual(
      leased.map((l) => l.event_id),
      [evt],
    );
    const d = dispatcher();
    try {
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(received.filter((r) => r.id === evt).length, 0, 'not while the lease holds');
      await until(() => deliveryOf(evt!, endpointIds[0]!), {
        what: 'the delivery made after the lease',
        accept: (x) => x?.status === 'succeeded',
      });
      assert.equal(received.filter((r) => r.id === evt).length, 1);
      assert.equal((await deliveryOf(evt!, endpointIds[0]!))!.attempts, 1);
    } finally {
      await d.stop();
    }
  });

  it('When commits keep waking the dispatcher more often than it polls, then a first attempt whose lease ran out is still made', async () => {
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/leftover']);
    const [evt] = await commitEvents(workspaceId, 1);
    // A dead dispatcher's leftover: fanned out and leased for 1 s.
    await fanOutEvents(db.orm, { batchSize: 10 });
    assert.equal((await claimFirstAttempts(db.orm.em.fork(), 10, 1000)).length, 1);
    // Another workspace, no endpoint: its events wake the dispatcher every 100 ms and make no delivery.
    const { workspaceId: quiet } = await workspaceWithEndpoints([]);
    const d = dispatcher({ pollMs: 1000 });
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        await commitEvents(quiet, 1);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      await until(() => deliveryOf(evt!, endpointIds[0]!), {
        what: 'the leftover attempt, made by a poll between the wake-ups',
        accept: (x) => x?.status === 'succeeded',
        timeoutMs: 8_000,
      });
      assert.equal(received.filter((r) => r.id === evt).length, 1);
    } finally {
      streaming = false;
      await stream;
      await d.stop();
    }
  });

  it('When one endpoint is slow, then it holds at most its share of the attempts and another endpoint’s deliveries go through meanwhile', async () => {
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/slow', '/quick']);
    let release!: () => void;
    hold = { path: '/slow', release: new Promise<void>((r) => (release = r)) };
    const d = dispatcher({ firstAttempts: { concurrency: 4, perEndpoint: 2 } });
    try {
      const events = await commitEvents(workspaceId, 4);
      // Every event goes to both endpoints: /quick gets all four while /slow holds two in flight.
      await until(() => received.filter((r) => r.path === '/quick' && events.includes(r.id)).length, {
        what: "the quick endpoint's deliveries",
        accept: (n) => n === 4,
      });
      assert.equal(received.filter((r) => r.path === '/slow' && events.includes(r.id)).length, 2);
      release();
      for (const evt of events)
        await until(() => deliveryOf(evt, endpointIds[0]!), {
          what: 'the slow endpoint served in turn',
          accept: (x) => x?.status === 'succeeded',
        });
      assert.equal(received.filter((r) => r.path === '/slow' && events.includes(r.id)).length, 4);
    } finally {
      hold = null;
      await d.stop();
    }
  });

  it('When commits come within the round gap, then a commit after a quiet moment is fanned out at once and attempts that end start the next ones without waiting out the gap', async () => {
    const { workspaceId, endpointIds } = await workspaceWithEndpoints(['/gap']);
    // One attempt at a time to the endpoint: each of the three starts only when the one before ends.
    const d = dispatcher({ roundGapMs: 4_000, pollMs: 60_000, firstAttempts: { concurrency: 64, perEndpoint: 1 } });
    try {
      await d.idle();
      // A quiet moment longer than the gap since the last round.
      await new Promise((r) => setTimeout(r, 4_100));
      const started = Date.now();
      const events = await commitEvents(workspaceId, 3);
      await until(() => Promise.all(events.map((e) => deliveryOf(e, endpointIds[0]!))), {
        what: 'the three deliveries succeeded',
        accept: (xs) => xs.every((x) => x?.status === 'succeeded'),
        intervalMs: 20,
      });
      // A second round woken by a commit could not have started before the gap: these did not wait for one.
      assert.ok(Date.now() - started < 4_000, `the three attempts took ${Date.now() - started} ms`);
      // A commit within the gap is taken by the next round, once the gap has passed.
      const [late] = await commitEvents(workspaceId, 1);
      await until(() => deliveryOf(late!, endpointIds[0]!), {
        what: 'the delivery of the event committed within the gap succeeded',
        accept: (x) => x?.status === 'succeeded',
      });
      assert.deepEqual(
        received.filter((r) => r.path === '/gap').map((r) => r.id),
        [...events, late],
      );
    } finally {
      await d.stop();
    }
  });
});
