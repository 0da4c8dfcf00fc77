/**
 * bench/http: requests/s and p99 latency of GET /api/v1/workspaces (key check, per-IP limit in
 * PostgreSQL, one list query) against a bare Express "hello" on the same machine, in the same run.
 *   npm run bench:http [-- --seconds 10 --connections 10]
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
import { benchDatabase, load, runBench } from '../support';

async function main() {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
  });
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
  const bareServer = http.createServer(bare);
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/hello`;

  try {
    // Warm-up so JIT and the connection pool are not measured.
    await load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, 2, connections);
    await load(bareUrl, {}, 2, connections);
    const service = await load(`${api.baseUrl}/workspaces`, { Authorization: api_key }, seconds, connections);
    const baseline = await load(bareUrl, {}, seconds, connections);
    const fmt = (n: number) => n.toFixed(1);
    process.stdout.write(
      [
        `bench/http: ${seconds}s per target, ${connections} connections, node ${process.version}, ${os.cpus().length} cores`,
        `GET /api/v1/workspaces  ${fmt(service.rps)} req/s  p50 ${service.p50} ms  p99 ${service.p99} ms  (${service.total} requests)`,
        `bare express /hello     ${fmt(baseline.rps)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms  (${baseline.total} requests)`,
        `ratio service/bare      throughput ${(service.rps / baseline.rps).toFixed(3)}  p99 ${(service.p99 / Math.max(baseline.p99, 1)).toFixed(2)}x`,
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
