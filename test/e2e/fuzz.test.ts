import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createLogger } from '../../runtime/logger';
import { projectRoot } from '../../runtime/paths';
import { ensureSchemathesis, type SchemathesisCommand } from '../../scripts/schemathesis';
import { testEnv } from '../support/env';
import { npmStart, type NpmStart } from '../support/npm-start';

/**
 * Schemathesis against /api/v1/openapi.json of the service started as `npm start` starts it:
 * every operation, examples, coverage, fuzzing and stateful runs through the document's links.
 * The run fails on a server error, a status code or media type the document does not declare,
 * or a response outside its schema. Checks: all, less where they contradict the spec:
 *  - positive_data_acceptance: a request valid by the schema must be accepted. The spec answers
 *    such requests 422 or 400 where no JSON Schema can say why: an id naming nothing the key
 *    can use (`member_id names no member of this workspace`), `member_id` with `member_data`,
 *    a cursor not made by the API (400), a NUL or unpaired surrogate in any text (422).
 *  - use_after_free (off for /bots/{id} and /calendar_connections/{id} only): an object must be gone
 *    after a DELETE. DELETE /bots/{id} cancels the bot and DELETE /calendar_connections/{id}
 *    disconnects the calendar; both stay readable (status `cancelled`, `disconnected`), as the
 *    spec's states say.
 * `--checks all` also limits response times to 10 s; here the limit is 30 s, the request timeout:
 * cancelling a bot waits up to 10 s for its workflow by design (README › Bots), and the fuzzer's
 * load on one 2-core machine shared with other tests decides the rest.
 * Schemathesis's error feedback (schemas adjusted from the API's 422 messages) is off: the document
 * is exact, and it took `must not be blank` for `is required` (see the config below).
 * The seed is fixed so a failure reproduces; the report's curl lines replay single requests.
 */
const SEED = 20261122;
/** Test cases per operation in the examples, coverage and fuzzing phases. */
const MAX_EXAMPLES = 20;
const STATEFUL_SCENARIOS = 300;
/** Schemathesis's own time budget: fuzzing and stateful runs repeat until it is spent. */
const FUZZ_SECONDS = 120;
/** Schemathesis is killed after this; with the start-up the test stays under five minutes. */
const FUZZ_BUDGET_MS = 200_000;

let service: NpmStart;
let command: SchemathesisCommand;
/** Where generated webhook endpoints mostly point: answers 204 at once, so deliveries do not pile up as retries. */
let receiver: http.Server;

beforeAll(async () => {
  if (process.env.TEST_SCHEMATHESIS_ERROR)
    throw new Error(`Schemathesis could not be installed: ${process.env.TEST_SCHEMATHESIS_ERROR}`);
  command = process.env.TEST_SCHEMATHESIS
    ? (JSON.parse(process.env.TEST_SCHEMATHESIS) as SchemathesisCommand)
    : await ensureSchemathesis(createLogger('warn', process.stderr)).catch((err: Error) => {
        throw new Error(`Schemathesis could not be installed: ${err.message}`);
      });
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  service = await npmStart({
    // The fuzzer sends thousands of requests a minute from one address; the limits stay declared (429).
    RATE_LIMIT_IP_PER_MINUTE: '1000000',
    RATE_LIMIT_WORKSPACES_PER_DAY: '100000',
    RATE_LIMIT_MEMBERS_PER_HOUR: '100000',
    RATE_LIMIT_BOTS_PER_HOUR: '100000',
    SIMULATOR_SPEED: '900',
    ALLOW_LOOPBACK_WEBHOOKS: 'true',
    // Generated webhook URLs and links must never become traffic to another machine: only loopback is reachable.
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(projectRoot(), 'test', 'support', 'loopback-only.cjs')}`.trim(),
  });
});
afterAll(async () => {
  await service?.stop();
  receiver?.close();
});

/** A simulated calendar connected through the hosted consent, so the connection operations have one to reach. */
async function connectCalendar(base: string, key: string, workspaceId: string): Promise<void> {
  const link = await fetch(`${base}/calendar_connect_links`, {
    method: 'POST',
    headers: { Authorization: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      workspace_id: workspaceId,
      provider: 'google',
      return_url: 'https://app.example.com/done',
      member_data: { name: 'Fuzz calendar', email: 'fuzz-calendar@example.com' },
    }),
  });
  assert.equal(link.status, 201, await link.clone().text());
  const { url } = (await link.json()) as { url: string };
  const consent = await fetch(url);
  const allow = /id="allow" href="([^"]+)"/.exec(await consent.text())![1]!.replace(/&amp;/g, '&');
  const toCallback = await fetch(new URL(allow, url), { redirect: 'manual' });
  const back = await fetch(toCallback.headers.get('location')!, { redirect: 'manual' });
  assert.match(new URL(back.headers.get('location')!).searchParams.get('calendar_connection_id') ?? '', /^cal_/);
}

function runSchemathesis(
  args: string[],
  cwd: string,
): Promise<{ code: number | null; output: string; timedOut: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command.python, [...command.args, ...args], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', COLUMNS: '120' },
    });
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, FUZZ_BUDGET_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut, ms: Date.now() - started });
    });
  });
}

describe('the OpenAPI document against the running service (Schemathesis)', () => {
  it('When Schemathesis fuzzes every operation with a key from the admin command, then no answer is a server error, an undeclared status or media type, or outside its schema', async () => {
    const { base } = await service.start();
    const user = await service.admin(
      'create-user',
      '--email',
      'fuzz@example.com',
      '--name',
      'Fuzz',
      '--workspace-name',
      'Fuzz workspace',
    );
    await connectCalendar(base, user.api_key!, user.workspace_id!);

    // A second workspace is offered to every `workspace_id` most of the time, so generated requests reach past the
    // access check. Another account owns it and the key is its admin: a stateful chain can archive the key's own
    // workspaces (DELETE /workspaces/{id} is the owner's), never this one, so what it made there stays findable.
    const owner = await service.admin(
      'create-user',
      '--email',
      'fuzz-owner@example.com',
      '--workspace-name',
      'Fuzz targets',
    );
    const targetWorkspace = owner.workspace_id!;
    await service.admin('grant', '--email', 'fuzz@example.com', '--workspace', targetWorkspace, '--role', 'admin');
    const dir = testEnv().tmp;
    const config = path.join(dir, `schemathesis-${process.pid}.toml`);
    await writeFile(
      config,
      [
        // Every check but positive_data_acceptance, here rather than on the command line: a CLI --checks
        // outranks the per-operation settings below, and use_after_free for bots then applied anyway.
        `[checks]`,
        `enabled = true`,
        `positive_data_acceptance = { enabled = false }`,
        `[dictionaries]`,
        `workspaces = { values = ["${targetWorkspace}"] }`,
        `receivers = { values = ["http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks"] }`,
        `[parameters]`,
        `"query.workspace_id" = { dictionary = "workspaces", probability = 0.8 }`,
        `"body.workspace_id" = { dictionary = "workspaces", probability = 0.8 }`,
        `"body.url" = { dictionary = "receivers", probability = 0.95 }`,
        // Stateful runs: scenarios of up to 10 linked calls (create, then read, change, delete what it made).
        `[phases.stateful]`,
        `max-steps = 10`,
        // No schema learnt from error messages: the document is exact, and Schemathesis's error feedback reads
        // a 422 such as `name must not be blank.` (PATCH /members/{id} with a blank name) as "name is required",
        // then reports a valid PATCH without a name as a schema-violating request the API accepted (ST201). It
        // applies to every phase though configured under fuzzing.
        `[phases.fuzzing.error-feedback]`,
        `enabled = false`,
        // A cancelled bot and a disconnected calendar stay readable after their DELETE, with their state (see above).
        `[[operations]]`,
        `include-path-regex = "/(bots|calendar_connections)/\\\\{id\\\\}"`,
        `checks = { use_after_free = { enabled = false } }`,
        // Only the document's own links: they are what this test checks, and guessed ones may archive the key's workspaces.
        `[phases.stateful.inference]`,
        `algorithms = []`,
        `[phases.stateful.generation]`,
        `max-examples = ${STATEFUL_SCENARIOS}`,
        '',
      ].join('\n'),
    );
    const args = [
      '--config-file',
      config,
      'run',
      `${base}/openapi.json`,
      '--header',
      `Authorization: ${user.api_key}`,
      '--max-response-time',
      '30',
      '--max-examples',
      String(MAX_EXAMPLES),
      '--max-time',
      String(FUZZ_SECONDS),
      '--seed',
      String(SEED),
      // No examples database carried between runs: the seed alone decides what is generated.
      '--generation-database',
      'none',
      '--generation-codec',
      'utf-8',
      '--request-timeout',
      '30',
      // One worker: with threads, Hypothesis on Python 3.11 fails describing strategies ("AST constructor recursion depth mismatch").
      '--workers',
      '1',
      '--no-color',
      '--report-dir',
      process.env.FUZZ_REPORT_DIR ?? path.join(dir, `schemathesis-report-${process.pid}`),
    ];
    process.stdout.write(
      `# schemathesis ${command.version}, seed ${SEED}: ${['st', ...args].join(' ').replace(user.api_key!, '<key>')}\n`,
    );
    const run = await runSchemathesis(args, dir);
    process.stdout.write(
      `# schemathesis finished in ${Math.round(run.ms / 1000)} s with exit ${run.code}${run.timedOut ? ' (killed at the time budget)' : ''}\n`,
    );
    // What was covered: the phases' tallies, stateful scenarios and links, test cases.
    const tallies = run.output.split('\n').filter((l) => /^\s*(✅|❌|🚫|⏭|Scenarios:|API Links:)|generated,/.test(l));
    process.stdout.write(tallies.map((l) => `#   ${l.trim()}\n`).join(''));
    const report = run.output.includes('=== FAILURES ===')
      ? run.output.slice(run.output.indexOf('=== FAILURES ===') - 40)
      : run.output;
    assert.ok(
      !run.timedOut,
      `Schemathesis ran past ${FUZZ_BUDGET_MS / 1000} s and was stopped:\n${run.output.slice(-20_000)}`,
    );
    assert.equal(run.code, 0, `Schemathesis found problems (seed ${SEED}):\n${report.slice(0, 60_000)}`);
  }, 300_000);
});
