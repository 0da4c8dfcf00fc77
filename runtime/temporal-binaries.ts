import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from './logger';
import { projectRoot } from './paths';

/**
 * Temporal's SDK downloads its server binaries at run time; machines without internet cannot.
 * Resolution order (DESIGN.md): an explicit path from the environment, then a binary built or
 * fetched from a package registry and cached outside the repo, then null (the SDK downloads).
 */
export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';
export const TEST_SERVER_VERSION = '1.38.0';

export function cacheDir(): string {
  if (process.env.NOTETAKER_CACHE_DIR) return path.resolve(process.env.NOTETAKER_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'notetaker');
}

function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, bin)));
}

function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; log: Logger; what: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let tail = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        lines++;
        // Progress without flooding: every 25th line of the tool's own output.
        if (lines % 25 === 1)
          opts.log.info(
            { step: opts.what, line: line.trim().slice(0, 160), elapsed_s: Math.round((Date.now() - started) / 1000) },
            `${opts.what}: working`,
          );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${opts.what} failed (exit ${code}):\n${tail}`)),
    );
  });
}

/** The Temporal CLI (dev server with its UI): TEMPORAL_CLI_PATH, the cache, or a `go install` into the cache. */
export async function ensureTemporalCli(log: Logger, explicit?: string | null): Promise<string | null> {
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`TEMPORAL_CLI_PATH=${explicit} does not exist`);
    return explicit;
  }
  const bin = path.join(cacheDir(), 'bin');
  const cached = path.join(bin, 'temporal');
  if (existsSync(cached)) return cached;
  if (onPath('temporal') && !process.env.NOTETAKER_IGNORE_PATH_TEMPORAL) return 'temporal';
  if (!onPath('go')) {
    log.warn('no Temporal CLI cached and no Go toolchain: falling back to the SDK download');
    return null;
  }
  await mkdir(bin, { recursive: true });
  log.info(
    { module: TEMPORAL_CLI_MODULE, into: bin },
    'building the Temporal CLI from the Go module proxy (first run only, a few minutes)',
  );
  await run('go', ['install', '-v', TEMPORAL_CLI_MODULE], {
    env: { GOBIN: bin, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
    log,
    what: 'go install temporal',
  });
  return cached;
}

/** The time-skipping test server (Java): TEMPORAL_TEST_SERVER_PATH, the cache, or Maven Central into the cache. */
export async function ensureTestServer(log: Logger): Promise<string | null> {
  const explicit = process.env.TEMPORAL_TEST_SERVER_PATH;
  if (explicit) return explicit;
  const dir = path.join(cacheDir(), 'temporal-test-server');
  const lib = path.join(dir, 'lib');
  const wrapper = path.join(dir, 'temporal-test-server');
  const haveJars =
    existsSync(lib) && readdirSync(lib).some((f) => f.startsWith(`temporal-test-server-${TEST_SERVER_VERSION}`));
  if (!haveJars) {
    if (!onPath('mvn') || !onPath('java')) {
      log.warn('no test server cached and no Maven/Java: falling back to the SDK download');
      return null;
    }
    await mkdir(lib, { recursive: true });
    log.info(
      { version: TEST_SERVER_VERSION, into: lib },
      'fetching the Temporal time-skipping test server from Maven Central (first run only)',
    );
    await run('mvn', ['-B', '-q', 'dependency:copy-dependencies', `-DoutputDirectory=${lib}`], {
      cwd: path.join(projectRoot(), 'scripts', 'temporal-test-server'),
      log,
      what: 'mvn test server',
    });
  }
  if (!existsSync(wrapper)) {
    // exec so that a SIGKILL sent to the wrapper reaches the JVM itself.
    await writeFile(
      wrapper,
      `#!/bin/sh\nexec java -Xss1m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "${lib}/*" io.temporal.testserver.TestServer "$@"\n`,
    );
    await chmod(wrapper, 0o755);
  }
  return wrapper;
}
