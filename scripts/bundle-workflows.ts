/**
 * Part of `npm run build`: bundles the workflow code once, to dist/workflow-bundle.js, so a worker
 * started from dist loads it instead of running webpack at every start (faster to start, and the
 * bundler's memory never lands in the worker process).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultLogger, bundleWorkflowCode } from '@temporalio/worker';

async function main() {
  const dist = path.resolve(__dirname, '..');
  const { code } = await bundleWorkflowCode({
    workflowsPath: path.join(dist, 'workflows', 'index.js'),
    logger: new DefaultLogger('WARN'),
  });
  await writeFile(path.join(dist, 'workflow-bundle.js'), code);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
