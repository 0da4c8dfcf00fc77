import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { projectRoot } from '../../runtime/paths';

const run = promisify(execFile);

/**
 * `npm run build` on a copy of the checkout's sources (what the Dockerfile copies to build), so the
 * builds here never touch the dist/ that other tests' `npm start` loads.
 */
let work: string;
let dist: string;
let bundlePath: string;
beforeAll(async () => {
  const root = projectRoot();
  work = await mkdtemp(path.join(os.tmpdir(), 'build-test-'));
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const folders = [...dockerfile.matchAll(/^COPY (\w+) \1$/gm)].map((m) => m[1]!);
  for (const entry of [...folders, 'package.json', 'tsconfig.json', 'tsconfig.build.json'])
    await cp(path.join(root, entry), path.join(work, entry), { recursive: true });
  await symlink(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  dist = path.join(work, 'dist');
  bundlePath = path.join(dist, 'workflow-bundle.js');
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** `npm run build` as `npm start`, `npm run start:api|worker` and `npm run admin` run it first. */
const build = () => run('npm', ['run', '--silent', 'build'], { cwd: work, timeout: 180_000 });

/** A whole bundle ends with its inline source map, which the worker reads (the SDK refuses a bundle without). */
function whole(code: string): boolean {
  const at = code.lastIndexOf('//# sourceMappingURL=data:');
  const base64 = at < 0 ? -1 : code.indexOf('base64,', at);
  if (base64 < 0) return false;
  try {
    JSON.parse(Buffer.from(code.slice(base64 + 'base64,'.length).trimEnd(), 'base64').toString());
    return true;
  } catch {
    return false;
  }
}

/** Every compiled file of dist with its modification time. */
function compiled(dir = dist, out = new Map<string, number>()): Map<string, number> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compiled(file, out);
    else if (file.endsWith('.js') && file !== bundlePath) out.set(file, statSync(file).mtimeMs);
  }
  return out;
}

describe('npm run build beside a starting service', () => {
  it('When builds run while a worker reads the workflow bundle (npm run admin beside npm start), then every read is a whole bundle and an unchanged checkout rewrites no compiled file', async () => {
    await build();
    const before = compiled();
    // A bundle that differs from what a build makes (still whole: a line before it), so both builds write theirs.
    await writeFile(bundlePath, `// an earlier build\n${readFileSync(bundlePath, 'utf8')}`);

    const builds = [0, 1].map(
      () =>
        new Promise<number | null>((resolve) => {
          const child = spawn('npm', ['run', '--silent', 'build'], { cwd: work, stdio: 'ignore' });
          child.once('exit', resolve);
        }),
    );
    let running = builds.length;
    builds.forEach((b) => void b.then(() => (running -= 1)));
    let reads = 0;
    const partial: number[] = [];
    const deadline = Date.now() + 180_000;
    while (running > 0 && Date.now() < deadline) {
      const code = readFileSync(bundlePath, 'utf8');
      reads += 1;
      if (!whole(code)) partial.push(code.length);
      await new Promise((r) => setImmediate(r));
    }
    assert.deepEqual(await Promise.all(builds), [0, 0], 'both builds succeed');
    assert.ok(reads > 10, `the bundle was read ${reads} times while the builds ran`);
    assert.deepEqual(partial, [], `${partial.length} of ${reads} reads found a part of a bundle`);
    assert.ok(!readFileSync(bundlePath, 'utf8').startsWith('// an earlier build'), 'the builds wrote their bundle');
    assert.equal(
      readdirSync(dist)
        .filter((f) => f.startsWith('workflow-bundle.js.'))
        .join(', '),
      '',
      'no bundle is left half-way beside it',
    );
    // Nothing changed in the sources: the compiled code a running service loads stayed as it was.
    const after = compiled();
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    const rewritten = [...after].filter(([file, mtime]) => before.get(file) !== mtime).map(([file]) => file);
    assert.deepEqual(rewritten, [], 'compiled files rewritten by a build of an unchanged checkout');
  }, 240_000);

  it('When a compiled file was written by something else (a build of an earlier release, a tsc run by hand) or deleted, then the next build makes it again', async () => {
    await build();
    const changed = path.join(dist, 'domain', 'ids.js');
    const deleted = path.join(dist, 'workflows', 'index.js');
    const made = { changed: readFileSync(changed, 'utf8'), deleted: readFileSync(deleted, 'utf8') };
    // Still valid code, as another build would leave it; written after the compile's record.
    await writeFile(changed, `${made.changed}\n// written by another build\n`);
    await rm(deleted);
    await build();
    assert.equal(readFileSync(changed, 'utf8'), made.changed);
    assert.equal(readFileSync(deleted, 'utf8'), made.deleted);
  }, 240_000);

  it('When the sources do not compile, then the build fails naming the error, and the next build of the same sources fails again', async () => {
    await writeFile(path.join(work, 'domain', 'zz-broken.ts'), 'export const broken: number = "text";\n');
    try {
      for (const attempt of ['first', 'second']) {
        const failed = await build().then(
          () => null,
          (err: { code?: number; stderr?: string }) => err,
        );
        assert.ok(failed, `the ${attempt} build failed`);
        assert.equal(failed.code, 2);
        assert.match(failed.stderr ?? '', /domain\/zz-broken\.ts.*TS2322/);
      }
    } finally {
      await rm(path.join(work, 'domain', 'zz-broken.ts'));
    }
  }, 240_000);
});
