import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { projectRoot } from '../../runtime/paths';
import { testEnv } from '../support/env';

// Histories recorded by test/histories/record.ts with an earlier release: today's workflow code must
// replay every one of them exactly (a change that would break running workflows goes behind patched()).
const dir = path.join(projectRoot(), 'test', 'histories');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('workflow histories of earlier releases replay against today’s code', () => {
  it('When every recorded history is replayed, then none fails with a nondeterminism or any other error', async () => {
    try {
      Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    } catch {
      // Installed already by another part of this process.
    }
    assert.ok(files.length >= 8, `recorded histories: ${files.join(', ')}`);
    const histories = files.map((f) => ({
      workflowId: f.replace(/\.json$/, ''),
      history: historyFromJSON(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))),
    }));
    const failures: string[] = [];
    let replayed = 0;
    for await (const result of Worker.runReplayHistories(
      { workflowBundle: { code: readFileSync(testEnv().workflowBundle, 'utf8') } },
      histories,
    )) {
      replayed++;
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    }
    assert.equal(replayed, files.length);
    assert.deepEqual(failures, []);
  });
});
