/**
 * bench/http: requests/s and p99 latency of GET /api/v1/workspaces (key check, per-IP limit in
 * PostgreSQL, one list query) against a bare Express "hello" on the same machine, in the same run,
 * and, to show the floor one database read sets, a bare Express route making one `select 1` through
 * the same ORM connection pool.
 *   npm run bench:http [-- --seconds 10 --connections 10 --rounds 3]
 * With BENCH_CPU_PROFILE=<dir>, one more load of the service is profiled (<dir>/workspaces.cpuprofile).
 * Loopback only; each run is bounded by --seconds.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import express from 'express';
import { startApi } from '../../api/server';
import { createUser } from '../../services/accounts';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import { benchDatabase, load, loadInRounds, profiled, runBench } from '../support';

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const db = await benchDatabase('http');
  const { orm, tmp } = db;
  const { api_key } = await createUser(orm.em.fork(), {
    email: `bench-${Date.now()}@example.com`,
    workspaceName: 'Bench',
  });
  const config = loadConfig({ LOG_LEVEL: 'warn', RATE_LIMIT_IP_PER_MINUTE: '100000000' });
  const api = await startApi(
    { orm, config, log: createLogger('silent'), temporal: null, storage: new LocalStorage(path.join(tmp, 'media')) },
    { host: '127.0.0.1', port: 0 },
  );

  const bare = express();
  bare.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  // The floor of any endpoint that reads the database once: Express, one statement through the ORM's pool, JSON.
  bare.get('/one-query', async (_req, res) => {
    const rows = await orm.em.fork().execute<{ one: number }[]>('select 1 as one');
    res.json({ one: rows[0]!.one });
  });
  const bareServer = http.createServer(bare);
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/hello`;
  const oneQueryUrl = bareUrl.replace(/\/hello$/, '/one-query');

  try {
    // What is measured answers what it should: the key's one workspace, and the floor's one row.
    const listed = await fetch(`${api.baseUrl}/workspaces`, { headers: { Authorization: api_key } });
    const list = (await listed.json()) as { data?: { object: string }[] };
    if (listed.status !== 200 || list.data?.length !== 1 || list.data[0]!.object !== 'workspace')
      throw new Error(`unexpected answer ${listed.status}: ${JSON.stringify(list).slice(0, 300)}`);
    const one = (await (await fetch(oneQueryUrl)).json()) as { one?: number };
    if (one.one !== 1) throw new Error(`unexpected floor answer ${JSON.stringify(one)}`);
    // Warm-up so JIT and the connection pool are not measured.
    await load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, 2, connections);
    await load(bareUrl, {}, 2, connections);
    await load(oneQueryUrl, {}, 2, connections);
    const { runs, median } = await loadInRounds(rounds, {
      service: () => load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, seconds, connections),
      baseline: () => load(bareUrl, {}, seconds, connections),
      floor: () => load(oneQueryUrl, {}, seconds, connections),
    });
    const { service, baseline, floor } = median;
    // BENCH_CPU_PROFILE=<dir>: one more load of the service, under the profiler (not counted).
    if (process.env.BENCH_CPU_PROFILE)
      await profiled('workspaces', () =>
        load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, seconds, connections),
      );
    const fmt = (n: number) => n.toFixed(1);
    process.stdout.write(
      [
        `bench/http: ${rounds} rounds of ${seconds}s per target (median round shown), ${connections} connections, node ${process.version}, ${os.cpus().length} cores`,
        `  rounds (req/s): service ${runs.service.map((x) => fmt(x.rps)).join(', ')}; bare ${runs.baseline.map((x) => fmt(x.rps)).join(', ')}; bare + 1 query ${runs.floor.map((x) => fmt(x.rps)).join(', ')}`,
        `GET /api/v1/workspaces  ${fmt(service.rps)} req/s  p50 ${service.p50} ms  p99 ${service.p99} ms  (${service.total} requests)`,
        `bare express /hello     ${fmt(baseline.rps)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms  (${baseline.total} requests)`,
        `bare express + 1 query  ${fmt(floor.rps)} req/s  p50 ${floor.p50} ms  p99 ${floor.p99} ms  (${floor.total} requests)`,
        `ratio service/bare      throughput ${(service.rps / baseline.rps).toFixed(3)}  p99 ${(service.p99 / Math.max(baseline.p99, 1)).toFixed(2)}x`,
        `ratio service/(bare + 1 query)  throughput ${(service.rps / floor.rps).toFixed(3)}`,
        '',
      ].join('\n'),
    );
  } finally {
    await api.stop();
    bareServer.close();
    await db.close();
  }
}

runBench(module, main);
