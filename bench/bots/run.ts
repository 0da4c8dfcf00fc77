/**
 * bench/bots: N bots sent through the whole lifecycle (API → bot workflow → simulator → results) on
 * the Temporal dev server, with the simulator at full speed. Prints bots/s, p50/p99 from
 * POST /bots to `completed`, the worker process's peak memory (VmHWM) and CPU per bot; then, as bounds from the
 * same run, skeleton bots, the same bot workflows without the simulated calls' workflows (their events
 * signalled from the bench), empty workflows, and as many POST /bots again with the worker stopped (the
 * API's own rate). Also the requests the Temporal server answered per bot and per skeleton bot, by
 * operation (its `/metrics`; each counts once in every server role it passes: a workflow task
 * completed is RespondWorkflowTaskCompleted twice, in the frontend and in history), and the SQL
 * statements and commits a bot costs (pg_stat_statements, loaded in the bench's own database).
 *   npm run bench:bots [-- --bots 500 --concurrency 25 --workspaces 1 --store memory|file --warm 100]
 * `--warm N`: N bots first, through the same path and not measured (each bound warms its own worker
 * with as many skeleton bots): what a worker compiles in its first seconds is done once in a life of
 * days, and a bench of a few seconds would otherwise charge it to every bot. `--warm 0` measures the
 * worker as it starts.
 * `--store file`: the dev server keeps its state in a file, as `npm start` runs it.
 * Loopback only; bounded by the bot count and a 15-minute deadline.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { projectRoot } from '../../runtime/paths';
import { randomUUID } from 'node:crypto';
import { botWorkflowId, providerEventsSignal } from '../../workflows/signals';
import type { ProviderEvent } from '../../activities/providers/types';
import { workerClient } from '../../runtime/temporal-gateway';
import { SimulatedMeetingBotProvider } from '../../activities/providers/simulated';
import { combined, createSimulatedCallsWorker, DEFAULT_MAX_CONCURRENT_WORKFLOW_TASKS } from '../../worker';
import { startApi } from '../../api/server';
import { createUser } from '../../services/accounts';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { waitForPort } from '../../runtime/net';
import { LocalStorage } from '../../runtime/storage';
import {
  BENCH_SIGNING_SECRET,
  benchDatabase,
  cpuPerUnit,
  percentile,
  runBench,
  spawnWorker,
  requestsPerUnit,
  sqlCounts,
  sqlTop,
  statementsOf,
  benchDevServer,
  storeOption,
} from '../support';

/** Every bench bot's call: no `sim` parameter, so the simulator plays its normal scenario. */
const MEETING_URL = 'https://meet.google.com/bench-abcd-efg';

/** The bench's own reading of which bots ended (left out of the statements a bot costs). */
const BOTS_POLL = 'select id, status, updated_at from bots';

async function main() {
  const { values } = parseArgs({
    options: {
      bots: { type: 'string', default: '500' },
      concurrency: { type: 'string', default: '25' },
      workspaces: { type: 'string', default: '1' },
      store: { type: 'string', default: 'memory' },
      warm: { type: 'string', default: '100' },
    },
  });
  const store = storeOption(values.store);
  const total = Number(values.bots);
  const workspaceCount = Number(values.workspaces);
  if (!Number.isInteger(workspaceCount) || workspaceCount < 1)
    throw new Error(`--workspaces must be a whole number of at least 1, not ${values.workspaces}`);
  const concurrency = Number(values.concurrency);
  const warm = Number(values.warm);
  if (!Number.isInteger(warm) || warm < 0) throw new Error(`--warm must be a whole number, not ${values.warm}`);
  const log = createLogger('warn');
  const db = await benchDatabase('bots', { countStatements: true });
  const { orm, tmp } = db;
  const temporal = await benchDevServer(log, store === 'file' ? tmp : undefined);
  const env = {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: 'bench',
    LOG_LEVEL: 'warn',
    SIMULATOR_SPEED: '100000',
    SIMULATOR_MEETING_SECONDS: '120',
    MEDIA_DIR: path.join(tmp, 'media'),
    SIGNING_SECRET: BENCH_SIGNING_SECRET,
    RATE_LIMIT_BOTS_PER_HOUR: String(total * 3 + warm),
    RATE_LIMIT_IP_PER_MINUTE: '100000000',
  };
  const config = loadConfig(env);
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const api = await startApi(
    { orm, config, log: createLogger('silent'), temporal: client, storage: new LocalStorage(config.mediaDir) },
    { host: '127.0.0.1', port: 0 },
  );
  // Bots go to the workspaces in turn (each of its own account and key).
  const spaces = await Promise.all(
    Array.from({ length: workspaceCount }, (_, i) =>
      createUser(orm.em.fork(), { email: `bench${i}@example.com`, workspaceName: `Bench ${i}` }),
    ),
  );

  // The worker in a process of its own, so its memory is its own.
  const worker = await spawnWorker(env);
  let peakKb = 0;
  const sampler = setInterval(async () => {
    peakKb = Math.max(peakKb, (await worker.memory()).peak / 1024);
  }, 200);
  try {
    await waitForPort('127.0.0.1', Number(temporal.address.split(':')[1]), 10_000);
    const sentAt = new Map<string, number>();
    const measuredIds: string[] = [];
    const latencies: number[] = [];
    const sendOne = async (n: number, track: Map<string, number> | null = sentAt) => {
      const { api_key, workspace_id } = spaces[n % spaces.length]!;
      const t0 = Date.now();
      const res = await fetch(`${api.baseUrl}/bots`, {
        method: 'POST',
        headers: { Authorization: api_key },
        body: JSON.stringify({
          workspace_id,
          meeting_url: MEETING_URL,
          participants: [{ email: 'a@example.com', name: 'A' }],
        }),
      });
      if (res.status !== 201) throw new Error(`POST /bots answered ${res.status}: ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      track?.set(id, t0);
      if (track === sentAt) measuredIds.push(id);
      return id;
    };
    /** Waits until every bot of `sent` has ended (15 minutes at most), taking each from it with its latency and end. */
    const untilEnded = async (sent: Map<string, number>, ended: (ms: number, id: string, status: string) => void) => {
      const deadline = Date.now() + 15 * 60_000;
      while (sent.size > 0 && Date.now() < deadline) {
        const rows = await orm.em
          .fork()
          .execute<{ id: string; status: string; updated_at: Date }[]>(
            `${BOTS_POLL} where id in (?) and status in ('completed', 'failed', 'cancelled')`,
            [[...sent.keys()]],
          );
        for (const r of rows) {
          ended(new Date(r.updated_at).getTime() - sent.get(r.id)!, r.id, r.status);
          sent.delete(r.id);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    // The warm-up: bots through the same path, not measured; every one must complete.
    if (warm > 0) {
      const warming = new Map<string, number>();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < warm) await sendOne(total + next++, warming);
        }),
      );
      const notCompleted: string[] = [];
      await untilEnded(warming, (_ms, id, status) => {
        if (status !== 'completed') notCompleted.push(`${id}:${status}`);
      });
      if (notCompleted.length + warming.size > 0)
        throw new Error(`${notCompleted.length + warming.size} of ${warm} warm-up bots did not complete`);
    }
    // The statements of one POST /bots, counted on the first bot, after the key's first call (which
    // also pins its version) and right after a call of each key (a key is remembered for half a second).
    for (const { api_key } of spaces) {
      const pinned = await fetch(`${api.baseUrl}/workspaces`, { headers: { Authorization: api_key } });
      if (pinned.status !== 200) throw new Error(`GET /workspaces answered ${pinned.status}`);
    }
    // The clock starts with the first bot (after the keys' first calls and the warm-up).
    const started = Date.now();
    const workerCpuAtStart = await worker.cpuSeconds();
    let statements: string[] = [];
    let sentSeconds = 0;
    const failed: string[] = [];
    const lifecycle = async () => {
      statements = await statementsOf(orm, () => sendOne(0));
      let next = 1; // the first bot is one of them
      const send = async () => {
        while (next < total) await sendOne(next++);
      };
      await Promise.all(Array.from({ length: concurrency }, send));
      sentSeconds = (Date.now() - started) / 1000;
      await untilEnded(sentAt, (ms, id, status) => {
        latencies.push(ms);
        if (status !== 'completed') failed.push(`${id}:${status}`);
      });
    };
    // Where the machine's CPU went per bot: the API runs in this process, beside the load.
    const requestsAtStart = await temporal.requests();
    const sqlAtStart = await sqlCounts(orm, [BOTS_POLL]);
    const { line: cpuLine } = await cpuPerUnit('bot', { worker: worker.pid }, lifecycle, () => total);
    const requestsPerBot = requestsPerUnit(requestsAtStart, await temporal.requests(), total);
    const sqlAtEnd = await sqlCounts(orm, [BOTS_POLL]);
    const sqlPerBot =
      sqlAtStart && sqlAtEnd
        ? `${((sqlAtEnd.statements - sqlAtStart.statements) / total).toFixed(1)} statements and ${((sqlAtEnd.commits - sqlAtStart.commits) / total).toFixed(1)} commits a bot (its POST, the worker's activities and the outbox; BEGIN and COMMIT count as statements, one outside a transaction commits by itself)`
        : 'not known (the database does not count statements)';
    const seconds = (Date.now() - started) / 1000;
    const workerCpu = (await worker.cpuSeconds()) - workerCpuAtStart;
    const waits = await waitsOf(orm, measuredIds);
    // The bound, in the same run: empty workflows through the same server and worker, as many at once as bots were in flight.
    const noops = Math.min(total, 200);
    const noopStarted = Date.now();
    let noopNext = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (noopNext < noops) {
          const id = `bench-noop/${noopNext++}`;
          await client.workflow.execute('noopWorkflow', { workflowId: id, taskQueue: 'bench', args: [] });
        }
      }),
    );
    const noopSeconds = (Date.now() - noopStarted) / 1000;
    // The skeleton's worker runs in this process, on the SDK's runtime installed once for both bounds.
    Runtime.install({ logger: new DefaultLogger('WARN') });
    /** A bound's batch measured: the machine's CPU and the Temporal server's requests per bot, once its worker is warm. */
    const measured = (unit: string) => async (work: () => Promise<Batch>) => {
      const before = await temporal.requests();
      const { result, line } = await cpuPerUnit(unit, {}, work, (r) => r.bots);
      return { ...result, line, requests: requestsPerUnit(before, await temporal.requests(), result.bots) };
    };
    const skeleton = await skeletonBots(temporal.address, Math.min(total, 200), env, 'simulated', {
      warm,
      measure: measured('skeleton bot'),
    });
    const { line: skeletonCpu, requests: requestsPerSkeletonBot } = skeleton;
    // The same bot workflows with no simulated calls' workflows: what playing the calls costs (a hosted
    // provider's call costs no workflow either, though it reaches its bot in more signals).
    const alone = await skeletonBots(temporal.address, Math.min(total, 200), env, 'signalled', {
      warm,
      measure: measured('bot workflow alone'),
    });
    const { line: aloneCpu, requests: requestsPerLoneBot } = alone;
    // The API's own rate, in the same run: as many POSTs again with nothing else at work (the worker
    // stopped, so their starts wait in the outbox), against the rate above, taken while the worker,
    // PostgreSQL and the Temporal server ran the bots already sent on the same cores.
    await worker.stop();
    const aloneIds: string[] = [];
    const aloneStarted = Date.now();
    let aloneNext = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (aloneNext < total) aloneIds.push(await sendOne(aloneNext++, null));
      }),
    );
    const aloneSeconds = (Date.now() - aloneStarted) / 1000;
    const [queued] = await orm.em
      .fork()
      .execute<{ n: number }[]>(
        'select count(*)::int as n from workflow_commands where workflow_id in (?) and dispatched_at is null',
        [aloneIds.map(botWorkflowId)],
      );
    if (queued!.n !== total) throw new Error(`${queued!.n} of ${total} bots sent alone have their start in the outbox`);
    process.stdout.write(
      [
        `bench/bots: ${total} bots in ${workspaceCount} workspace${workspaceCount === 1 ? '' : 's'} after ${warm} to warm the worker up (each bound after as many), ${concurrency} concurrent senders, dev server with its state in ${store === 'file' ? 'a file (as npm start keeps it)' : 'memory'}, simulator at full speed, node ${process.version}, ${os.cpus().length} cores`,
        `sent in ${sentSeconds.toFixed(1)} s (${(total / sentSeconds).toFixed(1)} POST /bots per s; ${statements.length} SQL statements per POST)`,
        `API alone, same run: ${total} POST /bots in ${aloneSeconds.toFixed(1)} s (${(total / aloneSeconds).toFixed(1)} per s, the worker stopped; every start waiting in the outbox); while bots run ÷ alone = ${(total / sentSeconds / (total / aloneSeconds)).toFixed(3)}`,
        `finished ${latencies.length}/${total} in ${seconds.toFixed(1)} s: ${(latencies.length / seconds).toFixed(1)} bots/s through the whole lifecycle`,
        `POST /bots → completed: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${Math.max(...latencies)} ms`,
        `not completed: ${failed.length + sentAt.size}${failed.length ? ` (${failed.slice(0, 5).join(', ')})` : ''}`,
        `where a bot's time went, p50 / p99 (ms): ${waits}`,
        `worker peak memory (VmHWM): ${(peakKb / 1024).toFixed(0)} MiB; worker CPU from the first POST to the last completion: ${workerCpu.toFixed(1)} s = ${((workerCpu * 1000) / total).toFixed(1)} ms a bot (its bots' activities, workflow tasks and outbox)`,
        `bound: ${skeleton.bots} skeleton bots (the same bot and simulated-calls workflows, signals and timers, every activity a no-op) in ${skeleton.seconds.toFixed(1)} s: ${(skeleton.bots / skeleton.seconds).toFixed(1)} bots/s; bots/s ÷ skeleton bots/s = ${(latencies.length / seconds / (skeleton.bots / skeleton.seconds)).toFixed(3)}`,
        cpuLine,
        skeletonCpu,
        `Temporal server requests per bot: ${requestsPerBot}`,
        `SQL: ${sqlPerBot}`,
        ...(sqlAtStart && sqlAtEnd && process.env.BENCH_SQL ? sqlTop(sqlAtStart, sqlAtEnd, total) : []),
        `Temporal server requests per skeleton bot: ${requestsPerSkeletonBot}`,
        `bound without the simulated calls' workflows: ${alone.bots} bot workflows alone (every activity a no-op, the call's two moments signalled from this process, as the simulated calls send them) in ${alone.seconds.toFixed(1)} s: ${(alone.bots / alone.seconds).toFixed(1)} bots/s; skeleton bots/s ÷ this = ${(skeleton.bots / skeleton.seconds / (alone.bots / alone.seconds)).toFixed(3)}`,
        aloneCpu,
        `Temporal server requests per bot workflow alone: ${requestsPerLoneBot}`,
        `bound: ${noops} empty workflows in ${noopSeconds.toFixed(1)} s (${(noops / noopSeconds).toFixed(1)} workflows/s, ${concurrency} at once); bots/s ÷ empty workflows/s = ${(latencies.length / seconds / (noops / noopSeconds)).toFixed(3)}`,
        '',
      ].join('\n'),
    );
    if (failed.length + sentAt.size > 0)
      throw new Error(`${failed.length + sentAt.size} of ${total} bots did not complete`);
  } finally {
    clearInterval(sampler);
    await worker.stop();
    await api.stop();
    await connection.close();
    await temporal.stop();
    await db.close();
  }
}

/**
 * Where the bots' time went, from their rows: POST → the outbox's start of their workflow → the
 * call's first moment (admitted, recording) → its second (the recording done) → completed; the
 * p50 and p99 of each step, in ms.
 */
async function waitsOf(orm: import('../../db/orm').Orm, ids: string[]): Promise<string> {
  const rows = await orm.em
    .fork()
    .execute<
      { created: number; dispatched: number | null; joined: number | null; ended: number | null; updated: number }[]
    >(
      `select extract(epoch from b.created_at) * 1000 as created,
            (select extract(epoch from min(c.dispatched_at)) * 1000 from workflow_commands c where c.workflow_id = ? || b.id) as dispatched,
            extract(epoch from b.joined_at) * 1000 as joined, extract(epoch from b.ended_at) * 1000 as ended,
            extract(epoch from b.updated_at) * 1000 as updated
       from bots b where b.id in (?)`,
      // A bot's workflow id is its id after botWorkflowId's prefix.
      [botWorkflowId(''), ids],
    );
  type Moment = 'created' | 'dispatched' | 'joined' | 'ended' | 'updated';
  const steps: [string, Moment, Moment][] = [
    ['POST → start dispatched', 'created', 'dispatched'],
    ["→ admitted (launched, the call's first moment)", 'dispatched', 'joined'],
    ['→ recording done (its second)', 'joined', 'ended'],
    ['→ completed (processing, the results step)', 'ended', 'updated'],
  ];
  return steps
    .map(([name, from, to]) => {
      const ms = rows.flatMap((r) => (r[from] === null || r[to] === null ? [] : [Number(r[to]) - Number(r[from])]));
      return ms.length
        ? `${name} ${Math.round(percentile(ms, 50))} / ${Math.round(percentile(ms, 99))}`
        : `${name} not known`;
    })
    .join(', ');
}

/** A batch of skeleton bots: how many, in how long. */
type Batch = { bots: number; seconds: number };

/**
 * The bound of the lifecycle on this server: the bot and simulated-calls workflows themselves (the
 * prebuilt bundle the service's worker runs) with every activity a no-op, on a task queue of their
 * own served by a worker in this process, all started at once like the bench's bots. What a bot costs
 * beyond this is the service's own work (database, API, outbox).
 * `call: 'signalled'`: no simulated calls' workflow. The launch signals nothing, and this process
 * signals each bot the events of its call's two moments (admitted with the recording's start, then
 * the recording done with the bot's leaving), as the simulated calls send them.
 */
async function skeletonBots(
  address: string,
  bots: number,
  env: Record<string, string>,
  call: 'simulated' | 'signalled',
  opts: {
    /** Skeleton bots first, on the same worker, not measured. */
    warm: number;
    /** Measures the batch once the worker is warm. */
    measure: (work: () => Promise<Batch>) => Promise<Batch & { line: string; requests: string }>;
  },
) {
  const taskQueue = `bench-skeleton-${call}`;
  const connection = await NativeConnection.connect({ address });
  // As in the service's worker process: the simulated calls and the bots start through the worker's
  // connection, eagerly when the worker has a free slot.
  const beside = workerClient(connection, 'default');
  const provider = new SimulatedMeetingBotProvider(
    beside,
    taskQueue,
    Number(env.SIMULATOR_SPEED),
    Number(env.SIMULATOR_MEETING_SECONDS),
  );
  // The call's two moments, sent once the launch has answered (a provider's first callback comes after
  // its create call returns). A signal that fails terminates its bot, so the bench fails with the
  // bot's result instead of waiting for it.
  const calls: Promise<void>[] = [];
  const event = (type: ProviderEvent['type'], data?: ProviderEvent['data']): ProviderEvent => ({
    id: randomUUID(),
    type,
    at: new Date().toISOString(),
    data,
  });
  const signalCall = (botId: string) => {
    const bot = beside.workflow.getHandle(botWorkflowId(botId));
    const seconds = Number(env.SIMULATOR_MEETING_SECONDS);
    const played = (async () => {
      await new Promise((r) => setTimeout(r, 1));
      await bot.signal(providerEventsSignal, [event('admitted'), event('recording_started')]);
      await bot.signal(providerEventsSignal, [
        event('recording_done', { duration_seconds: seconds, recording_ref: botId }),
        event('left', { reason: 'meeting_ended' }),
      ]);
    })().catch(async (err: unknown) => {
      await bot.terminate(`its call's signal failed: ${String(err)}`).catch(() => undefined);
      throw err;
    });
    played.catch(() => undefined); // awaited after the bots' results
    calls.push(played);
  };
  const workflowBundle = { codePath: path.join(projectRoot(), 'dist', 'workflow-bundle.js') };
  const botsWorker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle,
    // As many workflow tasks at once as the service's worker runs.
    maxConcurrentWorkflowTaskExecutions: DEFAULT_MAX_CONCURRENT_WORKFLOW_TASKS,
    activities: {
      // The simulated call is launched as the service's provider launches it, on the skeleton's queue.
      launchBot: async (botId: string) => {
        if (call === 'signalled') {
          signalCall(botId);
          return { outcome: 'launched', providerBotId: `signalled_${botId}`, joiningRecorded: true };
        }
        const { providerBotId } = await provider.launch({
          botId,
          meetingUrl: MEETING_URL,
          botName: 'Notetaker',
          botAvatar: null,
          welcomeMessage: null,
          recordingStart: 'on_join',
          recordingMode: 'audio_and_video',
          silenceAlert: false,
          scheduledEnd: null,
          participants: [],
          branding: null,
        });
        return { outcome: 'launched', providerBotId, joiningRecorded: true };
      },
      recordStatus: async () => undefined,
      leaveCall: async () => undefined,
      makeMedia: async (_botId: string, durationSeconds: number) => ({ durationSeconds }),
      makeTranscript: async () => 'ready',
      makeSummary: async () => ({ summary: 'ready', completed: true }),
      makeResults: async () => ({ summary: 'ready', completed: true }),
      requestStop: async () => undefined,
    },
  });
  // The simulated calls on their own queue, as the service's worker runs them.
  const worker = combined([
    botsWorker,
    await createSimulatedCallsWorker({
      connection,
      namespace: 'default',
      taskQueue,
      workflowBundle,
      temporal: beside,
      log: createLogger('warn'),
    }),
  ]);
  const running = worker.run();
  /** `count` skeleton bots started at once, named after `batch`, each of which must complete. */
  const batch = async (name: string, count: number): Promise<Batch> => {
    const started = Date.now();
    const handles = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        beside.workflow.start('botWorkflow', {
          taskQueue,
          requestEagerStart: true,
          workflowId: botWorkflowId(`skeleton-${call}-${name}${i}`),
          args: [{ botId: `skeleton-${call}-${name}${i}`, joinAt: null }],
        }),
      ),
    );
    const outcomes = await Promise.all(handles.map((h) => h.result()));
    const seconds = (Date.now() - started) / 1000;
    await Promise.all(calls.splice(0));
    const notCompleted = outcomes.filter((o) => o !== 'completed').length;
    if (notCompleted > 0) throw new Error(`${notCompleted} of ${count} skeleton bots did not complete`);
    return { bots: count, seconds };
  };
  try {
    if (opts.warm > 0) await batch('warm-', opts.warm);
    return await opts.measure(() => batch('', bots));
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}

runBench(module, main);
