/**
 * bench/changes: how long one change of a meeting takes (what each of a bot's six status and results
 * records is: BEGIN, the meeting's lock, its read, the write, COMMIT) with PostgreSQL `--delay-ms`
 * away in each direction, as across a network: a loopback proxy holds every chunk that long (and
 * delays no small write, as PostgreSQL and its poolers do not: TCP_NODELAY). The service's ORM
 * (pipelined connections: the BEGIN, the lock and the read leave together, and the write with the
 * COMMIT, which answers for it; db/orm.ts, lockedMeetingWithBots and changeMeeting's `endsTransaction`) against, as the baseline, the same ORM without pipelining, where each
 * statement waits for the answer to the one before it; the two take turns for `--rounds` rounds of
 * `--changes` changes, one after the other, of one bot's meeting.
 *   npm run bench:changes [-- --delay-ms 1 --changes 200 --rounds 3]
 * Loopback only; bounded by its counts.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/postgresql';
import { startApi } from '../../api/server';
import { createOrm, ormOptions, type Orm } from '../../db/orm';
import { createUser } from '../../services/accounts';
import { changeMeeting } from '../../services/meetings';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import { benchDatabase, cpuPerUnit, runBench } from '../support';

/** A loopback proxy to `target` that holds each chunk `ms` in each direction. */
async function delayingProxy(target: URL, ms: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.setNoDelay(true);
      sockets.add(from);
      from.on('data', (chunk) => setTimeout(() => to.write(chunk), ms));
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      'delay-ms': { type: 'string', default: '1' },
      changes: { type: 'string', default: '200' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const delayMs = Number(values['delay-ms']);
  const changes = Number(values.changes);
  const rounds = Number(values.rounds);
  for (const [name, v] of [
    ['--delay-ms', delayMs],
    ['--changes', changes],
    ['--rounds', rounds],
  ] as const)
    if (!Number.isInteger(v) || v < (name === '--delay-ms' ? 0 : 1))
      throw new Error(`${name} must be a whole number, not ${String(v)}`);

  const db = await benchDatabase('changes');
  const { orm, tmp } = db;
  // One bot, sent through the API (its meeting, settings and outbox rows as a user's).
  const { api_key, workspace_id } = await createUser(orm.em.fork(), {
    email: `bench-changes-${Date.now()}@example.com`,
    workspaceName: 'Bench',
  });
  const api = await startApi(
    {
      orm,
      config: loadConfig({ LOG_LEVEL: 'warn' }),
      log: createLogger('silent'),
      temporal: null,
      storage: new LocalStorage(path.join(tmp, 'media')),
    },
    { host: '127.0.0.1', port: 0 },
  );
  const sent = await fetch(`${api.baseUrl}/bots`, {
    method: 'POST',
    headers: { Authorization: api_key },
    body: JSON.stringify({ workspace_id, meeting_url: 'https://zoom.us/j/123456789' }),
  });
  if (sent.status !== 201) throw new Error(`POST /bots answered ${sent.status}: ${await sent.text()}`);
  const { id: botId } = (await sent.json()) as { id: string };

  const proxy = delayMs > 0 ? await delayingProxy(new URL(db.url), delayMs) : null;
  const far = new URL(db.url);
  if (proxy) {
    far.hostname = '127.0.0.1';
    far.port = String(proxy.port);
  }
  const pipelined = await createOrm(far.toString(), undefined, 2);
  const options = ormOptions(far.toString(), undefined, 2);
  const driverOptions = options.driverOptions as { connection: Record<string, unknown> };
  const unpipelined = (await MikroORM.init({
    ...options,
    driverOptions: { ...driverOptions, connection: { ...driverOptions.connection, pipeline: false } },
  })) as Orm;

  let written = 0;
  /** `n` changes one after the other: the bot's name, under its meeting's lock, with its events. */
  const run = async (on: Orm, n: number) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const name = `Notetaker ${++written}`;
      await on.em.fork().transactional((em) =>
        changeMeeting(
          em,
          { botId },
          (_meeting, bots) => {
            bots.find((b) => b.id === botId)!.botName = name;
          },
          [],
          // As a bot's records end their transactions: the write answered by the COMMIT (pipelined only).
          { endsTransaction: true },
        ),
      );
    }
    return { n, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  };
  try {
    await run(pipelined, 20); // warm-up: JIT, connections, prepared statements
    await run(unpipelined, 20);
    const figures: Record<'service' | 'baseline', { ms: number[]; cpu: string[] }> = {
      service: { ms: [], cpu: [] },
      baseline: { ms: [], cpu: [] },
    };
    for (let r = 0; r < rounds; r++) {
      for (const [key, on] of [
        ['service', pipelined],
        ['baseline', unpipelined],
      ] as const) {
        const { result, line } = await cpuPerUnit(
          'change',
          {},
          () => run(on, changes),
          (x) => x.n,
        );
        figures[key].ms.push(result.ms / result.n);
        figures[key].cpu.push(line);
      }
    }
    // Every change committed, in order: the bot reads the name of the last one.
    const [bot] = await orm.em
      .fork()
      .execute<{ bot_name: string }[]>('select bot_name from bots where id = ?', [botId]);
    if (bot?.bot_name !== `Notetaker ${written}`)
      throw new Error(`the bot reads ${bot?.bot_name}, not the last change's name (Notetaker ${written})`);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    const service = median(figures.service.ms);
    const baseline = median(figures.baseline.ms);
    process.stdout.write(
      [
        `bench/changes: ${rounds} rounds of ${changes} changes of one bot's meeting, one after the other, PostgreSQL ${delayMs} ms away each way${proxy ? ' (a loopback proxy)' : ' (direct)'}, node ${process.version}, ${os.cpus().length} cores`,
        `service (pipelined: BEGIN, lock and read together; the write with COMMIT)  ms a change: ${fmt(figures.service.ms)}; median ${service.toFixed(2)}`,
        `    ${figures.service.cpu[figures.service.ms.indexOf(service)]}`,
        `baseline (each statement waits for the one before)      ms a change: ${fmt(figures.baseline.ms)}; median ${baseline.toFixed(2)}`,
        `    ${figures.baseline.cpu[figures.baseline.ms.indexOf(baseline)]}`,
        `ratio service/baseline  time a change ${(service / baseline).toFixed(3)}`,
        `checked: ${written} changes committed in order (the bot reads the last one's name)`,
        '',
      ].join('\n'),
    );
  } finally {
    await pipelined.close(true);
    await unpipelined.close(true);
    proxy?.close();
    await api.stop();
    await db.close();
  }
}

runBench(module, main);
