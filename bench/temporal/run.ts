/**
 * bench/temporal: what one Temporal step costs on this machine, the bound under the bots' lifecycle.
 * Workflows that each take one kind of step three times (1 ms timers, activity tasks, local
 * activities, search attribute upserts) run on a dev server against the empty workflow, the
 * baseline, in the same run; the kinds take turns for `--rounds` rounds and each figure is the
 * kind's median round. Prints workflows/s and the CPU per workflow of the Temporal server and of
 * this process (client and worker), then what one step costs beyond the empty workflow.
 *   npm run bench:temporal [-- --workflows 300 --concurrency 25 --rounds 3 --store memory|file]
 * `--store file`: the dev server keeps its state in a file, as `npm start` runs it.
 * Loopback only; fails unless every workflow completed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createLogger } from '../../runtime/logger';
import { workerClient } from '../../runtime/temporal-gateway';
import { benchDevServer, cpuPerUnit, runBench, storeOption } from '../support';
import { STEPS } from './workflows';

const KINDS = ['empty', 'timers', 'activityTasks', 'localActivities', 'upserts'] as const;
type Kind = (typeof KINDS)[number];
type Figures = { perSecond: number; server: number; here: number };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workflows: { type: 'string', default: '300' },
      concurrency: { type: 'string', default: '25' },
      rounds: { type: 'string', default: '3' },
      store: { type: 'string', default: 'memory' },
    },
  });
  const store = storeOption(values.store);
  const total = Number(values.workflows);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  for (const [name, n] of Object.entries({ workflows: total, concurrency, rounds }))
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  const log = createLogger('warn');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-temporal-'));
  const temporal = await benchDevServer(log, store === 'file' ? tmp : undefined);
  const connection = await NativeConnection.connect({ address: temporal.address });
  try {
    // As the service's worker process does: starts through the worker's connection, eager when it can.
    const client = workerClient(connection, 'default');
    const worker = await Worker.create({
      connection,
      taskQueue: 'bench-temporal',
      workflowsPath: require.resolve('./workflows'),
      activities: { noop: async () => undefined },
    });
    const running = worker.run();
    const runs = Object.fromEntries(KINDS.map((k) => [k, [] as Figures[]])) as Record<Kind, Figures[]>;
    // What the server and this process spend with nothing to do (the server's queues poll; a 1 ms
    // timer fires about a second later on the dev server, so the timers' runs last longer): taken
    // off every run in proportion to its length, so that each figure is the work of its workflows.
    const idleSeconds = 3;
    const idle = (
      await cpuPerUnit(
        's',
        {},
        () => new Promise((r) => setTimeout(r, idleSeconds * 1000)),
        () => idleSeconds,
      )
    ).perUnit;
    const idleMs = (role: string) => idle[role] ?? 0;
    try {
      for (let round = 0; round < rounds; round += 1) {
        for (const kind of KINDS) {
          const started = Date.now();
          const { result: completed, perUnit } = await cpuPerUnit(
            'workflow',
            {},
            async () => {
              let next = 0;
              let done = 0;
              await Promise.all(
                Array.from({ length: concurrency }, async () => {
                  while (next < total) {
                    const i = next++;
                    const handle = await client.workflow.start(kind, {
                      taskQueue: 'bench-temporal',
                      workflowId: `${kind}-${round}-${i}`,
                      requestEagerStart: true,
                    });
                    await handle.result();
                    done += 1;
                  }
                }),
              );
              return done;
            },
            (n) => n,
          );
          if (completed !== total) throw new Error(`${kind}: ${completed} of ${total} workflows completed`);
          const seconds = (Date.now() - started) / 1000;
          const busy = (role: string) => (perUnit[role] ?? NaN) - (idleMs(role) * seconds) / total;
          runs[kind].push({ perSecond: total / seconds, server: busy('Temporal server'), here: busy('this process') });
        }
      }
    } finally {
      worker.shutdown();
      await running;
    }
    const median = (kind: Kind) => [...runs[kind]].sort((a, b) => a.server - b.server)[Math.floor(rounds / 2)]!;
    const base = median('empty');
    const lines = [
      `bench/temporal: ${total} workflows of each kind, ${concurrency} at once, ${rounds} rounds taking turns, dev server with its state in ${store === 'file' ? 'a file (as npm start keeps it)' : 'memory'}, node ${process.version}, ${os.cpus().length} cores`,
      `idle: the Temporal server ${idleMs('Temporal server').toFixed(1)} ms of CPU a second, this process ${idleMs('this process').toFixed(1)} (taken off the figures below)`,
    ];
    for (const kind of KINDS) {
      const m = median(kind);
      lines.push(
        `${kind.padEnd(16)} ${m.perSecond.toFixed(1).padStart(6)} workflows/s   CPU per workflow (ms): Temporal server ${m.server.toFixed(2)}, client and worker ${m.here.toFixed(2)}`,
      );
    }
    lines.push('one step beyond the empty workflow (the baseline above):');
    for (const kind of KINDS.slice(1)) {
      const m = median(kind);
      lines.push(
        `  ${kind.padEnd(16)} Temporal server ${((m.server - base.server) / STEPS).toFixed(2)} ms, client and worker ${((m.here - base.here) / STEPS).toFixed(2)} ms`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await connection.close();
    await temporal.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

runBench(module, main);
