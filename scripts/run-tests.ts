/**
 * `npm test`: prepares what every suite needs once (PostgreSQL with a migrated template database,
 * the Temporal binaries, the Schemathesis install, one workflow bundle), then runs the test files
 * with jest (jest.config.js), TEST_CONCURRENCY files at a time (2 by default).
 * Each test file makes its own database from the template and its own Temporal test server.
 *   npm test                                   every suite
 *   npm test -- test/unit                      one folder (or file)
 *   TEST_NAME_PATTERN='webhook' npm test       the tests whose name matches (jest's -t)
 * The last line is `N passed, N failed`, from jest's JSON results; a file that fails to load or a
 * failing hook counts as a failure there even when none of its tests ran.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DefaultLogger, bundleWorkflowCode } from '@temporalio/worker';
import { createOrm, migrate } from '../db/orm';
import { createLogger } from '../runtime/logger';
import { freePort, sweepPortNotes } from '../runtime/net';
import { projectRoot } from '../runtime/paths';
import { PostgresStartError, startEmbeddedPostgres } from '../runtime/postgres';
import { ensureTemporalCli, ensureTestServer } from '../runtime/temporal-binaries';
import { ensureSchemathesis } from './schemathesis';

const TEMPLATE_DB = 'notetaker_test_template';

function testFiles(target: string): string[] {
  const stat = statSync(target);
  if (stat.isFile()) return [target];
  return readdirSync(target, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? testFiles(path.join(target, e.name))
        : e.name.endsWith('.test.ts')
          ? [path.join(target, e.name)]
          : [],
    )
    .sort();
}

async function main(): Promise<number> {
  const root = projectRoot();
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'info', process.stderr);
  const targets = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const files = (targets.length ? targets : ['test']).flatMap((t) => testFiles(path.resolve(root, t)));
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'notetaker-test-'));
  // PostgreSQL runs as another user when we are root: it must be able to reach its data folder.
  await chmod(tmp, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [() => rm(tmp, { recursive: true, force: true })];
  try {
    log.info('preparing Temporal binaries (cached after the first run)');
    // The OpenAPI fuzzer, when its test runs; a failed install is that test's failure, not the run's.
    const schemathesis = files.some((f) => f.endsWith(path.join('e2e', 'fuzz.test.ts')))
      ? ensureSchemathesis(log).then(
          (c) => ({ TEST_SCHEMATHESIS: JSON.stringify(c) }),
          (err: Error) => ({ TEST_SCHEMATHESIS_ERROR: err.message }),
        )
      : Promise.resolve({});
    const [testServer, cli] = await Promise.all([
      ensureTestServer(log),
      ensureTemporalCli(log, process.env.TEMPORAL_CLI_PATH),
    ]);

    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      const port = await freePort();
      const handle = await startEmbeddedPostgres({
        dataDir: path.join(tmp, 'postgres'),
        port,
        database: 'postgres',
        log,
        persistent: false,
      });
      cleanups.push(handle.stop);
      adminUrl = handle.url;
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
    const orm = await createOrm(templateUrl, log, 1);
    await migrate(orm);
    await orm.close();

    log.info('bundling the workflows once for every test file');
    const bundle = await bundleWorkflowCode({
      workflowsPath: path.join(root, 'workflows', 'index.ts'),
      logger: new DefaultLogger('WARN'),
    });
    const bundlePath = path.join(tmp, 'workflow-bundle.js');
    await writeFile(bundlePath, bundle.code);

    const env = {
      ...process.env,
      NODE_ENV: 'test',
      TEST_PG_ADMIN_URL: adminUrl,
      TEST_TEMPLATE_DB: TEMPLATE_DB,
      TEST_WORKFLOW_BUNDLE: bundlePath,
      TEST_TEMPORAL_TEST_SERVER: testServer ?? '',
      TEST_TEMPORAL_CLI: cli ?? '',
      TEST_TMP: tmp,
      ...(await schemathesis),
    };
    const concurrency = process.env.TEST_CONCURRENCY ?? '2';
    const pattern = process.env.TEST_NAME_PATTERN ? ['--testNamePattern', process.env.TEST_NAME_PATTERN] : [];
    const resultsFile = path.join(tmp, 'jest-results.json');
    // A file named outright runs even if it is not a *.test.ts (test/histories/record.ts).
    const anyFile = files.some((f) => !f.endsWith('.test.ts')) ? ['--testMatch', '<rootDir>/test/**/*.ts'] : [];
    const args = [
      require.resolve('jest/bin/jest'),
      '--config',
      path.join(root, 'jest.config.js'),
      `--maxWorkers=${concurrency}`,
      '--json',
      '--outputFile',
      resultsFile,
      ...anyFile,
      ...pattern,
      '--runTestsByPath',
      ...files,
    ];
    const code = await new Promise<number>((resolve) => {
      // Its own process group, so a run past its deadline is stopped with everything it started.
      const child = spawn(process.execPath, args, {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
      });
      const deadlineMs = Number(process.env.TEST_RUN_DEADLINE_MS ?? 30 * 60_000);
      const watchdog = setTimeout(() => {
        process.stdout.write(
          `\nthe test run passed its deadline of ${deadlineMs / 60_000} minutes: stopping it and every server it started\n`,
        );
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, deadlineMs);
      // Ctrl-C reaches the runner only (the child has its own group): pass it on.
      const forward = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          child.kill(signal);
        }
      };
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      child.on('close', () => clearTimeout(watchdog));
      child.on('close', (c) => resolve(c ?? 1));
    });
    // Test files note the ports they were handed (runtime/net.ts) and never see their own exit.
    sweepPortNotes();
    const counts = tally(resultsFile);
    // A run that failed with nothing to show for it (killed, or jest itself failed) is not a pass.
    if (code !== 0 && counts.fail === 0) counts.fail = 1;
    if (code !== 0) process.stdout.write(`\njest exited with ${code}\n`);
    process.stdout.write(`\n${counts.pass} passed, ${counts.fail} failed\n`);
    return code;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/**
 * Passed and failed tests from jest's JSON results. A test file that failed with no failing test
 * (it did not load, or a hook such as afterAll failed) counts as one failure of its own.
 */
function tally(resultsFile: string): { pass: number; fail: number } {
  if (!existsSync(resultsFile)) return { pass: 0, fail: 0 };
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { status: string; assertionResults: { status: string }[] }[];
  };
  const fileFailures = results.testResults.filter(
    (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  return { pass: results.numPassedTests, fail: results.numFailedTests + fileFailures };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      err instanceof PostgresStartError
        ? `test run failed to start: ${err.message}\n`
        : `test run failed to start: ${(err as Error).stack}\n`,
    );
    process.exit(1);
  },
);
