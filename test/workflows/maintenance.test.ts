import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { WorkflowIdConflictPolicy } from '@temporalio/client';
import { hitCounter } from '../../db/rate-limits';
import { RATE_LIMIT_JANITOR_ID } from '../../workflows/maintenance';
import { freshDatabase } from '../support/db';
import { startWorker, timeSkipping, type TemporalHarness } from '../support/temporal';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let worker: Awaited<ReturnType<typeof startWorker>>;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  worker = await startWorker(t, db.orm);
});
afterAll(async () => {
  await worker.stop();
  await t.teardown();
  await db.drop();
});

const counterCount = async () => Number((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from rate_limit_counters'))[0]!.n);

describe('rate-limit janitor workflow (time-skipping server, real worker)', () => {
  it('When counters are older than a day, then the hourly round removes them and keeps fresh ones', async () => {
    const em = db.orm.em.fork();
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    await hitCounter(em, 'ip:old', 60, twoDaysAgo);
    await hitCounter(em, 'ip:new', 60);
    const handle = await t.env.client.workflow.start('rateLimitJanitor', {
      workflowId: RATE_LIMIT_JANITOR_ID,
      taskQueue: t.taskQueue,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    });
    // The first round runs at once; wait for its activity to complete.
    for (let i = 0; i < 100 && (await counterCount()) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await counterCount(), 1);

    // A counter that ages past a day is removed by a later round: skip two hours of workflow time.
    await em.execute('update rate_limit_counters set window_start = window_start - interval \'3 days\'');
    await t.env.sleep('2 hours');
    for (let i = 0; i < 100 && (await counterCount()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await counterCount(), 0);

    const again = await t.env.client.workflow.start('rateLimitJanitor', {
      workflowId: RATE_LIMIT_JANITOR_ID,
      taskQueue: t.taskQueue,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    });
    assert.equal(again.firstExecutionRunId, handle.firstExecutionRunId, 'starting it again joins the running one');
    await handle.terminate('test over');
  });
});
