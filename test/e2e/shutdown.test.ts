import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createUser } from '../../services/accounts';
import { projectRoot } from '../../runtime/paths';
import { freshDatabase } from '../support/db';
import { timeSkipping, withDeadline, type TemporalHarness } from '../support/temporal';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let child: ChildProcess | null = null;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await t.teardown();
  await db.drop();
});

/** The service as production runs it (both halves in one process), against this test's PostgreSQL and Temporal. */
function startService(): Promise<{ base: string; exited: Promise<number | null> }> {
  const c = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot(), 'scripts', 'start.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: t.server.address,
      TEMPORAL_TASK_QUEUE: t.taskQueue,
      PORT: '0',
      // Two API processes on any machine: both drain their requests before the rest stops.
      API_PROCESSES: '2',
      ALLOW_LOOPBACK_WEBHOOKS: 'true',
      LOG_LEVEL: 'info',
      SIGNING_SECRET: 'x'.repeat(32),
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = c;
  const exited = new Promise<number | null>((r) => c.once('exit', (code) => r(code)));
  let out = '';
  return withDeadline(
    new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /API base URL:\s+(\S+)/.exec(out);
        if (m) resolve({ base: m[1]!, exited });
      };
      c.stdout!.on('data', onData);
      c.stderr!.on('data', onData);
      void exited.then((code) => reject(new Error(`the service exited with ${code}:\n${out}`)));
    }),
    90_000,
    'the service did not print its address',
  );
}

describe('graceful shutdown', () => {
  it('When SIGTERM arrives while a request is being received and a delivery is on the wire, then both complete and the process exits 0', async () => {
    // The receiver holds the first delivery for 3 s, long enough for the signal to arrive meanwhile.
    let arrived: () => void = () => undefined;
    const onWire = new Promise<void>((r) => (arrived = r));
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        arrived();
        setTimeout(() => res.writeHead(200).end('ok'), 3_000);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const { base, exited } = await startService();
      const { api_key: key, workspace_id: workspaceId } = await createUser(db.orm.em.fork(), {
        email: 'drain@example.com',
        workspaceName: 'Drain',
      });
      const json = async (method: string, p: string, body: unknown) => {
        const res = await fetch(`${base}${p}`, {
          method,
          headers: { Authorization: key, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, string> };
      };
      const endpoint = await json('POST', '/webhook_endpoints', {
        workspace_id: workspaceId,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        enabled_events: ['meeting.created'],
      });
      assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
      const bot = await json('POST', '/bots', {
        workspace_id: workspaceId,
        meeting_url: 'https://meet.google.com/drn-abcd-efg',
        join_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      });
      assert.equal(bot.status, 201);
      await withDeadline(onWire, 30_000, 'the delivery did not reach the receiver');

      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ name: 'Created while draining' });
      const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          `${base}/workspaces`,
          {
            method: 'POST',
            headers: {
              Authorization: key,
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => child!.kill('SIGTERM'), 200);
        setTimeout(() => req.end(body.slice(10)), 1_000);
      });
      const answered = await withDeadline(inFlight, 30_000, 'the in-flight request was not answered');
      assert.equal(answered.status, 201, answered.text);
      assert.equal(JSON.parse(answered.text).name, 'Created while draining');
      assert.equal(await withDeadline(exited, 40_000, 'the process did not exit'), 0);

      const rows = await db.orm.em
        .fork()
        .execute<{ status: string; status_code: number | null }[]>(
          `select d.status, a.status_code from webhook_deliveries d join webhook_attempts a on a.event_id = d.event_id and a.endpoint_id = d.endpoint_id where d.endpoint_id = ?`,
          [endpoint.body.id],
        );
      assert.deepEqual(
        rows,
        [{ status: 'succeeded', status_code: 200 }],
        'the attempt on the wire finished and was recorded before the exit',
      );
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });
});
