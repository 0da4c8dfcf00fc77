/**
 * bench/webhooks: deliveries per second and latency from the change's commit to the receiver's 2xx,
 * for 1 and 10 endpoints, through the real path (outbox row → NOTIFY on commit → listener → delivery
 * workflow on the dev server → signed POST), against plain HTTP POSTs from one Node process to the
 * same loopback receiver in the same run.
 *   npm run bench:webhooks [-- --events 200]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createUser } from '../../services/accounts';
import { WebhookEndpoint } from '../../db/entities';
import { recordEvent } from '../../db/outbox';
import { newId } from '../../domain/ids';
import { CURRENT_VERSION } from '../../domain/versions';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { benchDatabase, benchTemporal, percentile, runBench } from '../support';
import { startDispatcher } from '../../worker/dispatcher';
import { temporalGateway } from '../../runtime/temporal-gateway';

async function main() {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '200' } } });
  const events = Number(values.events);
  const log = createLogger('warn');
  const db = await benchDatabase('webhooks');
  const { orm } = db;
  const config = loadConfig({ ALLOW_LOOPBACK_WEBHOOKS: 'true', TEMPORAL_TASK_QUEUE: 'bench' });
  const temporal = await benchTemporal(db, config, log);
  const client = temporal.client;
  const dispatcher = startDispatcher({
    orm,
    log,
    gateway: temporalGateway(client, { taskQueue: 'bench', deadlineMs: 5000 }),
    databaseUrl: db.url,
  });

  // The receiver answers 204 at once and notes when each (event, endpoint) arrived.
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id;
      arrivals.set(`${id}${req.url}`, Date.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const lines: string[] = [
    `bench/webhooks: ${events} events per run, dev server, loopback receiver, node ${process.version}, ${os.cpus().length} cores`,
  ];

  try {
    for (const endpointsCount of [1, 10]) {
      const { workspace_id } = await createUser(orm.em.fork(), {
        email: `bench-${endpointsCount}@example.com`,
        workspaceName: `Bench ${endpointsCount}`,
      });
      const em = orm.em.fork();
      for (let i = 0; i < endpointsCount; i++) {
        em.persist(
          Object.assign(new WebhookEndpoint(), {
            id: newId('webhookEndpoint'),
            workspaceId: workspace_id!,
            url: `${receiverUrl}/e${i}`,
            enabledEvents: ['meeting.updated'],
            secret: `whsec_bench_${i}`,
            apiVersion: CURRENT_VERSION,
          }),
        );
      }
      await em.flush();
      arrivals.clear();
      const committedAt = new Map<string, number>();
      const started = Date.now();
      for (let i = 0; i < events; i++) {
        // The change's own transaction: the event row commits with it.
        const id = await orm.em.fork().transactional(
          async (tem) =>
            recordEvent(tem, {
              workspaceId: workspace_id!,
              type: 'meeting.updated',
              objectId: `mtg_bench_${i}`,
              payload: { id: `mtg_bench_${i}`, object: 'meeting' },
            }).id,
        );
        committedAt.set(id, Date.now());
      }
      const expected = events * endpointsCount;
      const deadline = Date.now() + 10 * 60_000;
      while (arrivals.size < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const seconds = (Math.max(...arrivals.values()) - started) / 1000;
      const latencies = [...arrivals.entries()].map(
        ([key, at]) => at - committedAt.get(key.slice(0, key.indexOf('/')))!,
      );
      lines.push(
        `${String(endpointsCount).padStart(2)} endpoint(s): ${arrivals.size}/${expected} deliveries in ${seconds.toFixed(1)} s = ${(arrivals.size / seconds).toFixed(1)} deliveries/s; commit → 2xx p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`,
      );
    }

    // Baseline: the same number of POSTs from one process, 10 at a time.
    const total = events * 10;
    const baseLat: number[] = [];
    const t0 = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < total) {
          const n = next++;
          const s = Date.now();
          const res = await fetch(`${receiverUrl}/base`, {
            method: 'POST',
            body: JSON.stringify({ id: `evt_base_${n}` }),
          });
          await res.arrayBuffer();
          baseLat.push(Date.now() - s);
        }
      }),
    );
    const baseSeconds = (Date.now() - t0) / 1000;
    const baseRate = total / baseSeconds;
    lines.push(
      `baseline plain POSTs: ${total} in ${baseSeconds.toFixed(1)} s = ${baseRate.toFixed(1)} /s; p50 ${percentile(baseLat, 50)} ms, p99 ${percentile(baseLat, 99)} ms`,
    );
    const last = lines[2]!.match(/= ([\d.]+) deliveries/)!;
    lines.push(`ratio (10 endpoints / baseline throughput): ${(Number(last[1]) / baseRate).toFixed(3)}`, '');
    process.stdout.write(lines.join('\n'));
  } finally {
    receiver.close();
    await dispatcher.stop();
    await temporal.close();
    await db.close();
  }
}

runBench(module, main);
