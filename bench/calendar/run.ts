/**
 * bench/calendar: (1) the first sync of a simulated calendar with 10,000 upcoming events through the
 * real path (sync workflow on a dev server, the service's worker in a process of its own, one
 * meeting per event): time and the worker process's peak memory; (2) POST /calendar_events throughput across 10 workspaces,
 * served as `npm run start:api` serves it (one API process per core, and with API_PROCESSES=1) and by
 * the API in this process (which counts a push's statements and is profiled), each after a few
 * seconds of the same load (`--warm`); with the machine's CPU per push, by process. Each push load
 * starts once the outbox of the one before is fanned out.
 *   npm run bench:calendar [-- --events 10000 --seconds 10 --warm 3 --connections 10]
 * Recording is turned off in the bench workspaces, so no bot workflows are started: this measures
 * the calendar path itself. Loopback only; each part is bounded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import express from 'express';
import { SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { startApi } from '../../api/server';
import { createUser } from '../../services/accounts';
import { CalendarConnection, Settings } from '../../db/entities';
import { newId } from '../../domain/ids';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import { calendarSyncWorkflowId } from '../../workflows/signals';
import {
  BENCH_SIGNING_SECRET,
  benchDatabase,
  benchTemporal,
  cpuPerUnit,
  profiled,
  runBench,
  spawnApi,
  spawnWorker,
  statementsOf,
} from '../support';

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '10000' },
      seconds: { type: 'string', default: '10' },
      warm: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
    },
  });
  const eventCount = Number(values.events);
  const seconds = Number(values.seconds);
  const warmSeconds = Number(values.warm);
  const log = createLogger('warn');
  const db = await benchDatabase('calendar');
  const { orm } = db;
  const env = {
    DATABASE_URL: db.url,
    TEMPORAL_TASK_QUEUE: 'bench',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: path.join(db.tmp, 'media'),
    SIGNING_SECRET: BENCH_SIGNING_SECRET,
    RATE_LIMIT_IP_PER_MINUTE: '100000000',
    RATE_LIMIT_CALENDAR_EVENTS_PER_MINUTE: '1000000',
  };
  const config = loadConfig(env);
  const temporal = await benchTemporal(db, config, log, { worker: false });
  const { client, providers } = temporal;
  // The service's worker (workflows, activities, the dispatcher) in a process of its own, as `npm run
  // start:worker` runs it: the first sync's memory is that process's.
  const worker = await spawnWorker({ ...env, TEMPORAL_ADDRESS: temporal.address });
  const api = await startApi(
    {
      orm,
      config,
      log: createLogger('silent'),
      temporal: client,
      storage: new LocalStorage(path.join(db.tmp, 'media')),
    },
    { host: '127.0.0.1', port: 0 },
  );
  const lines = [
    `bench/calendar: node ${process.version}, ${os.cpus().length} cores, dev server, API in this process, the worker (with its dispatcher) in its own`,
  ];

  /** A workspace whose own settings turn recording off (no bots), and a member. */
  const workspace = async (n: number) => {
    const { workspace_id, api_key } = await createUser(orm.em.fork(), {
      email: `bench-${n}-${Date.now()}@example.com`,
      workspaceName: `Bench ${n}`,
    });
    const em = orm.em.fork();
    const own = await em.findOneOrFail(Settings, { ownKind: 'workspace', ownId: workspace_id! });
    own.values = { 'recording.enabled': false };
    const member = await fetch(`${api.baseUrl}/members`, {
      method: 'POST',
      headers: { Authorization: api_key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspace_id, name: 'Member', email: `m${n}@acme.test` }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    await em.flush();
    return { workspaceId: workspace_id!, key: api_key, memberId: member.id };
  };

  try {
    // 1. First sync of a 10,000-event calendar.
    const ws = await workspace(0);
    const email = 'big-calendar@acme.test';
    const calendar = new SimulatedCalendar(orm);
    const day = 86_400_000;
    const seeded = Date.now();
    await calendar.putMany(
      email,
      Array.from({ length: eventCount }, (_, i) => ({
        id: `ev${i}`,
        title: `Meeting ${i}`,
        startsAt: new Date(Date.now() + day + i * 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + day + i * 3_600_000 + 1_800_000).toISOString(),
        meetingUrl: `https://meet.google.com/abc-defg-${String(i).padStart(3, '0')}`,
        organizer: { name: 'Member', email },
        attendees: [
          { name: null, email, response: 'accepted' },
          { name: null, email: `guest${i % 50}@else.test`, response: 'needs_action' },
        ],
      })),
    );
    await orm.em
      .fork()
      .execute('insert into simulated_calendar_accounts (account_email) values (?) on conflict do nothing', [email]);
    const seedSeconds = (Date.now() - seeded) / 1000;
    const now = new Date();
    const conn = Object.assign(new CalendarConnection(), {
      id: newId('calendarConnection'),
      workspaceId: ws.workspaceId,
      memberId: ws.memberId,
      provider: 'google' as const,
      accountEmail: email,
      tokens: providers.vault.seal({ access_token: `sim-${email}`, refresh_token: null, expires_at: null }),
      connectedAt: now,
      createdAt: now,
    });
    await orm.em.fork().persist(conn).flush();
    // The worker is up once it has run a workflow.
    await client.workflow.execute('noopWorkflow', { workflowId: 'bench-ready', taskQueue: 'bench', args: [] });
    // Baseline: the provider's listing alone (every page read, nothing applied), the floor of a first sync.
    const listed = Date.now();
    let listedEvents = 0;
    for (let pageToken: string | null = null; ;) {
      const page = await providers.calendars.google.listChanges({
        tokens: { access_token: `sim-${email}`, refresh_token: null, expires_at: null },
        cursor: null,
        pageToken,
      });
      listedEvents += page.events.length;
      if (page.nextPageToken === null) break;
      pageToken = page.nextPageToken;
    }
    const listSeconds = (Date.now() - listed) / 1000;
    if (listedEvents !== eventCount) throw new Error(`the listing returned ${listedEvents} of ${eventCount} events`);
    const startRss = (await worker.memory()).rss;
    let peakRss = startRss;
    const sampler = setInterval(() => {
      void worker.memory().then((m) => {
        peakRss = Math.max(peakRss, m.rss);
      });
    }, 100);
    const started = Date.now();
    await client.workflow.start('calendarSync', {
      workflowId: calendarSyncWorkflowId(conn.id),
      taskQueue: 'bench',
      args: [{ connectionId: conn.id, connectedAt: now.toISOString() }],
    });
    for (;;) {
      const c = await orm.em.fork().findOneOrFail(CalendarConnection, { id: conn.id });
      if (c.lastSyncedAt) break;
      if (Date.now() - started > 30 * 60_000) throw new Error('the first sync did not finish within 30 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const syncSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const { peak: hwm } = await worker.memory();
    // What the sync did: every event a meeting (with its own settings), linked, announced once.
    const [synced] = await orm.em
      .fork()
      .execute<{ meetings: number; titled: number; own: number; links: number; created: number; status: string }[]>(
        `select (select count(*)::int from meetings where workspace_id = ?) as meetings,
              (select count(distinct title)::int from meetings where workspace_id = ?) as titled,
              (select count(*)::int from settings where workspace_id = ? and own_kind = 'meeting') as own,
              (select count(*)::int from calendar_event_links where connection_id = ?) as links,
              (select count(*)::int from webhook_events where workspace_id = ? and type = 'meeting.created') as created,
              (select status from calendar_connections where id = ?) as status`,
        [ws.workspaceId, ws.workspaceId, ws.workspaceId, conn.id, ws.workspaceId, conn.id],
      );
    for (const [what, n] of Object.entries(synced!).filter(([k]) => k !== 'status'))
      if (n !== eventCount) throw new Error(`after the first sync: ${n} ${what} for ${eventCount} events`);
    if (synced!.status !== 'active') throw new Error(`the connection reads ${synced!.status} after its first sync`);
    const mib = (n: number) => (n / 1024 / 1024).toFixed(0);
    lines.push(
      `first sync: ${eventCount} events (seeded in ${seedSeconds.toFixed(1)} s) → ${synced!.meetings} meetings, ${synced!.created} meeting.created, ${synced!.links} links in ${syncSeconds.toFixed(1)} s = ${(eventCount / syncSeconds).toFixed(0)} events/s; worker process RSS peak ${mib(peakRss)} MiB during the sync (${mib(startRss)} MiB when it started; VmHWM since start-up ${mib(hwm)} MiB)`,
      `  baseline, same run: listing the ${eventCount} events alone (no writes) ${listSeconds.toFixed(1)} s = ${(eventCount / listSeconds).toFixed(0)} events/s (sync/listing ${(syncSeconds / listSeconds).toFixed(1)}×)`,
    );
    await client.workflow.getHandle(calendarSyncWorkflowId(conn.id)).terminate('bench over');
    // The worker's dispatcher fans the sync's events out (this workspace has no endpoints): the pushes
    // below start once the outbox is empty, so they are measured on their own.
    for (;;) {
      const [left] = await orm.em
        .fork()
        .execute<{ n: number }[]>('select count(*)::int as n from webhook_events where dispatched_at is null');
      if (left!.n === 0) break;
      if (Date.now() - started > 30 * 60_000)
        throw new Error(`${left!.n} events still not fanned out after 30 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    lines.push(
      `  the outbox of the ${eventCount} meeting.created was empty ${((Date.now() - started) / 1000).toFixed(1)} s after the sync started`,
    );

    // 2. POST /calendar_events across 10 workspaces.
    const spaces = await Promise.all(Array.from({ length: 10 }, (_, i) => workspace(i + 1)));
    // The statements of one push of a new event.
    const statements = await statementsOf(orm, async () => {
      const one = await fetch(`${api.baseUrl}/calendar_events`, {
        method: 'POST',
        headers: { Authorization: spaces[0]!.key, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          workspace_id: spaces[0]!.workspaceId,
          member_id: spaces[0]!.memberId,
          ical_uid: 'one-push@bench',
          starts_at: new Date(Date.now() + day).toISOString(),
          meeting_url: 'https://zoom.us/j/123456789',
          attendees: [{ email: 'm1@acme.test' }],
        }),
      });
      if (one.status !== 201) throw new Error(`a push answered ${one.status}`);
    });
    /** POSTs of new events (`<prefix>-<n>@bench`) to `url` for `seconds`, each workspace's in turn (`sent()`: how many were sent). */
    const pushes = (url: string, prefix = 'push', duration = seconds) => {
      let counter = 0;
      const run = autocannon({
        url,
        method: 'POST',
        duration,
        connections: Number(values.connections),
        headers: { 'Content-Type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              const i = counter++;
              const w = spaces[i % spaces.length]!;
              const starts = new Date(Date.now() + day + (i % 1000) * 3_600_000);
              return {
                ...req,
                headers: { ...req.headers, Authorization: w.key },
                body: JSON.stringify({
                  workspace_id: w.workspaceId,
                  member_id: w.memberId,
                  ical_uid: `${prefix}-${i}@bench`,
                  title: `Push ${i}`,
                  starts_at: starts.toISOString(),
                  ends_at: new Date(starts.getTime() + 1_800_000).toISOString(),
                  meeting_url: 'https://zoom.us/j/123456789',
                  attendees: [{ email: `m${(i % 10) + 1}@acme.test` }, { email: `guest${i % 50}@else.test` }],
                }),
              };
            },
          },
        ],
      });
      return { run, sent: () => counter };
    };
    /** Each answered push of `prefix` created its meeting and announced it (autocannon may leave a few unanswered at the end). */
    const verified = async (prefix: string, result: autocannon.Result, sent: number) => {
      if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers to POST /calendar_events`);
      const [pushed] = await orm.em.fork().execute<{ meetings: number; created: number }[]>(
        `select (select count(*)::int from meetings where workspace_id in (?) and ical_uid like ?) as meetings,
                (select count(*)::int from webhook_events e join meetings m on m.id = e.object_id where e.workspace_id in (?) and e.type = 'meeting.created' and m.ical_uid like ?) as created`,
        [spaces.map((w) => w.workspaceId), `${prefix}-%`, spaces.map((w) => w.workspaceId), `${prefix}-%`],
      );
      const answered = result['2xx'];
      if (pushed!.meetings < answered || pushed!.meetings > sent || pushed!.created !== pushed!.meetings)
        throw new Error(
          `${answered} pushes answered (${sent} sent): ${pushed!.meetings} meetings, ${pushed!.created} meeting.created`,
        );
      return { answered, meetings: pushed!.meetings };
    };
    /** The outbox fanned out (these workspaces have no endpoints), so each load starts on its own. */
    const outboxDrained = async () => {
      const deadline = Date.now() + 5 * 60_000;
      for (;;) {
        const [left] = await orm.em
          .fork()
          .execute<{ n: number }[]>('select count(*)::int as n from webhook_events where dispatched_at is null');
        if (left!.n === 0) return;
        if (Date.now() > deadline) throw new Error(`${left!.n} events still not fanned out after 5 minutes`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    /**
     * A few seconds of the same load before each measured one, its events fanned out before the
     * measure starts: a service that has run a while, its code optimised by V8 (a process just
     * started runs its first thousand pushes unoptimised, and each of two processes sees half the load).
     */
    const warmUp = async (url: string, prefix: string) => {
      const warm = pushes(url, `warm-${prefix}`, warmSeconds);
      await verified(`warm-${prefix}`, await warm.run, warm.sent());
      await outboxDrained();
    };
    await warmUp(`${api.baseUrl}/calendar_events`, 'push');
    const {
      result: { result, counter },
      line: cpuInProcess,
    } = await cpuPerUnit(
      'push',
      { worker: worker.pid },
      () =>
        profiled('calendar-push', async () => {
          const pushing = pushes(`${api.baseUrl}/calendar_events`);
          return { result: await pushing.run, counter: pushing.sent() };
        }),
      (r) => r.result['2xx'],
    );
    const single = await verified('push', result, counter);
    /** The pushes against the API as `npm run start:api` runs it, on the same database and Temporal. */
    const servedPushes = async (prefix: string, extra: Record<string, string>) => {
      await outboxDrained();
      const served = await spawnApi({ ...env, TEMPORAL_ADDRESS: temporal.address, ...extra });
      try {
        await warmUp(`${served.baseUrl}/calendar_events`, prefix);
        const pushing = pushes(`${served.baseUrl}/calendar_events`, prefix);
        const { result: answers, line: cpu } = await cpuPerUnit(
          'push',
          { worker: worker.pid, api: served.pid },
          () => pushing.run,
          (r) => r['2xx'],
        );
        return {
          processes: served.processes,
          result: answers,
          cpu,
          ...(await verified(prefix, answers, pushing.sent())),
        };
      } finally {
        await served.stop();
      }
    };
    const servedOne = await servedPushes('served1', { API_PROCESSES: '1' });
    const clustered = await servedPushes('served', {});
    await outboxDrained();
    // Baseline, same run and load: an authenticated read (key check, per-IP limit, one list query).
    const baseline = await autocannon({
      url: `${api.baseUrl}/workspaces`,
      duration: seconds,
      connections: Number(values.connections),
      headers: { Authorization: spaces[0]!.key },
    });
    if (baseline.non2xx > 0) throw new Error(`${baseline.non2xx} non-2xx answers to GET /workspaces`);
    // The floor of a durable write here: bare Express parses the same bodies and writes each, in one
    // transaction of its own (BEGIN, one insert, COMMIT, as PostgreSQL commits here: fsync on), through
    // the same pool. No key, limit, lock, read or representation.
    await orm.em.fork().execute('drop table if exists bench_writes');
    await orm.em.fork().execute('create table bench_writes (id text primary key, body jsonb not null)');
    const bare = express();
    bare.post('/write', express.json(), async (req, res) => {
      try {
        await orm.em
          .fork()
          .transactional((em) =>
            em.execute('insert into bench_writes (id, body) values (?, ?)', [
              newId('meeting'),
              JSON.stringify(req.body),
            ]),
          );
        res.status(201).json({ ok: true });
      } catch (err) {
        res.status(500).json({ error: String(err) });
      }
    });
    const bareServer = http.createServer(bare);
    await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
    const { result: floor, line: cpuFloor } = await cpuPerUnit(
      'write',
      { worker: worker.pid },
      () => pushes(`http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/write`).run,
      (r) => r['2xx'],
    );
    bareServer.close();
    const [written] = await orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from bench_writes');
    await orm.em.fork().execute('drop table bench_writes');
    if (floor.non2xx > 0 || written!.n < floor['2xx'])
      throw new Error(
        `the write floor: ${floor.non2xx} non-2xx answers, ${written!.n} rows for ${floor['2xx']} answers`,
      );
    lines.push(
      `POST /calendar_events, 10 workspaces, new events, start:api with ${clustered.processes} API processes (API_PROCESSES unset: one per core): ${clustered.result.requests.average.toFixed(1)} req/s, p50 ${clustered.result.latency.p50} ms, p99 ${clustered.result.latency.p99} ms (${clustered.answered} answered, ${clustered.meetings} meetings and meeting.created)`,
      `  ${clustered.cpu}`,
      `POST /calendar_events, the same, start:api with API_PROCESSES=1: ${servedOne.result.requests.average.toFixed(1)} req/s, p50 ${servedOne.result.latency.p50} ms, p99 ${servedOne.result.latency.p99} ms (${servedOne.answered} answered, ${servedOne.meetings} meetings and meeting.created)`,
      `  ${servedOne.cpu}`,
      `POST /calendar_events, the same, the API in the bench's process (beside the load generator): ${result.requests.average.toFixed(1)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${single.answered} answered, ${single.meetings} meetings and meeting.created; ${statements.length} SQL statements per push)`,
      `  ${cpuInProcess}`,
      `  baseline, same run: GET /workspaces ${baseline.requests.average.toFixed(1)} req/s, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms (push/read ${(result.requests.average / baseline.requests.average).toFixed(2)})`,
      `  floor, same run: bare Express, the same bodies each written in a transaction of its own (BEGIN, insert, COMMIT) ${floor.requests.average.toFixed(1)} req/s, p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms (push/floor ${(result.requests.average / floor.requests.average).toFixed(2)})`,
      `  ${cpuFloor}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await worker.stop();
    await api.stop();
    await temporal.close();
    await db.close();
  }
}

runBench(module, main);
