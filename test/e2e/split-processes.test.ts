import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createUser } from '../../services/accounts';
import { freePort, waitForPort } from '../../runtime/net';
import { projectRoot } from '../../runtime/paths';
import { startDevServer, type ServerHandle } from '../../runtime/temporal-servers';
import { freshDatabase, silentLog } from '../support/db';
import { testEnv } from '../support/env';
import { until } from '../support/until';

/**
 * The production shape without a container engine: `npm run start:api` and `npm run start:worker` as
 * two processes on one PostgreSQL and one Temporal, sharing only
 * SIGNING_SECRET and the media folder, as docker-compose.yml wires them.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let temporal: ServerHandle;
const children: ChildProcess[] = [];
let base = '';
const logDir = path.join(testEnv().tmp, `split-${process.pid}`);

beforeAll(async () => {
  db = await freshDatabase();
  temporal = await startDevServer({
    log: silentLog,
    port: await freePort(),
    uiPort: 0,
    namespace: 'default',
    headless: true,
    cliPath: testEnv().cli,
  });
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: 'split',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}/api/v1`,
    SIGNING_SECRET: 'split-processes-signing-secret-0123456789',
    MEDIA_DIR: path.join(logDir, 'media'),
    DATA_DIR: logDir,
    SIMULATOR_SPEED: '60',
    SIMULATOR_MEETING_SECONDS: '60',
    LOG_LEVEL: 'info',
  };
  for (const half of ['worker', 'api'] as const) {
    const out = openSync(path.join(testEnv().tmp, `split-${process.pid}-${half}.log`), 'a');
    // What `npm run start:<half>` runs, from the sources (test/e2e/start.test.ts covers the compiled build;
    // building here too would race it for dist/).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'start.ts'), `--only=${half}`], {
      cwd: projectRoot(),
      env,
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    children.push(child);
  }
  await waitForPort('127.0.0.1', port, 120_000, () => children.every((c) => c.exitCode === null));
  base = `http://127.0.0.1:${port}/api/v1`;
}, 420_000);

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (c.exitCode === null) c.kill('SIGKILL');
  }
  await temporal?.stop();
  await db?.drop();
});

const logs = () =>
  ['api', 'worker']
    .map((h) => {
      try {
        return `--- ${h}\n${readFileSync(path.join(testEnv().tmp, `split-${process.pid}-${h}.log`), 'utf8').slice(-3000)}`;
      } catch {
        return '';
      }
    })
    .join('\n');

/** A failure carries the tail of both processes' logs. */
const withLogs = (err: Error): never => {
  throw new Error(`${err.message}\n${logs()}`);
};

describe('the API and the worker as separate processes', () => {
  it('When a calendar is connected through the API and a bot records, then the worker opens the token the API sealed and the API serves the media the worker wrote', async () => {
    const { api_key: key, workspace_id } = await createUser(db.orm.em.fork(), {
      email: 'split@example.com',
      workspaceName: 'Split',
    });
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: { Authorization: key, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };

    // The API seals the provider's tokens at the consent callback; the worker's sync opens them.
    const link = await call('POST', '/calendar_connect_links', {
      workspace_id,
      provider: 'google',
      member_data: { name: 'Sam', email: 'sam@example.com' },
      return_url: 'https://app.example.com/done',
    });
    assert.equal(link.status, 201, JSON.stringify(link.body));
    const get = (url: string) => fetch(url, { redirect: 'manual' });
    const toProvider = await get(link.body.url);
    assert.equal(toProvider.status, 302);
    const consentUrl = new URL(toProvider.headers.get('location')!, link.body.url);
    const consentPage = await (await get(consentUrl.toString())).text();
    const allow = /id="allow" href="([^"]+)"/.exec(consentPage)![1]!.replace(/&amp;/g, '&');
    const toCallback = await get(new URL(allow, consentUrl).toString());
    const back = await get(new URL(toCallback.headers.get('location')!, consentUrl).toString());
    const returned = new URL(back.headers.get('location')!);
    const connectionId = returned.searchParams.get('calendar_connection_id');
    assert.match(connectionId ?? '', /^cal_/, `${returned.toString()}\n${logs()}`);
    await until(async () => (await call('GET', `/calendar_connections/${connectionId}`)).body.status, {
      what: 'the worker synced the connection with the token the API sealed',
      accept: (s) => s === 'active',
      timeoutMs: 60_000,
    }).catch(withLogs);

    // The simulated meeting records; the worker writes its media into the shared folder.
    const bot = await call('POST', '/bots', { workspace_id, meeting_url: 'https://meet.google.com/spl-itpr-ocs' });
    assert.equal(bot.status, 201, JSON.stringify(bot.body));
    const results = await until(async () => (await call('GET', `/meetings/${bot.body.meeting_id}/results`)).body, {
      what: 'the recording processed',
      accept: (r) => r.media?.status === 'ready',
      timeoutMs: 120_000,
    }).catch(withLogs);
    const media = await fetch(results.media.audio_url as string);
    assert.equal(media.status, 200);
    assert.ok((await media.arrayBuffer()).byteLength > 0, 'the API served bytes the worker wrote');
  }, 300_000);
});
