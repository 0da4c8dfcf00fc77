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
import { startWorker, timeSkipping, type TemporalHarness } from '../support/temporal';
import { until } from '../support/until';

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
  it('When the worker process dies while its dispatcher has a first attempt on the wire, then once the lease has run out another worker makes the attempt again and it is logged once', async () => {
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
    // The worker process's dispatcher fans the event out and makes its first attempt.
    await firstArrived;
    child.kill('SIGKILL');
    await exited;
    const delivery = async () =>
      (
        await db.orm.em
          .fork()
          .execute<{ status: string; attempts: number; first_attempt_due: boolean; leased: boolean }[]>(
            'select status, attempts, first_attempt_due, leased_until > now() as leased from webhook_deliveries where event_id = ? and endpoint_id = ?',
            [event.id, endpoint.id],
          )
      )[0]!;
    assert.deepEqual(await delivery(), { status: 'pending', attempts: 0, first_attempt_due: true, leased: true });

    const worker = await startWorker(t, db.orm, { sticky: false });
    try {
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(seen.length, 1, 'nobody takes the attempt while the dead dispatcher’s lease holds');
      // The lease (60 s) runs out.
      await db.orm.em
        .fork()
        .execute('update webhook_deliveries set leased_until = now() where event_id = ? and endpoint_id = ?', [
          event.id,
          endpoint.id,
        ]);
      await until(delivery, { what: 'the delivery made again', accept: (d) => d.status === 'succeeded' });
      assert.deepEqual(seen, [event.id, event.id], 'the same event, once on the dead attempt and once delivered');
      const attempts = await db.orm.em
        .fork()
        .execute<{ number: number; status_code: number | null }[]>(
          'select number, status_code from webhook_attempts where event_id = ? order by number',
          [event.id],
        );
      assert.deepEqual(
        attempts.map((a) => [a.number, a.status_code]),
        [[1, 200]],
        'the killed attempt left no record; the one made again is attempt 1',
      );
      await assert.rejects(
        t.env.client.workflow.getHandle(deliveryWorkflowId(event.id, endpoint.id)).describe(),
        'a delivery that succeeded at its first attempt has no workflow',
      );
    } finally {
      receiver.closeAllConnections();
      receiver.close();
      await worker.stop();
    }
  });
});
