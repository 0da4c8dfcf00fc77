/**
 * bench/http: requests/s and p99 latency of GET /api/v1/workspaces (key check, per-IP limit in
 * PostgreSQL, one list query) against a bare Express "hello" on the same machine, in the same run
 * (the baseline: the app served as `http.createServer(app)` serves it), the same "hello" on
 * the service's own server (api/server.ts `expressServer`: requests made with the app's prototypes),
 * and, to show the floor one database read sets, a bare Express route making one `select 1` as the
 * service makes its hot reads (prepared, on the pool's shared reader: bench/http/bare.ts), on the
 * service's server; then the same four as the service runs by
 * default: the API as `npm run start:api` runs it (one API process per core) against the baselines
 * in as many processes (bench/http/bare-cluster.ts).
 *   npm run bench:http [-- --seconds 10 --connections 10 --rounds 3]
 * With BENCH_CPU_PROFILE=<dir>, one more load of the service is profiled (<dir>/workspaces.cpuprofile).
 * Loopback only; each run is bounded by --seconds.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expressServer, startApi } from '../../api/server';
import { bareApp } from './bare';
import { createUser } from '../../services/accounts';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import {
  benchDatabase,
  cpuPerUnit,
  load,
  loadInRounds,
  profiled,
  runBench,
  spawnApi,
  spawnUntil,
  startNodeFlags,
} from '../support';

/** bench/http/bare-cluster.ts: the baselines in `processes` processes on one port, once all listen. */
async function bareCluster(processes: number, databaseUrl: string) {
  const { freePort } = await import('../../runtime/net');
  const port = await freePort();
  const servicePort = await freePort();
  const { stop, pid } = await spawnUntil(
    'the bare cluster',
    [...startNodeFlags('api'), '--import', 'tsx', path.join(__dirname, 'bare-cluster.ts')],
    {
      ...process.env,
      PROCESSES: String(processes),
      PORT: String(port),
      SERVICE_PORT: String(servicePort),
      DATABASE_URL: databaseUrl,
    },
    new RegExp(`listening ${port}`),
    60_000,
  );
  return { url: `http://127.0.0.1:${port}`, serviceUrl: `http://127.0.0.1:${servicePort}`, pid, stop };
}

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

  // The baseline as Express serves an app, and the same app on the service's server (the floor's).
  const bareServer = http.createServer(bareApp(orm));
  const serviceServer = expressServer(bareApp(orm));
  const listening = async (server: http.Server) => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const bareUrl = `${await listening(bareServer)}/hello`;
  const onServiceServer = await listening(serviceServer);
  const fastBareUrl = `${onServiceServer}/hello`;
  const oneQueryUrl = `${onServiceServer}/one-query`;

  let served: Awaited<ReturnType<typeof spawnApi>> | null = null;
  let bares: Awaited<ReturnType<typeof bareCluster>> | null = null;
  try {
    // What is measured answers what it should: the key's one workspace, and the floor's one row.
    const listed = await fetch(`${api.baseUrl}/workspaces`, { headers: { Authorization: api_key } });
    const list = (await listed.json()) as { data?: { object: string }[] };
    if (listed.status !== 200 || list.data?.length !== 1 || list.data[0]!.object !== 'workspace')
      throw new Error(`unexpected answer ${listed.status}: ${JSON.stringify(list).slice(0, 300)}`);
    const one = (await (await fetch(oneQueryUrl)).json()) as { one?: number };
    if (one.one !== 1) throw new Error(`unexpected floor answer ${JSON.stringify(one)}`);
    // The same four as the service runs by default: the API as `npm run start:api` runs it (one API
    // process per core), and the baselines in as many processes, sharing ports the same way.
    served = await spawnApi({ DATABASE_URL: db.url });
    bares = await bareCluster(served.processes, db.url);
    const servedUrl = `${served.baseUrl}/workspaces`;
    const listedThere = await fetch(servedUrl, { headers: { Authorization: api_key } });
    if (listedThere.status !== 200 || JSON.stringify(await listedThere.json()) !== JSON.stringify(list))
      throw new Error(`start:api answered another list (${listedThere.status})`);
    // Warm-up so JIT and the connection pool are not measured.
    await load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, 2, connections);
    await load(bareUrl, {}, 2, connections);
    await load(fastBareUrl, {}, 2, connections);
    await load(oneQueryUrl, {}, 2, connections);
    await load(servedUrl, { Authorization: api_key }, 2, connections);
    await load(`${bares.url}/hello`, {}, 2, connections);
    await load(`${bares.serviceUrl}/hello`, {}, 2, connections);
    await load(`${bares.serviceUrl}/one-query`, {}, 2, connections);
    /** A load, with where the machine's CPU went per request (the API processes: those of `api`). */
    const metered = async (url: string, headers: Record<string, string>, api?: number) => {
      const { result, line } = await cpuPerUnit(
        'request',
        api ? { api } : {},
        () => load(url, headers, seconds, connections),
        (r) => r.total,
      );
      return { ...result, cpu: line };
    };
    const { runs, median } = await loadInRounds(rounds, {
      service: () => metered(`${api.baseUrl}/workspaces`, { Authorization: api_key }),
      baseline: () => metered(bareUrl, {}),
      fastBare: () => metered(fastBareUrl, {}),
      floor: () => metered(oneQueryUrl, {}),
      servedN: () => metered(servedUrl, { Authorization: api_key }, served!.pid),
      bareN: () => metered(`${bares!.url}/hello`, {}, bares!.pid),
      fastBareN: () => metered(`${bares!.serviceUrl}/hello`, {}, bares!.pid),
      floorN: () => metered(`${bares!.serviceUrl}/one-query`, {}, bares!.pid),
    });
    const { service, baseline, fastBare, floor, servedN, bareN, fastBareN, floorN } = median;
    const n = served.processes;
    // BENCH_CPU_PROFILE=<dir>: one more load of the service, under the profiler (not counted).
    if (process.env.BENCH_CPU_PROFILE)
      await profiled('workspaces', () =>
        load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, seconds, connections),
      );
    const fmt = (n: number) => n.toFixed(1);
    type Loaded = (typeof runs.service)[number];
    /** The figures of one way of running: the service and its three baselines, each round and the median. */
    const figures = (rs: Loaded[][], [svc, bare, fast, one]: Loaded[]) => [
      `  rounds (req/s): service ${rs[0]!.map((x) => fmt(x.rps)).join(', ')}; bare ${rs[1]!.map((x) => fmt(x.rps)).join(', ')}; bare on the service's server ${rs[2]!.map((x) => fmt(x.rps)).join(', ')}; bare + 1 query ${rs[3]!.map((x) => fmt(x.rps)).join(', ')}`,
      ...(
        [
          ['GET /api/v1/workspaces         ', svc!],
          ['bare express /hello            ', bare!],
          ["the same, the service's server ", fast!],
          ['bare express + 1 query (same)  ', one!],
        ] as const
      ).flatMap(([label, x]) => [
        `${label} ${fmt(x.rps)} req/s  p50 ${x.p50} ms  p99 ${x.p99} ms  (${x.total} requests)`,
        `    ${x.cpu}`,
      ]),
      `ratio service/bare      throughput ${(svc!.rps / bare!.rps).toFixed(3)}  p99 ${(svc!.p99 / Math.max(bare!.p99, 1)).toFixed(2)}x`,
      `ratio service/(bare + 1 query)  throughput ${(svc!.rps / one!.rps).toFixed(3)}`,
      `ratio bare on the service's server/bare  throughput ${(fast!.rps / bare!.rps).toFixed(3)}`,
    ];
    process.stdout.write(
      [
        `bench/http: ${rounds} rounds of ${seconds}s per target (median round shown), ${connections} connections, node ${process.version}, ${os.cpus().length} cores`,
        ...figures([runs.service, runs.baseline, runs.fastBare, runs.floor], [service, baseline, fastBare, floor]),
        `${n} processes each (start:api with API_PROCESSES unset, the baselines sharing ports the same way):`,
        ...figures([runs.servedN, runs.bareN, runs.fastBareN, runs.floorN], [servedN, bareN, fastBareN, floorN]),
        '',
      ].join('\n'),
    );
  } finally {
    await served?.stop();
    await bares?.stop();
    await api.stop();
    bareServer.close();
    serviceServer.close();
    await db.close();
  }
}

runBench(module, main);
