/**
 * bench/http/compare.ts: GET /api/v1/workspaces of this checkout against the same route of another
 * revision (default HEAD, so uncommitted changes are what is measured), both APIs in this one
 * process on one database, their loads taking turns for --rounds rounds. A change too small for
 * bench/http's spread between runs (a few per cent) shows here, where both sides share every
 * moment of the machine. The other revision is checked out into a temporary git worktree (its
 * node_modules those of this checkout), removed at the end.
 *   npm run bench:http:compare [-- --against HEAD~1 --seconds 5 --rounds 4 --connections 10]
 * Prints each round, the medians, their ratio (this/against), and this process's CPU per request
 * (both APIs and the load generator share it, so only the difference between the two means
 * something). Loopback only; bounded by rounds × seconds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startApi } from '../../api/server';
import { createUser } from '../../services/accounts';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { projectRoot } from '../../runtime/paths';
import { LocalStorage } from '../../runtime/storage';
import { benchDatabase, load, loadInRounds, runBench } from '../support';

/** This process's CPU (user + system, ms) per request of one load. */
async function metered(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const before = process.cpuUsage();
  const result = await load(url, headers, seconds, connections);
  const used = process.cpuUsage(before);
  return { ...result, cpuMs: (used.user + used.system) / 1000 / Math.max(1, result.total) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      against: { type: 'string', default: 'HEAD' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '4' },
      connections: { type: 'string', default: '10' },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const root = projectRoot();
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const revision = git('rev-parse', '--short', values.against);
  const holder = await mkdtemp(path.join(os.tmpdir(), 'bench-compare-'));
  const tree = path.join(holder, 'tree');
  git('worktree', 'add', '--detach', '--force', tree, revision);
  const db = await benchDatabase('compare');
  const stops: (() => Promise<unknown>)[] = [];
  try {
    await symlink(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    const { orm, tmp } = db;
    const { api_key } = await createUser(orm.em.fork(), {
      email: `bench-${Date.now()}@example.com`,
      workspaceName: 'Bench',
    });
    const settings = { LOG_LEVEL: 'warn', RATE_LIMIT_IP_PER_MINUTE: '100000000' };
    const here = await startApi(
      {
        orm,
        config: loadConfig(settings),
        log: createLogger('silent'),
        temporal: null,
        storage: new LocalStorage(path.join(tmp, 'media')),
      },
      { host: '127.0.0.1', port: 0 },
    );
    stops.push(() => here.stop());
    // The other revision's own modules: its API, ORM set-up, configuration and logger.
    const from = (file: string) => import(path.join(tree, file));
    const [
      { startApi: startThere },
      { createOrm },
      { loadConfig: configThere },
      { createLogger: loggerThere },
      storage,
    ] = await Promise.all([
      from('api/server.ts'),
      from('db/orm.ts'),
      from('runtime/config.ts'),
      from('runtime/logger.ts'),
      from('runtime/storage.ts'),
    ]);
    const ormThere = await createOrm(db.url, loggerThere('warn'), 20);
    stops.push(() => ormThere.close(true));
    const there = await startThere(
      {
        orm: ormThere,
        config: configThere(settings),
        log: loggerThere('silent'),
        temporal: null,
        storage: new storage.LocalStorage(path.join(tmp, 'media-there')),
      },
      { host: '127.0.0.1', port: 0 },
    );
    stops.push(() => there.stop());
    const headers = { Authorization: api_key };
    const urls = { here: `${here.baseUrl}/workspaces`, there: `${there.baseUrl}/workspaces` };
    // Both answer the same list (the key's one workspace), or there is nothing to compare.
    const [a, b] = await Promise.all(
      [urls.here, urls.there].map(async (u) => {
        const r = await fetch(u, { headers });
        return `${r.status} ${JSON.stringify(await r.json())}`;
      }),
    );
    if (a !== b || !a!.startsWith('200 ')) throw new Error(`the two answer differently:\n${a}\n${b}`);
    // Warm-up (JIT, both pools) for a round's length each, not counted.
    await load(urls.here, headers, seconds, connections);
    await load(urls.there, headers, seconds, connections);
    const { runs, median } = await loadInRounds(Number(values.rounds), {
      there: () => metered(urls.there, headers, seconds, connections),
      here: () => metered(urls.here, headers, seconds, connections),
    });
    const fmt = (x: { rps: number; cpuMs: number; p99: number }) =>
      `${x.rps.toFixed(1)} req/s, p99 ${x.p99} ms, ${x.cpuMs.toFixed(3)} ms CPU/request`;
    process.stdout.write(
      [
        `bench/http/compare: GET /api/v1/workspaces, this checkout against ${revision}, ${runs.here.length} alternating rounds of ${seconds}s, ${connections} connections, node ${process.version}`,
        `  rounds (req/s): ${revision} ${runs.there.map((x) => x.rps.toFixed(1)).join(', ')}; this checkout ${runs.here.map((x) => x.rps.toFixed(1)).join(', ')}`,
        `  ${revision}: ${fmt(median.there)}`,
        `  this checkout: ${fmt(median.here)}`,
        `  this/${revision}: throughput ${(median.here.rps / median.there.rps).toFixed(3)}, CPU/request ${(median.here.cpuMs / median.there.cpuMs).toFixed(3)}`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.close();
    git('worktree', 'remove', '--force', tree);
    await rm(holder, { recursive: true, force: true });
  }
}

runBench(module, main);
