import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../runtime/net';
import { processesWith, statOf } from '../../runtime/orphans';
import { projectRoot } from '../../runtime/paths';
import { testEnv } from './env';

const run = promisify(execFile);

export type NpmStart = {
  env: NodeJS.ProcessEnv;
  /** `npm start` as a user runs it; resolves with the API base URL and Temporal UI URL it prints. */
  start: () => Promise<{ base: string; ui: string; output: () => string }>;
  /** SIGTERM to the whole process group (SIGKILL after 20 s); a no-op when not running. */
  stop: () => Promise<void>;
  /** `npm run admin -- ...args`: the JSON object it prints. */
  admin: (...args: string[]) => Promise<Record<string, string>>;
  /** SIGKILL to the service's main node process alone (as the OOM killer would); resolves once npm has exited. */
  crash: () => Promise<void>;
};

/**
 * The service as `npm start` runs it on its embedded defaults (PostgreSQL, Temporal dev server
 * with its UI), on free ports and a fresh data folder; `extra` adds or overrides variables.
 */
export async function npmStart(extra: Record<string, string> = {}): Promise<NpmStart> {
  const dataDir = await mkdtemp(path.join(testEnv().tmp, 'e2e-'));
  // PostgreSQL runs as another user when we are root: it must be able to reach its data folder.
  await chmod(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    TEMPORAL_DEV_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(testEnv().cli ? { TEMPORAL_CLI_PATH: testEnv().cli! } : {}),
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  let service: ChildProcess | null = null;

  const start: NpmStart['start'] = () =>
    new Promise((resolve, reject) => {
      const child = spawn('npm', ['start'], {
        cwd: projectRoot(),
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      service = child;
      let out = '';
      const timer = setTimeout(() => reject(new Error(`npm start did not come up in time:\n${out}`)), 180_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const base = /API base URL:\s+(\S+)/.exec(out);
        const ui = /Temporal UI:\s+(\S+)/.exec(out);
        if (base && ui) {
          clearTimeout(timer);
          resolve({ base: base[1]!, ui: ui[1]!, output: () => out });
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code}:\n${out}`));
      });
    });

  const stop: NpmStart['stop'] = async () => {
    const child = service;
    service = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };

  const admin: NpmStart['admin'] = async (...args) => {
    const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: projectRoot(), env });
    return JSON.parse(stdout.trim().split('\n').pop()!);
  };

  const crash: NpmStart['crash'] = async () => {
    const child = service;
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error('npm start is not running');
    const exited = new Promise((r) => child.once('exit', r));
    // The main process of this npm start: `node … dist/scripts/start.js` in its process group.
    const [main] = processesWith(['dist/scripts/start.js']).filter((pid) => statOf(pid)?.group === child.pid);
    if (main === undefined) throw new Error('the main process of npm start was not found');
    process.kill(main, 'SIGKILL');
    service = null;
    await exited;
  };

  return { env, start, stop, admin, crash };
}
