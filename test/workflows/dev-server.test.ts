import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ensureMaintenanceWorkflows } from '../../worker';
import { RATE_LIMIT_JANITOR_ID } from '../../workflows/maintenance';
import { serviceFixture } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof serviceFixture>>;
let db: typeof f.db;
let t: typeof f.t;

beforeAll(async () => {
  f = await serviceFixture({ server: 'dev' });
  ({ db, t } = f);
});
afterAll(() => f.close());

describe('dev server (what the time-skipping server lacks)', () => {
  it('When the dev server starts, then the custom search attributes are registered for operators to filter on', async () => {
    const res = await t.env.client.connection.operatorService.listSearchAttributes({ namespace: 'default' });
    for (const name of ['WorkspaceId', 'MeetingId', 'BotStatus']) assert.ok(name in (res.customAttributes ?? {}), name);
    // A visibility query naming them is accepted.
    const found = [];
    for await (const wf of t.env.client.workflow.list({ query: "WorkspaceId = 'wks_none' AND BotStatus = 'queued'" }))
      found.push(wf);
    assert.deepEqual(found, []);
  });

  it('When the worker ensures its housekeeping twice, then one janitor runs and the list query finds it', async () => {
    // Through the outbox, twice (two worker starts): one janitor.
    await ensureMaintenanceWorkflows(db.orm);
    await ensureMaintenanceWorkflows(db.orm);
    const ids = await until(
      async () => {
        const ids: string[] = [];
        for await (const wf of t.env.client.workflow.list({
          query: "WorkflowType = 'rateLimitJanitor' AND ExecutionStatus = 'Running'",
        }))
          ids.push(wf.workflowId);
        return ids;
      },
      {
        what: 'a running janitor in the list query',
        timeoutMs: 10_000,
        intervalMs: 200,
        accept: (ids) => ids.length > 0,
      },
    );
    assert.deepEqual(ids, [RATE_LIMIT_JANITOR_ID]);
    await t.env.client.workflow.getHandle(RATE_LIMIT_JANITOR_ID).terminate('test over');
  });
});
