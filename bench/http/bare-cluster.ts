/**
 * The baselines of bench/http (bare.ts) in as many processes as the API gets (PROCESSES), sharing
 * ports as the API's cluster does, each with an ORM pool of its own: on PORT as `http.createServer`
 * serves an Express app, on SERVICE_PORT as the service's server does (api/server.ts
 * `expressServer`). Prints `listening <port>` once every process listens on both; stops on SIGTERM.
 *   PROCESSES=2 PORT=… SERVICE_PORT=… DATABASE_URL=… node --import tsx bench/http/bare-cluster.ts
 */
import cluster from 'node:cluster';
import http from 'node:http';
import { expressServer } from '../../api/server';
import { createOrm } from '../../db/orm';
import { bareApp } from './bare';

const processes = Number(process.env.PROCESSES ?? 1);
const port = Number(process.env.PORT);
const servicePort = Number(process.env.SERVICE_PORT);

if (cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < processes; i += 1)
    cluster.fork().on('message', (m: unknown) => {
      if (m === 'listening' && ++listening === processes) process.stdout.write(`listening ${port}\n`);
    });
  cluster.on('exit', (_worker, code) => {
    if (code !== 0) process.exit(1);
  });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  void (async () => {
    const orm = await createOrm(process.env.DATABASE_URL!);
    const listen = (server: http.Server, on: number) =>
      new Promise<void>((resolve) => server.listen(on, '127.0.0.1', resolve));
    await listen(http.createServer(bareApp(orm)), port);
    await listen(expressServer(bareApp(orm)), servicePort);
    process.send!('listening');
    process.on('SIGTERM', () => process.exit(0));
  })();
}
