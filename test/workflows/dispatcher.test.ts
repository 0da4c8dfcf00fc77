import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { WorkflowHandle } from '@temporalio/client';
import { commandBacklog, unparkCommands } from '../../db/commands';
import { commands } from '../../services/commands';
import { MAX_COMMAND_FAILURES } from '../../domain/commands';
import { cancelSignal } from '../../workflows/signals';
import { temporalGateway } from '../../runtime/temporal-gateway';
import { startDispatcher, type Dispatcher } from '../../worker/dispatcher';
import { freshDatabase, silentLog } from '../support/db';
import { startedWorkflow, timeSkipping, type TemporalHarness } from '../support/temporal';
import { until } from '../support/until';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
});
afterAll(async () => {
  await t.teardown();
  await db.drop();
});

const row = async (workflowId: string) =>
  await db.orm.em
    .fork()
    .execute<{ attempts: number; parked_at: Date | null; dispatched_at: Date | null; last_error: string | null }[]>(
      'select attempts, parked_at, dispatched_at, last_error from workflow_commands where workflow_id = ? order by id',
      [workflowId],
    );

/** The dispatcher on this file's servers, polling often. */
const dispatcher = (extra: Partial<Parameters<typeof startDispatcher>[0]> = {}) =>
  startDispatcher({
    allowLoopbackWebhooks: true,
    orm: db.orm,
    log: silentLog,
    gateway: temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 5_000 }),
    pollMs: 50,
    ...extra,
  });

describe('the outbox dispatcher', () => {
  it('When a command keeps failing (a row this release cannot send), then it is retried, parked after the limit and listed for operators, while other commands go through; unparking queues it again', async () => {
    const em = db.orm.em.fork();
    // A row no release can send (as if written by a newer one): it fails every time.
    await em.execute(
      `insert into workflow_commands (workflow_id, command) values ('poison/1', '{"op": "launchRocket", "workflowId": "poison/1"}')`,
    );
    commands.start(em, 'rateLimitJanitor', 'fine/1', []);
    await em.flush();
    const d = dispatcher({ retryDelayMs: () => 20 });
    try {
      await startedWorkflow(t, 'fine/1');
      await until(async () => (await row('poison/1'))[0]!.parked_at, {
        what: 'the poisonous command parked',
        timeoutMs: 10_000,
        intervalMs: 50,
      });
      const [poison] = await row('poison/1');
      assert.ok(poison!.parked_at, `the poisonous command is parked: ${JSON.stringify(poison)}`);
      assert.equal(poison!.attempts, MAX_COMMAND_FAILURES);
      assert.equal(poison!.dispatched_at, null);
      assert.ok(poison!.last_error);
      assert.ok((await row('fine/1'))[0]!.dispatched_at, 'the other command was sent');
      const backlog = await commandBacklog(db.orm.em.fork());
      assert.deepEqual(
        backlog.parked.map((p) => [p.workflowId, p.op, p.attempts]),
        [['poison/1', 'launchRocket', MAX_COMMAND_FAILURES]],
      );
      assert.equal(await unparkCommands(db.orm.em.fork()), 1);
      assert.equal((await row('poison/1'))[0]!.parked_at, null, 'back in the queue');
    } finally {
      await d.stop();
    }
    await t.env.client.workflow.getHandle('fine/1').terminate('test over');
  });

  it('When the same start is dispatched twice (a lease lapsed), then one workflow runs and a closed one is never started again', async () => {
    const em = db.orm.em.fork();
    commands.start(em, 'rateLimitJanitor', 'twice/1', []);
    commands.start(em, 'rateLimitJanitor', 'twice/1', []);
    await em.flush();
    const d = dispatcher();
    try {
      const handle = await startedWorkflow(t, 'twice/1');
      const firstRun = (await handle.describe()).runId;
      await until(async () => (await row('twice/1')).every((r) => r.dispatched_at), {
        what: 'both commands dispatched',
        timeoutMs: 5_000,
        intervalMs: 50,
      });
      assert.ok(
        (await row('twice/1')).every((r) => r.dispatched_at),
        'both commands are done',
      );
      assert.equal((await handle.describe()).runId, firstRun, 'the second start kept the running workflow');
      await handle.terminate('closed');
      const again = db.orm.em.fork();
      commands.start(again, 'rateLimitJanitor', 'twice/1', []);
      await again.flush();
      await until(async () => (await row('twice/1')).every((r) => r.dispatched_at), {
        what: 'both commands dispatched',
        timeoutMs: 5_000,
        intervalMs: 50,
      });
      const described = await t.env.client.workflow.getHandle('twice/1').describe();
      assert.equal(described.runId, firstRun, 'a closed workflow is not run again');
      assert.equal(described.status.name, 'TERMINATED');
    } finally {
      await d.stop();
    }
  });

  it('When the database refuses for a moment to record a sent command, then it is recorded once the database takes it: the signal reaches its workflow once', async () => {
    const em = db.orm.em.fork();
    commands.start(em, 'rateLimitJanitor', 'blip/1', []);
    await em.flush();
    // The moment without the database, for this workflow's signal only: its first two records as sent
    // are refused (a sequence counts them: unlike a table, it keeps counting through the refusal's rollback).
    await em.execute('create sequence sent_records');
    await em.execute(`create function refuse_sent() returns trigger language plpgsql as $$ begin
        if new.workflow_id = 'blip/1' and new.command->>'op' = 'signal' and new.dispatched_at is not null
          and nextval('sent_records') <= 2
        then raise exception 'the database refuses for a moment (test)'; end if;
        return new; end $$`);
    await em.execute(
      'create trigger refuse_sent before update on workflow_commands for each row execute function refuse_sent()',
    );
    let d: Dispatcher | undefined;
    let handle: WorkflowHandle | undefined;
    try {
      d = dispatcher();
      handle = await startedWorkflow(t, 'blip/1');
      const signalsIn = async () =>
        (await handle!.fetchHistory()).events!.filter((e) => e.workflowExecutionSignaledEventAttributes).length;
      const signalling = db.orm.em.fork();
      commands.signal(signalling, 'blip/1', cancelSignal, []);
      await signalling.flush();
      await until(async () => (await row('blip/1')).every((r) => r.dispatched_at), {
        what: 'the signal recorded as sent',
        timeoutMs: 10_000,
        intervalMs: 50,
      });
      const [records] = await em.execute<{ last_value: string }[]>('select last_value from sent_records');
      assert.equal(Number(records!.last_value), 3, 'recorded at the third time of asking');
      // A failure recorded instead would have sent it again a second later.
      await new Promise((r) => setTimeout(r, 2_000));
      assert.equal(await signalsIn(), 1, 'the signal reached its workflow once');
      const [, signal] = await row('blip/1');
      assert.equal(signal!.attempts, 0);
      assert.equal(signal!.last_error, null);
    } finally {
      await d?.stop();
      await em.execute('drop trigger if exists refuse_sent on workflow_commands');
      await em.execute('drop function if exists refuse_sent()');
      await em.execute('drop sequence if exists sent_records');
      await handle?.terminate('test over');
    }
  });
});
