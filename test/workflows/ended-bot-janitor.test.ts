import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { newId } from '../../domain/ids';
import { ENDED_BOT_JANITOR_ID } from '../../workflows/maintenance';
import { botWorkflowId } from '../../workflows/signals';
import { botFixture } from '../support/bots';
import { startedWorkflow } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof botFixture>>;
let t: typeof f.t;

beforeAll(async () => {
  f = await botFixture();
  ({ t } = f);
});
afterAll(() => f.close());

/** A bot sent to a normal simulated call, once it reads in_call (joining lasts about ten simulated seconds). */
async function botInCall(meetingUrl: string) {
  const bot = await f.sendBot({ meeting_url: meetingUrl });
  await startedWorkflow(t, botWorkflowId(bot.id));
  await until(
    async () => {
      const status = (await f.get(`/bots/${bot.id}`)).body.status;
      if (status !== 'in_call') await t.env.sleep(2000);
      return status;
    },
    { what: 'the bot in the call', timeoutMs: 20_000, intervalMs: 20, accept: (s) => s === 'in_call' },
  );
  return bot;
}

/**
 * The janitor looks at bots unchanged for 10 minutes by the workflow's clock, which the time-skipping
 * server moves ahead of the database's: this bot last changed `minutes` before that clock's now.
 */
async function changedMinutesAgo(botId: string, minutes: number) {
  const now = await t.env.currentTimeMs();
  await f.db.orm.em
    .fork()
    .execute(`update bots set updated_at = ? where id = ?`, [new Date(now - minutes * 60_000), botId]);
}

describe('the ended-bot janitor (time-skipping server, real worker)', () => {
  it('When a bot’s workflow closed without ending it (terminated from the Temporal UI, or completed), then the janitor ends the bot — cancelled, or failed with bot_error — with its event and takes its provider bot out of the call; a bot whose workflow runs is left alone', async () => {
    const joinAt = new Date((await t.env.currentTimeMs()) + 86_400_000).toISOString();
    const waiting = await f.sendBot({ meeting_url: 'https://meet.google.com/jan-wait-ing', join_at: joinAt });
    await startedWorkflow(t, botWorkflowId(waiting.id));
    const terminated = await botInCall('https://meet.google.com/jan-term-ina');
    const completed = await botInCall('https://meet.google.com/jan-comp-let');

    await t.env.client.workflow.getHandle(botWorkflowId(terminated.id)).terminate('stuck, said the operator');
    // A workflow that completes without ending its bot: a no-op under the bot's workflow id.
    await t.env.client.workflow.getHandle(botWorkflowId(completed.id)).terminate('replaced by a no-op');
    // Started, not awaited: awaiting a result lets the server skip time, and the calls would play out.
    const noop = await t.env.client.workflow.start('noopWorkflow', {
      workflowId: botWorkflowId(completed.id),
      taskQueue: t.taskQueue,
    });
    await until(() => noop.describe().then((d) => d.status.name), {
      what: 'the no-op completed',
      timeoutMs: 10_000,
      accept: (s) => s === 'COMPLETED',
    });
    // The first round looks at the waiting bot only: the others changed a moment ago.
    await changedMinutesAgo(waiting.id, 60);
    await changedMinutesAgo(terminated.id, 0);
    await changedMinutesAgo(completed.id, 0);
    const janitor = await t.env.client.workflow.start('endedBotJanitor', {
      workflowId: ENDED_BOT_JANITOR_ID,
      taskQueue: t.taskQueue,
      args: [],
    });
    await until(() => janitor.fetchHistory().then((h) => (h.events ?? []).some((e) => e.timerStartedEventAttributes)), {
      what: 'the janitor’s first round done',
      timeoutMs: 15_000,
    });
    assert.equal((await f.get(`/bots/${terminated.id}`)).body.status, 'in_call', 'changed less than 10 minutes ago');

    // Ten minutes on: the next round finds both.
    await changedMinutesAgo(terminated.id, 15);
    await changedMinutesAgo(completed.id, 15);
    await t.env.sleep('6 minutes');
    const cancelled = await until(() => f.get(`/bots/${terminated.id}`).then((r) => r.body), {
      what: 'the terminated workflow’s bot ended',
      timeoutMs: 15_000,
      accept: (b) => b.status !== 'in_call',
    });
    assert.equal(cancelled.status, 'cancelled');
    assert.equal((await f.eventTypes(terminated.id)).at(-1), 'bot.cancelled');
    const meeting = (await f.get(`/meetings/${terminated.meeting_id}`)).body;
    assert.ok(meeting.recordings[0].ended_at, 'its recording item says when it left');
    assert.equal(
      await f.simulatedCall(terminated.id),
      'left',
      'the provider was asked to take its bot out of the call',
    );

    const failed = await until(() => f.get(`/bots/${completed.id}`).then((r) => r.body), {
      what: 'the completed workflow’s bot ended',
      timeoutMs: 15_000,
      accept: (b) => b.status !== 'in_call',
    });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.reason, 'bot_error');
    assert.match(failed.failure_message, /workflow ended \(completed\)/);
    assert.equal((await f.eventTypes(completed.id)).at(-1), 'bot.failed');

    // Looked at (an hour unchanged, first in the page) and left alone: its workflow runs.
    assert.equal((await f.get(`/bots/${waiting.id}`)).body.status, 'queued');
    assert.equal((await t.env.client.workflow.getHandle(botWorkflowId(waiting.id)).describe()).status.name, 'RUNNING');
    await janitor.terminate('test over');
  });

  it('When a bot whose workflow was terminated is cancelled through the API, then it reads cancelled at once, with bot.cancelled and its leave time', async () => {
    const bot = await botInCall('https://meet.google.com/jan-dele-ted');
    await t.env.client.workflow.getHandle(botWorkflowId(bot.id)).terminate('stuck, said the operator');
    const res = await f.api.as(f.me).delete(`/bots/${bot.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'cancelled');
    assert.equal((await f.eventTypes(bot.id)).at(-1), 'bot.cancelled');
    const meeting = (await f.get(`/meetings/${bot.meeting_id}`)).body;
    assert.ok(meeting.recordings[0].ended_at, 'its recording item says when it left');
  });

  it('When Temporal does not know a live bot’s workflow, then the janitor ends it failed (parts it was making failed) once no start for it waits in the outbox, and leaves it while one does (pages of one bot)', async () => {
    const joinAt = new Date((await t.env.currentTimeMs()) + 86_400_000).toISOString();
    const running = await f.sendBot({ meeting_url: 'https://meet.google.com/jan-unkn-own', join_at: joinAt });
    await startedWorkflow(t, botWorkflowId(running.id));
    const em = f.db.orm.em.fork();
    // Two more bots of the same meeting that Temporal never heard of: one whose history is gone (past
    // the namespace's retention), one whose start waits in the outbox (parked, so nothing sends it).
    const copyOf = async (id: string) =>
      em.execute(
        `insert into bots select (jsonb_populate_record(null::bots, to_jsonb(b) || jsonb_build_object('id', ?::text))).* from bots b where b.id = ?`,
        [id, running.id],
      );
    const gone = newId('bot');
    const waiting = newId('bot');
    const processing = newId('bot');
    await copyOf(gone);
    await copyOf(waiting);
    await copyOf(processing);
    // The third was processing: its meeting's parts were being made.
    await em.execute(`update bots set status = 'processing' where id = ?`, [processing]);
    await em.execute(
      `update meetings set results = jsonb_build_object(
         'status', 'processing',
         'transcript', jsonb_build_object('status', 'processing', 'language', null),
         'summary', jsonb_build_object('status', 'processing'),
         'media', jsonb_build_object('status', 'processing', 'duration_seconds', null)) where id = ?`,
      [running.meeting_id],
    );
    await em.execute(
      `insert into workflow_commands (workflow_id, command, parked_at) values (?, '{"op":"start"}'::jsonb, now())`,
      [botWorkflowId(waiting)],
    );
    for (const [id, minutes] of [
      [running.id, 30],
      [gone, 20],
      [processing, 15],
      [waiting, 10.5],
    ] as const)
      await changedMinutesAgo(id, minutes);

    // Every live bot unchanged for 10 minutes (an earlier test's waiting bot too) is a page of its own.
    const [{ quiet }] = await em.execute<{ quiet: number }[]>(
      `select count(*)::int as quiet from bots where status in ('queued', 'joining', 'in_call', 'processing') and updated_at < ?`,
      [new Date((await t.env.currentTimeMs()) - 10 * 60_000)],
    );
    assert.ok(quiet >= 3);
    const janitor = await t.env.client.workflow.start('endedBotJanitor', {
      workflowId: ENDED_BOT_JANITOR_ID,
      taskQueue: t.taskQueue,
      args: [null, 1],
    });
    const ended = await until(() => f.get(`/bots/${gone}`).then((r) => r.body), {
      what: 'the bot Temporal does not know ended',
      timeoutMs: 15_000,
      accept: (b) => b.status !== 'queued',
    });
    assert.equal(ended.status, 'failed');
    assert.equal(ended.reason, 'bot_error');
    assert.match(ended.failure_message, /no longer known to Temporal/);
    assert.equal((await f.eventTypes(gone)).at(-1), 'bot.failed');
    const wasProcessing = await until(() => f.get(`/bots/${processing}`).then((r) => r.body), {
      what: 'the processing bot Temporal does not know ended',
      timeoutMs: 15_000,
      accept: (b) => b.status !== 'processing',
    });
    assert.deepEqual([wasProcessing.status, wasProcessing.reason], ['failed', 'bot_error']);
    const { results } = (await f.get(`/meetings/${running.meeting_id}`)).body;
    assert.deepEqual(
      [results.status, results.transcript.status, results.summary.status, results.media.status],
      ['failed', 'failed', 'failed', 'failed'],
      'the parts it was making will not be made',
    );
    // Pages of one bot: the round goes on to the last one.
    await until(() => janitor.fetchHistory().then((h) => (h.events ?? []).some((e) => e.timerStartedEventAttributes)), {
      what: 'the janitor’s round done',
      timeoutMs: 15_000,
    });
    const pages = (await janitor.fetchHistory()).events!.filter((e) => e.activityTaskCompletedEventAttributes).length;
    assert.equal(pages, quiet + 1, 'a bot a page, then an empty page');
    assert.equal((await f.get(`/bots/${waiting}`)).body.status, 'queued');
    assert.equal((await f.get(`/bots/${running.id}`)).body.status, 'queued');
    await janitor.terminate('test over');
  });
});
