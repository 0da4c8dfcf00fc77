import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ensureMaintenanceWorkflows } from '../../worker';
import { temporalGateway, workerClient } from '../../runtime/temporal-gateway';
import { ENDED_BOT_JANITOR_ID, RATE_LIMIT_JANITOR_ID, RETENTION_JANITOR_ID } from '../../workflows/maintenance';
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

  it('When a janitor was terminated (from the Temporal UI), then the next worker start starts it again; a running one is kept', async () => {
    await ensureMaintenanceWorkflows(db.orm);
    const janitor = t.env.client.workflow.getHandle(ENDED_BOT_JANITOR_ID);
    const running = (id: string) => (d: { status: { name: string }; runId: string }) =>
      d.status.name === 'RUNNING' && d.runId !== id;
    const first = await until(() => janitor.describe(), {
      what: 'the janitor running',
      timeoutMs: 10_000,
      intervalMs: 200,
      accept: running(''),
    });
    const retention = await t.env.client.workflow.getHandle(RETENTION_JANITOR_ID).describe();
    await janitor.terminate('stopped by an operator');
    await ensureMaintenanceWorkflows(db.orm);
    await until(() => janitor.describe(), {
      what: 'the janitor running again',
      timeoutMs: 10_000,
      intervalMs: 200,
      accept: running(first.runId),
    });
    await until(() => f.db.orm.em.fork().execute('select 1 from workflow_commands where dispatched_at is null'), {
      what: 'every command of the second start sent',
      timeoutMs: 10_000,
      intervalMs: 200,
      accept: (rows) => rows.length === 0,
    });
    const kept = await t.env.client.workflow.getHandle(RETENTION_JANITOR_ID).describe();
    assert.deepEqual([kept.runId, kept.status.name], [retention.runId, 'RUNNING'], 'a running janitor is kept');
  });

  it('When a workflow is started through the worker’s own connection, then its first task reaches the worker in the start’s answer (eager start); through another connection it is queued as usual', async () => {
    const beside = temporalGateway(workerClient(t.env.nativeConnection, 'default'), {
      taskQueue: t.taskQueue,
      deadlineMs: 10_000,
    });
    assert.equal(await beside.start('noopWorkflow', 'eager-noop-1', []), 'started_eagerly');
    await t.env.client.workflow.getHandle('eager-noop-1').result();
    // Started again once it closed: nothing runs twice.
    assert.equal(await beside.start('noopWorkflow', 'eager-noop-1', []), 'exists');
    const apart = temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 10_000 });
    assert.equal(await apart.start('noopWorkflow', 'eager-noop-2', []), 'started');
    await t.env.client.workflow.getHandle('eager-noop-2').result();
  });
});
