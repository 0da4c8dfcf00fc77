/**
 * bench/http/compare.ts: GET /api/v1/workspaces of this checkout (or of --revision) against the
 * same route of another revision (default HEAD, so uncommitted changes are what is measured), both
 * APIs in this one process on one database, each from a copy of its own tree (a temporary git
 * worktree, or this checkout's files copied; node_modules those of this checkout) with an ORM pool
 * of its own, their loads taking turns for --rounds rounds, each side first in every other round.
 * Both sides share every moment of the machine, so a change smaller than bench/http's spread
 * between runs can show; run a revision against itself first to see this hour's noise.
 *   npm run bench:http:compare [-- --against HEAD~1 --revision HEAD --seconds 5 --rounds 8 --connections 10]
 * Prints each round, each side's median round, each round's ratio and the median of those ratios,
 * for throughput and for this process's CPU per request (both APIs and the load generator share
 * it, so only the ratio means something). Loopback only; bounded by rounds × seconds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUser } from '../../services/accounts';
import { projectRoot } from '../../runtime/paths';
import { benchDatabase, load, percentile, runBench } from '../support';

type Metered = Awaited<ReturnType<typeof metered>>;

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
      revision: { type: 'string' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '10' },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const root = projectRoot();
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const revision = git('rev-parse', '--short', values.against);
  const mine = values.revision ? git('rev-parse', '--short', values.revision) : 'this checkout';
  const holder = await mkdtemp(path.join(os.tmpdir(), 'bench-compare-'));
  const tree = path.join(holder, 'tree');
  const here = path.join(holder, 'here');
  const stops: (() => Promise<unknown>)[] = [];
  const worktrees: string[] = [];
  /** A revision checked out at `dir`, removed at the end whatever happens. */
  const checkout = (dir: string, rev: string) => {
    git('worktree', 'add', '--detach', '--force', dir, rev);
    worktrees.push(dir);
  };
  let db: Awaited<ReturnType<typeof benchDatabase>> | null = null;
  try {
    checkout(tree, revision);
    db = await benchDatabase('compare');
    const url = db.url;
    await symlink(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    // This checkout is copied too (its files as they are, changes and new files included), or with
    // --revision that revision checked out, so both sides are modules of a tree of their own, loaded
    // alike, neither sharing the bench's own (sharing them favoured that side by about a sixth).
    if (values.revision) checkout(here, values.revision);
    else {
      const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root })
        .toString()
        .split('\0')
        .filter((f) => f && existsSync(path.join(root, f)));
      for (const f of files) {
        await mkdir(path.dirname(path.join(here, f)), { recursive: true });
        await copyFile(path.join(root, f), path.join(here, f));
      }
    }
    await symlink(path.join(root, 'node_modules'), path.join(here, 'node_modules'), 'dir');
    const { orm, tmp } = db;
    const { api_key } = await createUser(orm.em.fork(), {
      email: `bench-${Date.now()}@example.com`,
      workspaceName: 'Bench',
    });
    const settings = { LOG_LEVEL: 'warn', RATE_LIMIT_IP_PER_MINUTE: '100000000' };
    /** One tree's API, started from that tree's own modules with an ORM pool of its own: both sides alike. */
    const started = async (root: string, media: string) => {
      const from = (file: string) => import(path.join(root, file));
      const [{ startApi }, { createOrm }, { loadConfig }, { createLogger }, { LocalStorage }] = await Promise.all([
        from('api/server.ts'),
        from('db/orm.ts'),
        from('runtime/config.ts'),
        from('runtime/logger.ts'),
        from('runtime/storage.ts'),
      ]);
      const own = await createOrm(url, createLogger('warn'), 20);
      stops.push(() => own.close(true));
      const api = await startApi(
        {
          orm: own,
          config: loadConfig(settings),
          log: createLogger('silent'),
          temporal: null,
          storage: new LocalStorage(path.join(tmp, media)),
        },
        { host: '127.0.0.1', port: 0 },
      );
      stops.push(() => api.stop());
      return `${api.baseUrl as string}/workspaces`;
    };
    const urls = { here: await started(here, 'media-here'), there: await started(tree, 'media-there') };
    const headers = { Authorization: api_key };
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
    // The rounds, each side first in every other one (the second load of a round is not favoured).
    const runs = { here: [] as Metered[], there: [] as Metered[] };
    for (let r = 0; r < Number(values.rounds); r += 1)
      for (const side of r % 2 === 0 ? (['there', 'here'] as const) : (['here', 'there'] as const))
        runs[side].push(await metered(urls[side], headers, seconds, connections));
    const ratios = runs.here.map((h, i) => h.rps / runs.there[i]!.rps);
    const cpuRatios = runs.here.map((h, i) => h.cpuMs / runs.there[i]!.cpuMs);
    const middle = (xs: Metered[]) => [...xs].sort((x, y) => x.rps - y.rps)[Math.floor(xs.length / 2)]!;
    const fmt = (x: { rps: number; cpuMs: number; p99: number }) =>
      `${x.rps.toFixed(1)} req/s, p99 ${x.p99} ms, ${x.cpuMs.toFixed(3)} ms CPU/request`;
    process.stdout.write(
      [
        `bench/http/compare: GET /api/v1/workspaces, ${mine} against ${revision}, ${runs.here.length} alternating rounds of ${seconds}s, ${connections} connections, node ${process.version}`,
        `  rounds (req/s): ${revision} ${runs.there.map((x) => x.rps.toFixed(1)).join(', ')}; ${mine} ${runs.here.map((x) => x.rps.toFixed(1)).join(', ')}`,
        `  ${revision}: ${fmt(middle(runs.there))}`,
        `  ${mine}: ${fmt(middle(runs.here))}`,
        `  ${mine}/${revision}, round by round: throughput ${ratios.map((x) => x.toFixed(3)).join(', ')}; CPU/request ${cpuRatios.map((x) => x.toFixed(3)).join(', ')}`,
        `  ${mine}/${revision}, the median of the rounds' ratios: throughput ${percentile(ratios, 50).toFixed(3)}, CPU/request ${percentile(cpuRatios, 50).toFixed(3)}`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db?.close();
    for (const dir of worktrees) git('worktree', 'remove', '--force', dir);
    await rm(holder, { recursive: true, force: true });
  }
}

runBench(module, main);
