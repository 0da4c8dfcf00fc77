import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ensureMaintenanceWorkflows } from '../../worker';
import { RATE_LIMIT_JANITOR_ID } from '../../workflows/maintenance';
import { freshDatabase } from '../support/db';
import { devServer, startWorker, type TemporalHarness } from '../support/temporal';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let worker: Awaited<ReturnType<typeof startWorker>>;

beforeAll(async () => {
  db = await freshDatabase();
  t = await devServer();
  worker = await startWorker(t, db.orm);
});
afterAll(async () => {
  await worker.stop();
  await t.teardown();
  await db.drop();
});

describe('dev server (what the time-skipping server lacks)', () => {
  it('When the dev server starts, then the custom search attributes are registered for operators to filter on', async () => {
    const res = await t.env.client.connection.operatorService.listSearchAttributes({ namespace: 'default' });
    for (const name of ['WorkspaceId', 'MeetingId', 'BotStatus']) assert.ok(name in (res.customAttributes ?? {}), name);
    // A visibility query naming them is accepted.
    const found = [];
    for await (const wf of t.env.client.workflow.list({ query: "WorkspaceId = 'wks_none' AND BotStatus = 'queued'" })) found.push(wf);
    assert.deepEqual(found, []);
  });

  it('When the worker ensures its housekeeping twice, then one janitor runs and the list query finds it', async () => {
    // Through the outbox, twice (two worker starts): one janitor.
    await ensureMaintenanceWorkflows(db.orm);
    await ensureMaintenanceWorkflows(db.orm);
    let ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      ids = [];
      for await (const wf of t.env.client.workflow.list({ query: "WorkflowType = 'rateLimitJanitor' AND ExecutionStatus = 'Running'" })) ids.push(wf.workflowId);
      if (ids.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(ids, [RATE_LIMIT_JANITOR_ID]);
    await t.env.client.workflow.getHandle(RATE_LIMIT_JANITOR_ID).terminate('test over');
  });
});
