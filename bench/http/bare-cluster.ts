/**
 * The baselines of bench/http (bare.ts) in as many processes as the API gets (PROCESSES), sharing one
 * port as the API's cluster does, each with an ORM pool of its own. Prints `listening <port>` once
 * every process listens; stops on SIGTERM.
 *   PROCESSES=2 PORT=… DATABASE_URL=… node --import tsx bench/http/bare-cluster.ts
 */
import cluster from 'node:cluster';
import http from 'node:http';
import { createOrm } from '../../db/orm';
import { bareApp } from './bare';

const processes = Number(process.env.PROCESSES ?? 1);
const port = Number(process.env.PORT);

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
    http.createServer(bareApp(orm)).listen(port, '127.0.0.1', () => process.send!('listening'));
    process.on('SIGTERM', () => process.exit(0));
  })();
}
