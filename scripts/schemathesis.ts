import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../runtime/logger';
import { cacheDir } from '../runtime/temporal-binaries';

/**
 * Schemathesis (PyPI), the OpenAPI fuzzer of test/e2e/fuzz.test.ts, pinned and installed by the
 * test run itself into a virtual environment cached outside the repo (like the Temporal binaries):
 * `python3 -m venv` then `pip install schemathesis==<pin>`, the first time only.
 */
export const SCHEMATHESIS_VERSION = '4.32.5';

/** How to run the pinned Schemathesis: `python` with `args` before the CLI's own arguments. */
export type SchemathesisCommand = { python: string; args: string[]; version: string };

function run(cmd: string, args: string[], what: string, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1' },
    });
    let tail = '';
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (err) => reject(new Error(`${what}: ${err.message}`)));
    child.on('close', (code) => {
      log.info({ step: what, exit: code, elapsed_s: Math.round((Date.now() - started) / 1000) }, `${what}: done`);
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (exit ${code}):\n${tail}`));
    });
  });
}

/**
 * The cached Schemathesis, installed when missing or of another version. The environment is
 * built beside the cache under a unique name and renamed into place once complete, so a run
 * interrupted half-way, or two test runs installing at once, never leave a broken one behind.
 * It is run as `<venv>/bin/python -m schemathesis.cli` (console scripts carry absolute paths).
 * Throws with what to install when Python or its venv module is missing.
 */
export async function ensureSchemathesis(log: Logger): Promise<SchemathesisCommand> {
  const dir = path.join(cacheDir(), 'schemathesis');
  const marker = path.join(dir, 'notetaker-installed');
  const command = {
    python: path.join(dir, 'bin', 'python'),
    args: ['-m', 'schemathesis.cli'],
    version: SCHEMATHESIS_VERSION,
  };
  const installed = existsSync(marker) ? (await readFile(marker, 'utf8')).trim() : null;
  if (installed === SCHEMATHESIS_VERSION && existsSync(command.python)) return command;

  const python = process.env.PYTHON ?? 'python3';
  const staging = `${dir}.staging-${process.pid}-${Date.now()}`;
  await mkdir(path.dirname(dir), { recursive: true });
  log.info(
    { version: SCHEMATHESIS_VERSION, into: dir },
    'installing Schemathesis from PyPI into a cached virtual environment (first run only)',
  );
  try {
    await run(
      python,
      ['-m', 'venv', staging],
      `${python} -m venv (install python3 and python3-venv if this fails)`,
      log,
    );
    await run(
      path.join(staging, 'bin', 'python'),
      ['-m', 'pip', 'install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`],
      `pip install schemathesis==${SCHEMATHESIS_VERSION}`,
      log,
    );
    await run(
      path.join(staging, 'bin', 'python'),
      ['-m', 'schemathesis.cli', '--version'],
      'schemathesis --version',
      log,
    );
    await writeFile(path.join(staging, 'notetaker-installed'), `${SCHEMATHESIS_VERSION}\n`);
    // Another run may have finished first: its environment is as good as ours.
    if (!(existsSync(marker) && (await readFile(marker, 'utf8')).trim() === SCHEMATHESIS_VERSION)) {
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return command;
}
