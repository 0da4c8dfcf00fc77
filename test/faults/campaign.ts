/**
 * The fault campaign (issue: nothing lost): bots and their webhook events flow through the real API
 * and worker processes while those are killed with SIGKILL at random moments, PostgreSQL is
 * restarted once and the Temporal dev server once. Loopback only, bounded in time; prints what was
 * committed, delivered, lost and duplicated. `npm run faults` runs the long campaign; a short one
 * is part of `npm test` (test/faults/campaign.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createUser } from '../../services/accounts';
import { createOrm, migrate } from '../../db/orm';
import { createLogger, type Logger } from '../../runtime/logger';
import { freePort, waitForPort } from '../../runtime/net';
import { projectRoot } from '../../runtime/paths';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../runtime/postgres';
import { startDevServer, type ServerHandle } from '../../runtime/temporal-servers';

export type CampaignOptions = {
  bots: number;
  endpoints: number;
  /** Random SIGKILLs of the API or the worker process during the load. */
  kills: number;
  /** Hard bound of the whole campaign. */
  deadlineMs: number;
  cliPath?: string | null;
  log?: Logger;
};

export type CampaignFigures = {
  botsSent: number;
  eventsCommitted: number;
  deliveredPerEndpoint: number[];
  deliveriesLost: number;
  duplicatesBeyondRecordedAttempts: number;
  meetingsWithTwoLiveBots: number;
  botsNotFinal: number;
  /** What each unfinished bot reads, and its workflow, for diagnosis. */
  unfinished: string[];
  faults: string[];
  recoverySeconds: number;
  /** Where the processes' logs were kept, when the campaign did not settle. */
  logDir: string | null;
  totalSeconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (min: number, max: number) => min + Math.random() * (max - min);

export async function runCampaign(opts: CampaignOptions): Promise<CampaignFigures> {
  const log = opts.log ?? createLogger('warn', process.stderr);
  const started = Date.now();
  const deadline = started + opts.deadlineMs;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'notetaker-faults-'));
  const faults: string[] = [];
  const children = new Map<'api' | 'worker', ChildProcess>();
  let pgHandle: EmbeddedPostgresHandle | null = null;
  let temporal: ServerHandle | null = null;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const id = (JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id;
        const key = `${id}${req.url}`;
        received.set(key, (received.get(key) ?? 0) + 1);
      } catch {
        // not an event
      }
      res.writeHead(204).end();
    });
  });
  const received = new Map<string, number>();
  const logDir = path.join(os.tmpdir(), `notetaker-faults-logs-${process.pid}-${Date.now()}`);
  let keepLogs = false;
  try {
    await mkdir(logDir, { recursive: true });
    const { chmod } = await import('node:fs/promises');
    await chmod(tmp, 0o755); // PostgreSQL runs as another user when we are root
    const pgPort = await freePort();
    const startPg = () =>
      startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), port: pgPort, database: 'faults', log, persistent: true });
    pgHandle = await startPg();
    const databaseUrl = pgHandle.url;
    const orm = await createOrm(databaseUrl, log, 4);
    await migrate(orm);
    const temporalPort = await freePort();
    const startTemporal = () =>
      startDevServer({
        log,
        port: temporalPort,
        uiPort: 0,
        namespace: 'default',
        headless: true,
        dbFile: path.join(tmp, 'temporal.sqlite'),
        cliPath: opts.cliPath,
      });
    temporal = await startTemporal();
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    const apiPort = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: 'faults',
      PORT: String(apiPort),
      // The API as a cluster on any machine (a SIGKILL of start:api takes its API processes with it).
      API_PROCESSES: '2',
      ALLOW_LOOPBACK_WEBHOOKS: 'true',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'info',
      SIGNING_SECRET: 'fault-campaign-signing-secret-0123456789',
      SIMULATOR_SPEED: '120',
      SIMULATOR_MEETING_SECONDS: '120',
      RATE_LIMIT_BOTS_PER_HOUR: '100000',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      SHUTDOWN_TIMEOUT_MS: '5000',
    };
    // A supervisor, as production has one: a process that exits by itself is started again.
    const killing = new Set<ChildProcess>();
    let finished = false;
    // Each process's log is kept in its own file (kept when the campaign does not settle).
    const starts = { api: 0, worker: 0 };
    const spawnHalf = async (half: 'api' | 'worker'): Promise<void> => {
      const logFile = openSync(path.join(logDir, `${half}-${++starts[half]}.log`), 'a');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot(), 'scripts', 'start.ts'), `--only=${half}`],
        { env, stdio: ['ignore', logFile, logFile] },
      );
      closeSync(logFile);
      children.set(half, child);
      child.once('exit', (code, signal) => {
        if (killing.has(child) || finished) return;
        faults.push(
          `${((Date.now() - started) / 1000).toFixed(1)}s ${half} exited by itself (${code ?? signal}); restarted`,
        );
        setTimeout(() => void spawnHalf(half).catch(() => undefined), 1_000);
      });
      if (half === 'api') await waitForPort('127.0.0.1', apiPort, 60_000, () => child.exitCode === null);
    };
    const kill = async (half: 'api' | 'worker') => {
      const child = children.get(half);
      if (child && child.exitCode === null && child.signalCode === null) {
        killing.add(child);
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
    };
    await spawnHalf('worker');
    await spawnHalf('api');

    const base = `http://127.0.0.1:${apiPort}/api/v1`;
    const { api_key: key, workspace_id: workspaceId } = await createUser(orm.em.fork(), {
      email: 'faults@example.com',
      workspaceName: 'Faults',
    });
    /** A request retried through outages with one Idempotency-Key, as a careful integrator would send it. */
    const call = async (
      method: string,
      p: string,
      body: unknown,
      idempotencyKey?: string,
    ): Promise<{ status: number; json: Record<string, string> }> => {
      for (;;) {
        if (Date.now() > deadline) throw new Error(`deadline reached while calling ${method} ${p}`);
        try {
          const res = await fetch(`${base}${p}`, {
            method,
            headers: {
              Authorization: key,
              'Content-Type': 'application/json',
              ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
            },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(15_000),
          });
          const json = (await res.json()) as Record<string, string> & { errors?: { code: string }[] };
          // 409 conflict on an Idempotency-Key: the first try died with a killed API process; its key frees itself.
          const keyBusy = res.status === 409 && idempotencyKey !== undefined && json.errors?.[0]?.code === 'conflict';
          if (res.status < 500 && !keyBusy) return { status: res.status, json };
        } catch {
          // the API process is down or restarting: retry
        }
        await sleep(250);
      }
    };
    for (let i = 0; i < opts.endpoints; i++) {
      const ep = await call(
        'POST',
        '/webhook_endpoints',
        { workspace_id: workspaceId, url: `${receiverUrl}/e${i}`, enabled_events: ['*'] },
        `endpoint-${i}`,
      );
      if (ep.status !== 201) throw new Error(`endpoint ${i}: ${ep.status} ${JSON.stringify(ep.json)}`);
    }

    // Faults run beside the load: random kills, one PostgreSQL restart, one Temporal restart.
    let loadDone = false;
    const chaos = (async () => {
      const plan: ('api' | 'worker' | 'postgres' | 'temporal')[] = [];
      for (let i = 0; i < opts.kills; i++) plan.push(Math.random() < 0.5 ? 'api' : 'worker');
      plan.splice(Math.floor(plan.length / 3), 0, 'postgres');
      plan.splice(Math.floor((2 * plan.length) / 3), 0, 'temporal');
      for (const fault of plan) {
        await sleep(rand(1_000, 4_000));
        const at = ((Date.now() - started) / 1000).toFixed(1);
        if (fault === 'api' || fault === 'worker') {
          await kill(fault);
          await sleep(rand(200, 1_500));
          await spawnHalf(fault);
        } else if (fault === 'postgres') {
          await pgHandle!.stop();
          await sleep(2_000);
          pgHandle = await startPg();
        } else {
          await temporal!.stop();
          await sleep(2_000);
          temporal = await startTemporal();
        }
        faults.push(`${at}s ${fault === 'api' || fault === 'worker' ? `SIGKILL ${fault}` : `restart ${fault}`}`);
      }
      // Keep the load company until it ends, so every fault lands while work flows.
      while (!loadDone) await sleep(100);
    })();

    const botIds: string[] = [];
    for (let i = 0; i < opts.bots; i++) {
      const res = await call(
        'POST',
        '/bots',
        { workspace_id: workspaceId, meeting_url: `https://meet.google.com/flt-${String(i).padStart(4, '0')}-abc` },
        `bot-${i}`,
      );
      if (res.status !== 201) throw new Error(`bot ${i}: ${res.status} ${JSON.stringify(res.json)}`);
      botIds.push(res.json.id!);
    }
    loadDone = true;
    await chaos;
    const lastFault = Date.now();

    // Everything must settle: every bot final, every event delivered to every endpoint.
    const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows as T[];
      } finally {
        await c.end();
      }
    };
    let settled = false;
    while (Date.now() < deadline) {
      const [state] = await q<{ live: number; events: number; undelivered: number }>(
        `select (select count(*)::int from bots where status not in ('completed', 'failed', 'cancelled')) as live,
                (select count(*)::int from webhook_events where workspace_id = $1) as events,
                (select count(*)::int from webhook_events where dispatched_at is null)
                  + (select count(*)::int from workflow_commands where dispatched_at is null) as undelivered`,
        [workspaceId],
      ).catch(() => [{ live: -1, events: 0, undelivered: -1 }]);
      const distinct = new Set([...received.keys()]).size;
      if (state!.live === 0 && state!.undelivered === 0 && distinct >= state!.events * opts.endpoints) {
        settled = true;
        break;
      }
      await sleep(500);
    }
    const recoverySeconds = (Date.now() - lastFault) / 1000;
    await sleep(2_000); // late duplicates, if any, arrive
    const events = await q<{ id: string }>('select id from webhook_events where workspace_id = $1', [workspaceId]);
    const endpoints = await q<{ id: string; url: string }>(
      'select id, url from webhook_endpoints where workspace_id = $1 order by id',
      [workspaceId],
    );
    const recorded = await q<{ event_id: string; endpoint_id: string; n: number }>(
      'select event_id, endpoint_id, count(*)::int as n from webhook_attempts group by 1, 2',
    );
    const recordedBy = new Map(recorded.map((r) => [`${r.event_id}/${r.endpoint_id}`, r.n]));
    const deliveredPerEndpoint = endpoints.map(
      (ep) => events.filter((e) => received.has(`${e.id}${new URL(ep.url).pathname}`)).length,
    );
    let duplicates = 0;
    for (const e of events) {
      for (const ep of endpoints) {
        const got = received.get(`${e.id}${new URL(ep.url).pathname}`) ?? 0;
        duplicates += Math.max(0, got - Math.max(1, recordedBy.get(`${e.id}/${ep.id}`) ?? 0));
      }
    }
    const [twoLive] = await q<{ n: number }>(
      `select count(*)::int as n from (select meeting_id from bots where status in ('queued', 'joining', 'in_call') group by meeting_id having count(*) > 1) x`,
    );
    const [notFinal] = await q<{ n: number }>(
      `select count(*)::int as n from bots where status not in ('completed', 'failed', 'cancelled')`,
    );
    const unfinished: string[] = [];
    for (const b of await q<{ id: string; status: string; pending: number }>(
      `select b.id, b.status, (select count(*)::int from workflow_commands c where c.workflow_id = 'bot/' || b.id and c.dispatched_at is null) as pending
         from bots b where b.status not in ('completed', 'failed', 'cancelled') limit 20`,
    )) {
      let workflow = 'unknown';
      try {
        const { Connection, Client } = await import('@temporalio/client');
        const connection = await Connection.connect({ address: temporal!.address });
        const d = await new Client({ connection }).workflow.getHandle(`bot/${b.id}`).describe();
        workflow = `${d.status.name}${d.raw.pendingActivities?.length ? ` with activity ${d.raw.pendingActivities[0]!.activityType?.name} (attempt ${d.raw.pendingActivities[0]!.attempt}, ${d.raw.pendingActivities[0]!.lastFailure?.message ?? 'no failure'})` : ''}`;
        await connection.close();
      } catch (err) {
        workflow = `not readable: ${(err as Error).message.slice(0, 120)}`;
      }
      unfinished.push(`${b.id} reads ${b.status}, ${b.pending} command(s) pending, workflow ${workflow}`);
    }
    finished = true;
    keepLogs = !settled;
    await orm.close(true);
    const figures: CampaignFigures = {
      botsSent: botIds.length,
      eventsCommitted: events.length,
      deliveredPerEndpoint,
      deliveriesLost: events.length * endpoints.length - deliveredPerEndpoint.reduce((a, b) => a + b, 0),
      duplicatesBeyondRecordedAttempts: duplicates,
      meetingsWithTwoLiveBots: twoLive!.n,
      botsNotFinal: notFinal!.n,
      unfinished,
      faults,
      recoverySeconds: settled ? recoverySeconds : Number.NaN,
      logDir: settled ? null : logDir,
      totalSeconds: (Date.now() - started) / 1000,
    };
    return figures;
  } finally {
    for (const half of ['api', 'worker'] as const) {
      const child = children.get(half);
      if (child && child.exitCode === null) child.kill('SIGKILL');
    }
    receiver.closeAllConnections();
    receiver.close();
    await temporal?.stop().catch(() => undefined);
    await pgHandle?.stop().catch(() => undefined);
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    if (!keepLogs) await rm(logDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

export function formatFigures(f: CampaignFigures): string {
  return [
    `fault campaign: ${f.botsSent} bots, ${f.faults.length} faults in ${f.totalSeconds.toFixed(0)} s`,
    `  faults: ${f.faults.join('; ')}`,
    `  events committed: ${f.eventsCommitted}`,
    `  delivered per endpoint: ${f.deliveredPerEndpoint.join(', ')}`,
    `  deliveries lost: ${f.deliveriesLost}`,
    `  duplicate deliveries beyond the attempts the log records: ${f.duplicatesBeyondRecordedAttempts}`,
    `  meetings with two live bots: ${f.meetingsWithTwoLiveBots}`,
    `  bots not in a final state: ${f.botsNotFinal}${f.unfinished.length ? `\n    ${f.unfinished.join('\n    ')}` : ''}`,
    `  recovery after the last fault: ${Number.isNaN(f.recoverySeconds) ? 'did not settle before the deadline' : `${f.recoverySeconds.toFixed(1)} s`}`,
    ...(f.logDir ? [`  the processes' logs: ${f.logDir}`] : []),
  ].join('\n');
}
