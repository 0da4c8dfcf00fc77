/**
 * bench/settings: GET /api/v1/meetings?include=settings&limit=100 on a workspace with 1,000
 * members, 10,000 meetings and 2,000 assignments besides everyone's own: requests/s, p50/p99, and
 * the SQL queries one request makes (with and without include=settings); served as `npm run
 * start:api` serves it (one API process per core) and with API_PROCESSES=1; the API in this
 * process counts the statements (and is profiled). Two floors from the same run, bare Express in this
 * process running the page's statement through the same pool: one sends the rows as JSON (the bytes
 * of a page without settings), the other the service's own page with settings (three times the
 * bytes), serialised on each request.
 *   npm run bench:settings [-- --seconds 10 --connections 10 --rounds 3]
 * With BENCH_CPU_PROFILE=<dir>, one more load of the page with settings is profiled (<dir>/settings-page.cpuprofile).
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
import { MEETING_BOTS_SQL } from '../../db/meetings';
import type { Orm } from '../../db/orm';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import { benchDatabase, load, loadInRounds, profiled, runBench, spawnApi } from '../support';

const MEMBERS = 1_000;
const MEETINGS = 10_000;
const ASSIGNMENTS = 2_000;
const NAMED_SETTINGS = 20;

/** Ids in the service's shape (prefix + 26 base-32 characters), ordered by n. */
const id = (prefix: string, n: string) => `'${prefix}_' || lpad((${n})::text, 26, '0')`;

/**
 * Seeds in bulk with SQL: members with their own settings; meetings of members (half with an
 * outside participant) with their own settings; named settings assigned per member with categories.
 */
export async function seed(orm: Orm, workspaceId: string): Promise<void> {
  const em = orm.em.fork();
  await em.execute(`
    insert into members (id, workspace_id, email, name, metadata, created_at, updated_at)
      select ${id('mem', 'i')}, '${workspaceId}', 'member' || i || '@acme.test', 'Member ' || i, '{}', now(), now() from generate_series(1, ${MEMBERS}) i;
    insert into settings (id, workspace_id, own_kind, own_id, "values") select ${id('set', "'1' || lpad(i::text, 7, '0')")}, '${workspaceId}', 'member', ${id('mem', 'i')}, '{}' from generate_series(1, ${MEMBERS}) i;
    insert into settings_assignments (id, settings_id, scope, scope_key, workspace_id, member_id, specificity)
      select ${id('asg', "'1' || lpad(i::text, 7, '0')")}, ${id('set', "'1' || lpad(i::text, 7, '0')")}, jsonb_build_array('members:' || ${id('mem', 'i')}), 'members:' || ${id('mem', 'i')}, '${workspaceId}', ${id('mem', 'i')}, 400
      from generate_series(1, ${MEMBERS}) i;
    insert into meetings (id, workspace_id, member_id, source, title, starts_at, meeting_url, platform, participants, own_settings_id, own_assignment_id, results, metadata)
      select ${id('mtg', 'i')}, '${workspaceId}', ${id('mem', '1 + i % ' + MEMBERS)}, 'bot', 'Meeting ' || i, now() + (i || ' minutes')::interval, 'https://zoom.us/j/' || i, 'zoom',
             case when i % 2 = 0 then jsonb_build_array(jsonb_build_object('name', null, 'email', 'member' || (1 + i % ${MEMBERS}) || '@acme.test', 'member_id', ${id('mem', '1 + i % ' + MEMBERS)}),
                                                     jsonb_build_object('name', null, 'email', 'guest' || i || '@else.test', 'member_id', null))
                  else jsonb_build_array(jsonb_build_object('name', null, 'email', 'member' || (1 + i % ${MEMBERS}) || '@acme.test', 'member_id', ${id('mem', '1 + i % ' + MEMBERS)})) end,
             ${id('set', "'2' || lpad(i::text, 7, '0')")}, ${id('asg', "'2' || lpad(i::text, 7, '0')")},
             '{"status":"none","transcript":{"status":"none","language":null},"summary":{"status":"none"},"media":{"status":"none","duration_seconds":null}}', '{}'
      from generate_series(1, ${MEETINGS}) i;
    insert into settings (id, workspace_id, own_kind, own_id, "values")
      select ${id('set', "'2' || lpad(i::text, 7, '0')")}, '${workspaceId}', 'meeting', ${id('mtg', 'i')}, case when i % 3 = 0 then '{"summary.template":"sales"}'::jsonb else '{}'::jsonb end
      from generate_series(1, ${MEETINGS}) i;
    insert into settings_assignments (id, settings_id, scope, scope_key, workspace_id, meeting_id, specificity)
      select ${id('asg', "'2' || lpad(i::text, 7, '0')")}, ${id('set', "'2' || lpad(i::text, 7, '0')")}, jsonb_build_array('workspaces:${workspaceId}', 'meetings:' || ${id('mtg', 'i')}),
             'workspaces:${workspaceId}|meetings:' || ${id('mtg', 'i')}, '${workspaceId}', ${id('mtg', 'i')}, 700
      from generate_series(1, ${MEETINGS}) i;
    insert into settings (id, workspace_id, name, "values")
      select ${id('set', "'3' || lpad(i::text, 7, '0')")}, '${workspaceId}', 'Named ' || i, jsonb_build_object('transcription.language', (array['en','de','fr','es','it'])[1 + i % 5])
      from generate_series(1, ${NAMED_SETTINGS}) i;
    insert into settings_assignments (id, settings_id, scope, scope_key, workspace_id, member_id, specificity)
      select ${id('asg', "'3' || lpad(i::text, 7, '0')")}, ${id('set', "'3' || lpad((1 + i % " + NAMED_SETTINGS + ")::text, 7, '0')")},
             jsonb_build_array('members:' || ${id('mem', '1 + i % ' + MEMBERS)}, case when i <= ${MEMBERS} then 'meetings:external' else 'meetings:organized' end),
             'members:' || ${id('mem', '1 + i % ' + MEMBERS)} || '|' || case when i <= ${MEMBERS} then 'meetings:external' else 'meetings:organized' end,
             '${workspaceId}', ${id('mem', '1 + i % ' + MEMBERS)}, 501
      from generate_series(1, ${ASSIGNMENTS}) i;
    analyze;
  `);
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
  const db = await benchDatabase('settings');
  const { orm, tmp } = db;
  const { api_key, workspace_id } = await createUser(orm.em.fork(), {
    email: `bench-${Date.now()}@example.com`,
    workspaceName: 'Bench',
  });
  const seededAt = Date.now();
  await seed(orm, workspace_id!);
  const seedSeconds = (Date.now() - seededAt) / 1000;
  const config = loadConfig({ LOG_LEVEL: 'warn', RATE_LIMIT_IP_PER_MINUTE: '100000000' });
  const api = await startApi(
    { orm, config, log: createLogger('silent'), temporal: null, storage: new LocalStorage(path.join(tmp, 'media')) },
    { host: '127.0.0.1', port: 0 },
  );

  // Every statement the API sends goes through knex: count them around one request at a time.
  let queries = 0;
  orm.em
    .getConnection()
    .getKnex()
    .on('query', () => {
      queries += 1;
    });
  const headers = { Authorization: api_key };

  // The floor of this page, as bare Express serves it: the service's page statement (the meetings with
  // their bots) through the same pool, the rows as the driver gives them, as JSON (no key, limit or
  // representation).
  const pageRows = () =>
    orm.em
      .fork()
      .execute(
        `select m.*, ${MEETING_BOTS_SQL} from meetings m where m.workspace_id = ? and m.id > ? and m.cancelled_at is null order by m.id limit ?`,
        [workspace_id, '', 101],
      );
  const bare = express();
  bare.get('/page', async (_req, res) => {
    try {
      const rows = await pageRows();
      res.json({ data: rows.slice(0, 100) });
    } catch (err) {
      res.status(500).json({ error: String(err) }); // only as the bench stops
    }
  });
  // The floor of the page with settings: the same statement, then the service's own page with
  // settings (read once, below) written as JSON on every request: a page of settings blocks is three
  // times the bytes of one without, and serialising and sending them is work no service avoids.
  let pageWithSettings: unknown = null;
  bare.get('/page-with-settings', async (_req, res) => {
    try {
      await pageRows();
      res.json(pageWithSettings);
    } catch (err) {
      res.status(500).json({ error: String(err) }); // only as the bench stops
    }
  });
  const bareServer = http.createServer(bare);
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
  const floorUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/page`;
  const floorWithSettingsUrl = `${floorUrl}-with-settings`;
  const withSettings = `${api.baseUrl}/meetings?workspace_id=${workspace_id}&include=settings&limit=100`;
  const without = `${api.baseUrl}/meetings?workspace_id=${workspace_id}&limit=100`;
  const queriesFor = async (target: string) => {
    const before = queries;
    const res = await fetch(target, { headers });
    const body = (await res.json()) as { data: { settings?: { assignments: unknown[] } }[] };
    if (res.status !== 200 || body.data.length !== 100)
      throw new Error(`unexpected answer ${res.status} with ${body.data.length} meetings`);
    return {
      queries: queries - before,
      assignmentsShown: body.data.reduce((n, m) => n + (m.settings?.assignments.length ?? 0), 0),
    };
  };

  let started: Awaited<ReturnType<typeof spawnApi>> | null = null;
  let startedOne: Awaited<ReturnType<typeof spawnApi>> | null = null;
  try {
    await queriesFor(without); // the key's first call also pins its version: not counted
    const one = await queriesFor(withSettings);
    const plain = await queriesFor(without);
    const floorPage = (await (await fetch(floorUrl)).json()) as { data: unknown[] };
    if (floorPage.data.length !== 100) throw new Error(`unexpected floor answer with ${floorPage.data.length} rows`);
    // The API as `npm run start:api` runs it: one API process per core (API_PROCESSES unset), and the
    // same with API_PROCESSES=1, on the same database. No Temporal server: the page starts no
    // workflow (the client connects lazily).
    const apiEnv = { DATABASE_URL: db.url };
    started = await spawnApi(apiEnv);
    startedOne = await spawnApi({ ...apiEnv, API_PROCESSES: '1' });
    const at = (url: string, served: { baseUrl: string }) => url.replace(api.baseUrl, served.baseUrl);
    // Both answer the same page as the API in this process.
    const pageOf = async (url: string) => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return JSON.stringify(((await res.json()) as { data: unknown[] }).data);
    };
    const here = await pageOf(withSettings);
    // The service's own page with settings, whole, as the floor with settings answers it.
    const served = await (await fetch(withSettings, { headers })).text();
    pageWithSettings = JSON.parse(served);
    const bytes = {
      withSettings: Buffer.byteLength(served),
      without: Buffer.byteLength(await (await fetch(without, { headers })).text()),
      floor: Buffer.byteLength(await (await fetch(floorUrl)).text()),
      floorWithSettings: Buffer.byteLength(await (await fetch(floorWithSettingsUrl)).text()),
    };
    if (bytes.floorWithSettings !== bytes.withSettings)
      throw new Error(`the floor with settings sent ${bytes.floorWithSettings} bytes, the page ${bytes.withSettings}`);
    for (const api of [started, startedOne])
      if ((await pageOf(at(withSettings, api))) !== here)
        throw new Error('start:api answered another page with settings than the API in this process');
    // Warm-up, not measured. The API processes are new: in runs with a 2 s warm-up their first round
    // was 15-20 % below the rounds after it, whatever the target (V8 was still optimising), while the
    // floors in this process were not. Each page of the service is warmed for as long as a round.
    const floors = [floorUrl, floorWithSettingsUrl];
    for (const served of [started, startedOne])
      for (const url of [withSettings, without]) await load(at(url, served), headers, seconds, connections);
    for (const url of floors) await load(url, {}, 2, connections);
    const { runs, median } = await loadInRounds(rounds, {
      service: () => load(at(withSettings, started!), headers, seconds, connections),
      baseline: () => load(at(without, started!), headers, seconds, connections),
      single: () => load(at(withSettings, startedOne!), headers, seconds, connections),
      singleWithout: () => load(at(without, startedOne!), headers, seconds, connections),
      floor: () => load(floorUrl, {}, seconds, connections),
      floorWithSettings: () => load(floorWithSettingsUrl, {}, seconds, connections),
    });
    const { service, baseline, single, singleWithout, floor, floorWithSettings } = median;
    // BENCH_CPU_PROFILE=<dir>: one more load of the page with settings, under the profiler (not counted).
    if (process.env.BENCH_CPU_PROFILE)
      await profiled('settings-page', () => load(withSettings, headers, seconds, connections));
    const fmt = (n: number) => n.toFixed(1);
    process.stdout.write(
      [
        `bench/settings: ${MEMBERS} members, ${MEETINGS} meetings, ${ASSIGNMENTS} assignments besides the own ones (seeded in ${seedSeconds.toFixed(1)} s); ${rounds} rounds of ${seconds}s per target (median round shown), ${connections} connections, node ${process.version}, ${os.cpus().length} cores`,
        `  rounds (req/s): with settings ${runs.service.map((x) => fmt(x.rps)).join(', ')}; without ${runs.baseline.map((x) => fmt(x.rps)).join(', ')}; one process with ${runs.single.map((x) => fmt(x.rps)).join(', ')}; one process without ${runs.singleWithout.map((x) => fmt(x.rps)).join(', ')}; floor ${runs.floor.map((x) => fmt(x.rps)).join(', ')}; floor with the page's settings ${runs.floorWithSettings.map((x) => fmt(x.rps)).join(', ')}`,
        `start:api, ${started.processes} API processes (API_PROCESSES unset: one per core):`,
        `GET /meetings?include=settings&limit=100  ${fmt(service.rps)} req/s  p50 ${service.p50} ms  p99 ${service.p99} ms  (${service.total} requests)  ${one.queries} SQL queries per request  (${one.assignmentsShown} assignments shown on the page)`,
        `GET /meetings?limit=100 (no settings)     ${fmt(baseline.rps)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms  (${baseline.total} requests)  ${plain.queries} SQL queries per request`,
        `start:api with API_PROCESSES=1:`,
        `GET /meetings?include=settings&limit=100  ${fmt(single.rps)} req/s  p50 ${single.p50} ms  p99 ${single.p99} ms  (${single.total} requests)`,
        `GET /meetings?limit=100 (no settings)     ${fmt(singleWithout.rps)} req/s  p50 ${singleWithout.p50} ms  p99 ${singleWithout.p99} ms  (${singleWithout.total} requests)`,
        `floor: bare express in one process (the bench's), the page's statement, rows as JSON  ${fmt(floor.rps)} req/s  p50 ${floor.p50} ms  p99 ${floor.p99} ms  (${floor.total} requests)`,
        `floor with settings: the same, answering the service's own page with settings as JSON (serialised on each request)  ${fmt(floorWithSettings.rps)} req/s  p50 ${floorWithSettings.p50} ms  p99 ${floorWithSettings.p99} ms  (${floorWithSettings.total} requests)`,
        `bytes a page: with settings ${bytes.withSettings}, without ${bytes.without}; floor ${bytes.floor}, floor with settings ${bytes.floorWithSettings}`,
        `ratio, one process against the floor: (no settings)/floor ${(singleWithout.rps / floor.rps).toFixed(3)}   (settings)/floor ${(single.rps / floor.rps).toFixed(3)}   (settings)/(floor with settings) ${(single.rps / floorWithSettings.rps).toFixed(3)}; ${started.processes} processes against one: with settings ${(service.rps / single.rps).toFixed(2)}×, without ${(baseline.rps / singleWithout.rps).toFixed(2)}×`,
        '',
      ].join('\n'),
    );
  } finally {
    await started?.stop();
    await startedOne?.stop();
    await api.stop();
    bareServer.close();
    await db.close();
  }
}

runBench(module, main);
