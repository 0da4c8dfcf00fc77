/**
 * bench/webhooks: deliveries through the real path (event row committed with its change → NOTIFY
 * → the dispatcher's fan-out → the dispatcher's first attempt, a signed POST to a loopback
 * receiver), against plain HTTP POSTs from one Node process to the same receiver in the same run.
 *   npm run bench:webhooks [-- --rate 100 --seconds 10 --events 500]
 * (1) one endpoint at an offered `--rate` events/s for `--seconds`: commit → 2xx latency;
 * (2) ten endpoints, `--events` events committed at once by ten writers: deliveries/s sustained.
 * It fails unless every delivery arrived with a valid signature and every POST the receiver got is
 * an attempt the delivery log records (nothing lost, nothing sent unrecorded), all succeeded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createUser } from '../../services/accounts';
import { WebhookEndpoint } from '../../db/entities';
import { recordEvent } from '../../db/outbox';
import type { Orm } from '../../db/orm';
import { newId } from '../../domain/ids';
import { hmacHex } from '../../domain/webhooks/signature';
import { CURRENT_VERSION } from '../../domain/versions';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { benchDatabase, benchTemporal, percentile, runBench } from '../support';
import { startDispatcher } from '../../worker/dispatcher';
import { temporalGateway } from '../../runtime/temporal-gateway';

/** The receiver: answers 204 at once, checks each signature, notes when each (event, endpoint) arrived. */
function receiver(secrets: Map<string, string>) {
  const arrivals = new Map<string, number>();
  let received = 0;
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const secret = secrets.get(req.url ?? '');
      if (!secret || req.headers['x-webhook-signature'] !== `sha256=${hmacHex(secret, body)}`) badSignatures++;
      const id = (JSON.parse(body.toString()) as { id: string }).id;
      received++;
      if (!arrivals.has(`${id}${req.url}`)) arrivals.set(`${id}${req.url}`, Date.now());
      res.writeHead(204).end();
    });
  });
  return { server, arrivals, stats: () => ({ received, badSignatures }) };
}

async function endpoints(orm: Orm, workspaceId: string, base: string, count: number, secrets: Map<string, string>) {
  const em = orm.em.fork();
  for (let i = 0; i < count; i++) {
    const path = `/w${workspaceId.slice(-6)}-e${i}`;
    const secret = `whsec_bench_${workspaceId}_${i}`;
    secrets.set(path, secret);
    em.persist(
      Object.assign(new WebhookEndpoint(), {
        id: newId('webhookEndpoint'),
        workspaceId,
        url: `${base}${path}`,
        enabledEvents: ['meeting.updated'],
        secret,
        apiVersion: CURRENT_VERSION,
      }),
    );
  }
  await em.flush();
}

/** One change's own transaction: the event row commits with it. */
async function commitEvent(orm: Orm, workspaceId: string, n: number): Promise<string> {
  return orm.em.fork().transactional(
    async (tem) =>
      recordEvent(tem, {
        workspaceId,
        type: 'meeting.updated',
        objectId: `mtg_bench_${n}`,
        payload: { id: `mtg_bench_${n}`, object: 'meeting', title: `Meeting ${n}` },
      }).id,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '10' },
      events: { type: 'string', default: '500' },
    },
  });
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const burst = Number(values.events);
  const log = createLogger('warn');
  const db = await benchDatabase('webhooks');
  const { orm } = db;
  const config = loadConfig({ ALLOW_LOOPBACK_WEBHOOKS: 'true', TEMPORAL_TASK_QUEUE: 'bench' });
  const temporal = await benchTemporal(db, config, log);
  const dispatcher = startDispatcher({
    allowLoopbackWebhooks: true,
    orm,
    log,
    gateway: temporalGateway(temporal.client, { taskQueue: 'bench', deadlineMs: 5000 }),
    databaseUrl: db.url,
  });
  const secrets = new Map<string, string>();
  const r = receiver(secrets);
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
  const lines: string[] = [
    `bench/webhooks: dev server, loopback receiver, node ${process.version}, ${os.cpus().length} cores`,
  ];
  const waitFor = async (expected: number) => {
    const deadline = Date.now() + 10 * 60_000;
    while (r.arrivals.size < expected && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 20));
    if (r.arrivals.size < expected) throw new Error(`only ${r.arrivals.size} of ${expected} deliveries arrived`);
  };
  const latencies = (committedAt: Map<string, number>) =>
    [...r.arrivals.entries()].map(([key, at]) => at - committedAt.get(key.slice(0, key.indexOf('/')))!);

  try {
    // (1) One endpoint, events offered at a steady rate.
    const one = (await createUser(orm.em.fork(), { email: 'bench-1@example.com', workspaceName: 'Bench 1' }))
      .workspace_id!;
    await endpoints(orm, one, base, 1, secrets);
    r.arrivals.clear();
    const committed1 = new Map<string, number>();
    const total1 = Math.round(rate * seconds);
    const t1 = Date.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total1; i++) {
      const due = t1 + (i * 1000) / rate;
      if (due > Date.now()) await new Promise((ok) => setTimeout(ok, due - Date.now()));
      writes.push(commitEvent(orm, one, i).then((id) => void committed1.set(id, Date.now())));
    }
    await Promise.all(writes);
    const offered = total1 / ((Date.now() - t1) / 1000);
    await waitFor(total1);
    const lat1 = latencies(committed1);
    lines.push(
      ` 1 endpoint at ${offered.toFixed(0)} events/s offered: ${r.arrivals.size}/${total1} deliveries; commit → 2xx p50 ${percentile(lat1, 50)} ms, p99 ${percentile(lat1, 99)} ms`,
    );

    // (2) Ten endpoints, a burst committed by ten writers at once.
    const ten = (await createUser(orm.em.fork(), { email: 'bench-10@example.com', workspaceName: 'Bench 10' }))
      .workspace_id!;
    await endpoints(orm, ten, base, 10, secrets);
    r.arrivals.clear();
    const committed10 = new Map<string, number>();
    const t10 = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < burst) {
          const n = total1 + next++;
          committed10.set(await commitEvent(orm, ten, n), Date.now());
        }
      }),
    );
    const expected10 = burst * 10;
    await waitFor(expected10);
    const s10 = (Math.max(...r.arrivals.values()) - t10) / 1000;
    const rate10 = expected10 / s10;
    const lat10 = latencies(committed10);
    lines.push(
      `10 endpoints, ${burst} events at once: ${expected10} deliveries in ${s10.toFixed(1)} s = ${rate10.toFixed(1)} deliveries/s; commit → 2xx p50 ${percentile(lat10, 50)} ms, p99 ${percentile(lat10, 99)} ms`,
    );

    // Every POST received is an attempt the log records; every delivery succeeded; every signature verified.
    await dispatcher.idle();
    const [log1] = await orm.em
      .fork()
      .execute<{ attempts: number; deliveries: number; succeeded: number }[]>(
        `select (select count(*)::int from webhook_attempts) as attempts, count(*)::int as deliveries, count(*) filter (where status = 'succeeded')::int as succeeded from webhook_deliveries`,
      );
    const { received, badSignatures } = r.stats();
    if (badSignatures > 0) throw new Error(`${badSignatures} deliveries arrived with a bad signature`);
    if (log1!.deliveries !== total1 + expected10 || log1!.succeeded !== log1!.deliveries)
      throw new Error(`deliveries ${log1!.deliveries}, succeeded ${log1!.succeeded}: expected ${total1 + expected10}`);
    if (received !== log1!.attempts)
      throw new Error(`the receiver got ${received} POSTs but the log records ${log1!.attempts} attempts`);
    const [wf] = await orm.em
      .fork()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from workflow_commands where workflow_id like 'webhook-delivery/%'`,
      );
    lines.push(
      `checked: ${received} POSTs received = ${log1!.attempts} attempts logged, ${log1!.succeeded} deliveries succeeded, every signature valid; delivery workflows started: ${wf!.n} (retries only)`,
    );

    // Baseline: the same number of POSTs from one process, 10 at a time.
    const baseLat: number[] = [];
    const t0 = Date.now();
    let b = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (b < expected10) {
          const n = b++;
          const s = Date.now();
          const res = await fetch(`${base}/base`, { method: 'POST', body: JSON.stringify({ id: `evt_base_${n}` }) });
          await res.arrayBuffer();
          baseLat.push(Date.now() - s);
        }
      }),
    );
    const baseSeconds = (Date.now() - t0) / 1000;
    const baseRate = expected10 / baseSeconds;
    lines.push(
      `baseline plain POSTs: ${expected10} in ${baseSeconds.toFixed(1)} s = ${baseRate.toFixed(1)} /s; p50 ${percentile(baseLat, 50)} ms, p99 ${percentile(baseLat, 99)} ms`,
      `ratio (10 endpoints / baseline throughput): ${(rate10 / baseRate).toFixed(3)}`,
      '',
    );
    process.stdout.write(lines.join('\n'));
  } finally {
    r.server.close();
    await dispatcher.stop();
    await temporal.close();
    await db.close();
  }
}

runBench(module, main);
