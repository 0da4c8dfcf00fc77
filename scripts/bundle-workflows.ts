/**
 * Part of `npm run build` (scripts/build.mjs): bundles the workflow code once, to
 * dist/workflow-bundle.js, so a worker started from dist loads it instead of running webpack at
 * every start (faster to start, and the bundler's memory never lands in the worker process).
 *
 * Several builds may run at once (`npm run start:api` and `npm run start:worker` started together,
 * `npm run admin` beside a starting service), and a worker may be reading the bundle meanwhile: the
 * new bundle is written beside it and renamed into place (write-file-atomic), so a reader gets the
 * old bundle or the new one, never a part of one. An unchanged bundle is not rewritten, only marked
 * as new.
 */
import { readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { DefaultLogger, bundleWorkflowCode } from '@temporalio/worker';
import writeFileAtomic from 'write-file-atomic';

async function main() {
  const dist = path.resolve(__dirname, '..');
  const { code } = await bundleWorkflowCode({
    workflowsPath: path.join(dist, 'workflows', 'index.js'),
    logger: new DefaultLogger('WARN'),
  });
  const target = path.join(dist, 'workflow-bundle.js');
  if ((await readFile(target, 'utf8').catch(() => null)) === code) {
    // Newer than the compiled workflows, as the worker asks of a bundle it loads (worker/index.ts).
    const now = new Date();
    await utimes(target, now, now);
    return;
  }
  // A build's output is made again from the sources: written whole, not synced to disk.
  await writeFileAtomic(target, code, { fsync: false });
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
