import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { WorkflowIdConflictPolicy } from '@temporalio/client';
import { hitCounter } from '../../db/rate-limits';
import { RATE_LIMIT_JANITOR_ID } from '../../workflows/maintenance';
import { serviceFixture } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof serviceFixture>>;
let db: typeof f.db;
let t: typeof f.t;

beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping' });
  ({ db, t } = f);
});
afterAll(() => f.close());

const counterCount = async () =>
  Number((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from rate_limit_counters'))[0]!.n);

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
    await until(counterCount, { what: 'one rate-limit counter', timeoutMs: 10_000, accept: (n) => n === 1 });
    assert.equal(await counterCount(), 1);

    // A counter that ages past a day is removed by a later round: skip two hours of workflow time.
    await em.execute("update rate_limit_counters set window_start = window_start - interval '3 days'");
    await t.env.sleep('2 hours');
    await until(counterCount, { what: 'no rate-limit counter left', timeoutMs: 10_000, accept: (n) => n === 0 });
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
