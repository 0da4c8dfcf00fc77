import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { WebhookEndpoint } from '../../db/entities';
import { recordEvent } from '../../db/outbox';
import { newId } from '../../domain/ids';
import { CURRENT_VERSION } from '../../domain/versions';
import { projectRoot } from '../../runtime/paths';
import { deliveryWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { freshDatabase } from '../support/db';
import { resultOf, startWorker, timeSkipping, type TemporalHarness } from '../support/temporal';

/** A child that is not itself a test file of node's runner. */

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

describe('a worker killed mid-delivery', () => {
  it('When the worker process dies while a delivery is on the wire, then the attempt times out and a new worker delivers the event', async () => {
    // The receiver holds the first request open (the worker dies meanwhile) and acknowledges the next.
    const seen: string[] = [];
    let onFirst: () => void = () => undefined;
    const firstArrived = new Promise<void>((r) => (onFirst = r));
    const receiver = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      seen.push((JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id);
      if (seen.length === 1) onFirst();
      else res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));

    const me = await givenAccount(db);
    const em = db.orm.em.fork();
    const endpoint = Object.assign(new WebhookEndpoint(), {
      id: newId('webhookEndpoint'),
      workspaceId: me.workspaceId,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      enabledEvents: ['*'],
      secret: 'whsec_crash_test',
      apiVersion: CURRENT_VERSION,
    });
    em.persist(endpoint);
    await em.flush();

    // A worker in a process of its own, as production runs it.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot(), 'scripts', 'start.ts'), '--only=worker'],
      {
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          TEMPORAL_ADDRESS: t.server.address,
          TEMPORAL_TASK_QUEUE: t.taskQueue,
          ALLOW_LOOPBACK_WEBHOOKS: 'true',
          WORKER_MAX_CACHED_WORKFLOWS: '0',
          LOG_LEVEL: 'silent',
          SIGNING_SECRET: 'x'.repeat(32),
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    const event = await db.orm.em.fork().transactional(async (tem) =>
      recordEvent(tem, {
        workspaceId: me.workspaceId,
        type: 'meeting.updated',
        objectId: 'mtg_crash',
        payload: { id: 'mtg_crash' },
      }),
    );
    // The worker process's dispatcher fans the event out and starts its delivery.
    await firstArrived;
    child.kill('SIGKILL');
    await exited;

    const worker = await startWorker(t, db.orm, { sticky: false });
    try {
      const result = await resultOf(t, deliveryWorkflowId(event.id, endpoint.id));
      assert.equal(result, 'succeeded');
      assert.deepEqual(seen, [event.id, event.id], 'the same event, once on the dead attempt and once delivered');
      const attempts = await db.orm.em
        .fork()
        .execute<{ number: number; status_code: number | null }[]>(
          'select number, status_code from webhook_attempts where event_id = ? order by number',
          [event.id],
        );
      assert.deepEqual(
        attempts.map((a) => [a.number, a.status_code]),
        [[2, 200]],
        'the killed attempt left no record; the next one is number 2',
      );
    } finally {
      receiver.closeAllConnections();
      receiver.close();
      await worker.stop();
    }
  });
});
