import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import supertest from 'supertest';
import { freePort } from '../../runtime/net';
import { projectRoot } from '../../runtime/paths';
import { freshDatabase } from '../support/db';
import { testEnv } from '../support/env';
import { until } from '../support/until';
import { csrfOf, signUpThrough } from '../support/web';

/**
 * `npm run start:api` with API_PROCESSES=2: one primary process and two API processes sharing the
 * port (node's cluster). What a user can see: both answer, /metrics counts the requests of both, a
 * key regenerated through one is refused at once by the other, and a killed API process is replaced.
 * No Temporal server: nothing here starts a workflow (the client connects lazily).
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let primary: ChildProcess;
let port = 0;
const logFile = path.join(testEnv().tmp, `api-processes-${process.pid}.log`);
const log = () => readFileSync(logFile, 'utf8').slice(-4000);

beforeAll(async () => {
  db = await freshDatabase();
  port = await freePort();
  const out = openSync(logFile, 'a');
  primary = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'start.ts'), '--only=api'], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_PROCESSES: '2',
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}/api/v1`,
      APP_URL: `http://127.0.0.1:${port}`,
      SIGNING_SECRET: 'api-processes-signing-secret-0123456789',
      DATA_DIR: path.join(testEnv().tmp, `api-processes-${process.pid}`),
      CHALLENGE_COST: '1000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  // The port opens with the first API process; the banner comes once every one listens.
  await until(async () => primary.exitCode !== null || log().includes('Notetaker service is running'), {
    what: 'the banner of start:api',
    timeoutMs: 120_000,
  });
  assert.equal(primary.exitCode, null, log());
}, 300_000);

afterAll(async () => {
  if (primary && primary.exitCode === null) {
    const exited = new Promise((r) => primary.once('exit', r));
    primary.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (primary.exitCode === null) primary.kill('SIGKILL');
  }
  await db?.drop();
});

/** The primary's child processes, as `ps --ppid` lists them. */
const apiProcesses = () =>
  readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

/** One request on a connection of its own (so node's cluster hands each to the next process in turn). */
const once = (p: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
  });

/** `GET /workspaces` answered 200, by the process that counted them (the `process` label of each series). */
const countedByProcess = async () => {
  const text = (await once('/metrics')).body;
  const line =
    /^notetaker_http_requests_total\{method="GET",route="\/api\/v1\/workspaces",status="200",process="([^"]+)"\} (\d+)$/gm;
  return Object.fromEntries([...text.matchAll(line)].map((m) => [m[1]!, Number(m[2])]));
};
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('the API served by several processes (API_PROCESSES)', () => {
  it('When the API runs as two processes, then both answer and /metrics counts the requests of both', async () => {
    assert.equal(apiProcesses().length, 2, log());
    const { key } = await signUpThrough(supertest.agent(`http://127.0.0.1:${port}`));
    const before = await countedByProcess();
    for (let i = 0; i < 8; i += 1) assert.equal((await once('/api/v1/workspaces', { Authorization: key })).status, 200);
    // Handed out in turn, four went to each process, and the scrape carries both processes' series.
    const after = await countedByProcess();
    assert.equal(total(after) - total(before), 8, log());
    assert.deepEqual(Object.keys(after).sort(), ['api-1', 'api-2']);
    assert.ok(/^notetaker_process_resident_memory_bytes\{process="primary"\} \d+/m.test((await once('/metrics')).body));
  }, 120_000);

  it('When a key is regenerated through the web app, then every API process refuses the old key at once', async () => {
    const browser = supertest.agent(`http://127.0.0.1:${port}`);
    const { key } = await signUpThrough(browser);
    const keyPage = await browser.get('/settings/personal/api');
    // Both processes have just read the key (each remembers it for half a second)...
    for (let i = 0; i < 4; i += 1) assert.equal((await once('/api/v1/workspaces', { Authorization: key })).status, 200);
    const regenerated = await browser
      .post('/settings/personal/api/regenerate')
      .type('form')
      .send({ _csrf: csrfOf(keyPage.text) });
    assert.equal(regenerated.status, 303);
    // ...and neither answers with it any more, whichever gets the request.
    const after = await Promise.all(
      Array.from({ length: 6 }, () => once('/api/v1/workspaces', { Authorization: key })),
    );
    assert.deepEqual(
      after.map((r) => r.status),
      [401, 401, 401, 401, 401, 401],
    );
    assert.match(after[0]!.body, /invalid_api_key/);
  }, 120_000);

  it('When an API process is killed, then the other keeps answering and another process takes its place', async () => {
    const { key } = await signUpThrough(supertest.agent(`http://127.0.0.1:${port}`));
    const [killed, kept] = apiProcesses();
    process.kill(killed!, 'SIGKILL');
    await until(async () => apiProcesses(), {
      what: 'the primary saw the API process exit',
      accept: (pids) => !pids.includes(killed!),
      timeoutMs: 10_000,
    });
    for (let i = 0; i < 4; i += 1) assert.equal((await once('/api/v1/workspaces', { Authorization: key })).status, 200);
    const replaced = await until(async () => apiProcesses(), {
      what: 'another API process in its place',
      accept: (pids) => pids.length === 2 && pids.includes(kept!),
      timeoutMs: 30_000,
    });
    assert.ok(!replaced.includes(killed!));
    await until(async () => log(), {
      what: 'the replacement listening',
      accept: (text) => text.includes('API process replaced'),
      timeoutMs: 30_000,
    });
    assert.match(log(), /an API process exited; starting another in its place/);
    const answered = await Promise.all(
      Array.from({ length: 4 }, () => once('/api/v1/workspaces', { Authorization: key })),
    );
    assert.deepEqual(
      answered.map((r) => r.status),
      [200, 200, 200, 200],
    );
  }, 120_000);
});
