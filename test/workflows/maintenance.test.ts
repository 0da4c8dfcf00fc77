import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { WorkflowIdConflictPolicy } from '@temporalio/client';
import { hitCounter } from '../../db/rate-limits';
import { RATE_LIMIT_JANITOR_ID, RETENTION_JANITOR_ID } from '../../workflows/maintenance';
import { givenAccount } from '../support/api';
import { refuseWrites } from '../support/db';
import { pendingActivity, serviceFixture } from '../support/temporal';
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

  it('When the database refuses the clean-up past the attempts a limit of five would allow, then the janitor keeps trying and cleans up once it is taken', async () => {
    const em = db.orm.em.fork();
    await hitCounter(em, 'ip:stale', 60, Date.now() - 3 * 86_400_000);
    // Every delete from the counters fails, as it would while PostgreSQL is away.
    const allow = await refuseWrites(em, 'rate_limit_counters', { on: 'delete' });
    const handle = await t.env.client.workflow.start('rateLimitJanitor', {
      workflowId: `${RATE_LIMIT_JANITOR_ID}-refused`,
      taskQueue: t.taskQueue,
    });
    try {
      // Real time, no skipping: the round's clean-up is tried a seventh time while the workflow runs.
      await until(() => pendingActivity(handle, 'pruneRateLimitCounters'), {
        what: 'a seventh attempt of the clean-up',
        timeoutMs: 30_000,
        intervalMs: 200,
        accept: (x) => x.status !== 'RUNNING' || x.attempt >= 7,
      }).then((x) => assert.deepEqual(x.status, 'RUNNING'));
      assert.equal(await counterCount(), 1);
    } finally {
      await allow();
    }
    await until(counterCount, { what: 'the stale counter removed', timeoutMs: 30_000, accept: (n) => n === 0 });
    await handle.terminate('test over');
  });
});

describe('retention workflow (time-skipping server, real worker)', () => {
  it('When webhook events are older than 30 days, then they go with their deliveries and attempts, in batches; newer ones stay', async () => {
    const em = db.orm.em.fork();
    const owner = await givenAccount(f.api);
    const endpoint = await f.api.as(owner).post('/webhook_endpoints', {
      workspace_id: owner.workspaceId,
      url: 'https://hooks.example.com/in',
      enabled_events: ['*'],
    });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    // 1,500 old events (two batches) and 3 recent ones.
    await em.execute(
      `insert into webhook_events (id, workspace_id, type, object_id, payload, created_at, dispatched_at)
       select 'evt_old_' || n, ?, 'meeting.updated', 'mtg_x', '{}'::jsonb, now() - interval '40 days', now() - interval '40 days'
       from generate_series(1, 1500) n
       union all
       select 'evt_new_' || n, ?, 'meeting.updated', 'mtg_x', '{}'::jsonb, now() - interval '2 days', now() - interval '2 days'
       from generate_series(1, 3) n
`,
      [owner.workspaceId, owner.workspaceId],
    );
    await em.execute(
      `insert into webhook_deliveries (event_id, endpoint_id, body, status)
       select id, ?, '{}', 'succeeded' from webhook_events where id like 'evt_old_%' or id like 'evt_new_%'`,
      [endpoint.body.id],
    );
    await em.execute(
      `insert into webhook_attempts (event_id, endpoint_id, series, number, started_at, duration_ms, status_code)
       select event_id, endpoint_id, 1, 1, now(), 5, 200 from webhook_deliveries where endpoint_id = ?`,
      [endpoint.body.id],
    );
    const count = async (table: string) =>
      Number(
        (
          await em.execute<{ n: string }[]>(
            `select count(*) as n from ${table} where ${table === 'webhook_events' ? 'id' : 'event_id'} like 'evt_%'`,
          )
        )[0]!.n,
      );
    const handle = await t.env.client.workflow.start('retentionJanitor', {
      workflowId: RETENTION_JANITOR_ID,
      taskQueue: t.taskQueue,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    });
    await until(() => count('webhook_events'), {
      what: 'the old events removed',
      timeoutMs: 20_000,
      accept: (n) => n === 3,
    });
    const left = await em.execute<{ id: string }[]>(`select id from webhook_events where id like 'evt_%' order by id`);
    assert.deepEqual(
      left.map((r) => r.id),
      ['evt_new_1', 'evt_new_2', 'evt_new_3'],
    );
    assert.equal(await count('webhook_deliveries'), 3);
    assert.equal(await count('webhook_attempts'), 3);
    await handle.terminate('test over');
  });
});
