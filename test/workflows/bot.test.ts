import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { displayLabel, type Phase, type PartStatus } from '../../domain/meetings/state';
import { WorkflowNotFoundError } from '@temporalio/client';
import {
  botWorkflowId,
  playCallSignal,
  SIMULATED_CALL_SHARDS,
  simulatedBotWorkflowId,
  simulatedCallsShardId,
  simulatedCallsTaskQueue,
  simulatedCallsWorkflowId,
} from '../../workflows/signals';
import { createBotActivities } from '../../activities/bots';
import type { ActivityDeps } from '../../activities';
import type { Providers } from '../../activities/providers';
import { SimulatedSummaryProvider } from '../../activities/providers/simulated';
import { botFixture } from '../support/bots';
import { silentLog } from '../support/db';
import { startedWorkflow } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof botFixture>>;
let db: typeof f.db;
let t: typeof f.t;
let api: typeof f.api;
let me: typeof f.me;

beforeAll(async () => {
  f = await botFixture();
  ({ db, t, api, me } = f);
});
afterAll(() => f.close());

const sendBot: typeof f.sendBot = (body) => f.sendBot(body);
const finish: typeof f.finish = (botId) => f.finish(botId);
const eventTypes: typeof f.eventTypes = (objectId) => f.eventTypes(objectId);
const get: typeof f.get = (path) => f.get(path);
/** The spec's display label, read from the meeting as the API shows it. */
const label = (m: { phase: string; settings: { recording: { enabled: boolean } }; results: { status: string } }) =>
  displayLabel(m.phase as Phase, m.settings.recording.enabled, m.results.status as PartStatus);

describe('the bot workflow with the simulated provider (time-skipping)', () => {
  it('When a bot is sent to a normal meeting, then it goes queued → joining → in_call → processing → completed and the meeting has its results', async () => {
    const bot = await sendBot({
      meeting_url: 'HTTPS://Meet.Google.com/abc-defg-hij?utm_source=mail#x',
      participants: [
        { email: 'ann@example.com', name: 'Ann' },
        { email: 'bob@example.com', name: 'Bob' },
      ],
      summary_template: 'sales',
      metadata: { deal: 42 },
    });
    assert.equal(bot.status, 'queued');
    assert.equal(bot.meeting_url, 'https://meet.google.com/abc-defg-hij');
    assert.equal(bot.summary_template, 'sales');
    assert.deepEqual(bot.metadata, { deal: '42' });
    const meeting0 = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.equal(meeting0.source, 'bot');
    assert.equal(meeting0.platform, 'meet');
    assert.equal(meeting0.phase, 'upcoming');
    assert.deepEqual(
      meeting0.recordings.map((r: { id: string; status: string }) => [r.id, r.status]),
      [[bot.id, 'queued']],
    );
    assert.equal(meeting0.settings.summary.template, 'sales');
    assert.equal(meeting0.settings.sources['summary.template'].assignment_id, meeting0.settings.assignments[0].id);
    assert.deepEqual(meeting0.settings.sources['transcription.language'], {
      assignment_id: null,
      reason: 'service_default',
    });

    assert.equal(await finish(bot.id), 'completed');
    const done = (await get(`/bots/${bot.id}`)).body;
    assert.equal(done.status, 'completed');
    assert.ok(done.ended_at);
    assert.ok(!('reason' in done));
    const meeting = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.equal(meeting.phase, 'past');
    assert.equal(meeting.recordings[0].status, 'completed');
    assert.ok(meeting.recordings[0].started_at && meeting.recordings[0].ended_at);
    assert.deepEqual(meeting.results, {
      status: 'ready',
      transcript: { status: 'ready', language: 'en' },
      summary: { status: 'ready' },
      media: { status: 'ready', duration_seconds: 1800 },
    });

    const results = (await get(`/meetings/${bot.meeting_id}/results?include=words`)).body;
    assert.ok(results.transcript.segments.length > 10);
    assert.deepEqual(
      [...new Set(results.transcript.segments.map((s: { speaker: string }) => s.speaker))],
      ['Ann', 'Bob'],
    );
    assert.ok(results.transcript.segments[0].words.length > 1);
    assert.deepEqual(
      results.summary.sections.map((s: { title: string }) => s.title),
      ['Customer needs', 'Objections', 'Next steps'],
    );
    const media = await api.http.get(results.media.audio_url.replace('http://api.test', ''));
    assert.equal(media.status, 200);
    assert.equal(media.headers['content-type'], 'audio/wav');
    const tampered = await api.http.get(
      results.media.audio_url
        .replace('http://api.test', '')
        .replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === '0' ? '1' : '0'}`),
    );
    assert.equal(tampered.status, 401);
    const noWords = (await get(`/meetings/${bot.meeting_id}/results`)).body;
    assert.ok(!('words' in noWords.transcript.segments[0]));

    assert.deepEqual(await eventTypes(bot.id), [
      'bot.recording_started',
      'bot.recording_completed',
      'bot.transcript_ready',
      'bot.summary_ready',
    ]);
    const meetingEvents = await eventTypes(bot.meeting_id);
    assert.equal(meetingEvents[0], 'meeting.created');
    assert.ok(meetingEvents.includes('meeting.finished'));
    assert.ok(meetingEvents.filter((e) => e === 'meeting.updated').length >= 5);

    // The labels a product shows, read from the meeting as each event carried it.
    const labels = (await f.meetingHistory(bot.meeting_id)).map(label).filter((l, i, all) => l !== all[i - 1]);
    assert.deepEqual(labels, ['Will be recorded', 'Recording', 'Processing', 'Ready']);
    assert.equal(label(meeting), 'Ready');
  });

  it('When the meeting uses a custom summary template, then the summary has its sections, in order', async () => {
    const tpl = await api.http
      .post('/api/v1/summary_templates')
      .set('Authorization', me.key)
      .send({
        workspace_id: me.workspaceId,
        name: 'Board',
        sections: [{ title: 'Decisions', instructions: 'What was decided.' }, { title: 'Owners' }],
      });
    assert.equal(tpl.status, 201);
    const bot = await sendBot({
      meeting_url: 'https://meet.google.com/tpl-abcd-efg',
      participants: [{ email: 'ann@example.com', name: 'Ann' }],
      summary_template: tpl.body.id,
    });
    assert.equal(bot.summary_template, tpl.body.id);
    assert.equal(await finish(bot.id), 'completed');
    const results = (await get(`/meetings/${bot.meeting_id}/results`)).body;
    assert.equal(results.summary.template, tpl.body.id);
    assert.deepEqual(
      results.summary.sections.map((s: { title: string }) => s.title),
      ['Decisions', 'Owners'],
    );
  });

  it("When account-level settings name one workspace's template, then another workspace's meetings are not summarised with it", async () => {
    const tpl = await api.as(me).post('/summary_templates', {
      workspace_id: me.workspaceId,
      name: 'Private',
      sections: [{ title: 'Confidential pricing' }],
    });
    assert.equal(tpl.status, 201);
    const settings = await api
      .as(me)
      .post('/settings', { workspace_id: me.workspaceId, name: 'Everywhere', summary: { template: tpl.body.id } });
    assert.equal(settings.status, 201, JSON.stringify(settings.body));
    const assigned = await api
      .as(me)
      .post('/settings_assignments', { settings_id: settings.body.id, scope: [`accounts:${me.accountId}`] });
    assert.equal(assigned.status, 201, JSON.stringify(assigned.body));
    const other = await api.as(me).post('/workspaces', { name: 'Other team' });
    assert.equal(other.status, 201);
    const bot = await api.as(me).post('/bots', {
      workspace_id: other.body.id,
      meeting_url: 'https://meet.google.com/tpl-othe-rws',
      participants: [{ email: 'ann@example.com', name: 'Ann' }],
    });
    assert.equal(bot.status, 201, JSON.stringify(bot.body));
    assert.equal(await finish(bot.body.id), 'completed');
    const results = (await get(`/meetings/${bot.body.meeting_id}/results`)).body;
    assert.ok(
      !results.summary.sections.some((s: { title: string }) => s.title === 'Confidential pricing'),
      JSON.stringify(results.summary.sections),
    );
  });
});

describe('simulator scenarios', () => {
  const scenario = async (sim: string, extra: Record<string, unknown> = {}) => {
    const bot = await sendBot({
      meeting_url: `https://us02web.zoom.us/j/123456789?pwd=abc&sim=${sim}`,
      participants: [{ email: 'ann@example.com', name: 'Ann' }],
      ...extra,
    });
    const final = await finish(bot.id);
    const b = (await get(`/bots/${bot.id}`)).body;
    const m = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.equal(b.status, final);
    return { b, m, events: await eventTypes(bot.id) };
  };

  it('When the bot is never admitted, then the lobby timeout fails it with no_recording and results stay none', async () => {
    const { b, m, events } = await scenario('lobby_timeout');
    assert.equal(b.status, 'failed');
    assert.equal(b.reason, 'no_recording');
    assert.match(b.failure_message, /admitted/);
    assert.equal(b.ended_at, null);
    assert.equal(m.results.status, 'none');
    assert.equal(m.recordings[0].status, 'failed');
    assert.deepEqual(events, ['bot.failed']);
    assert.equal(m.phase, 'past');
    assert.equal(label(m), 'Not recorded');
  });

  it('When the bot is refused entry, then it fails with no_recording', async () => {
    const { b, events } = await scenario('rejected');
    assert.equal(b.reason, 'no_recording');
    assert.match(b.failure_message, /refused/);
    assert.deepEqual(events, ['bot.failed']);
  });

  it('When the bot is removed mid-call, then what was recorded is processed and it completes', async () => {
    const { b, m } = await scenario('kicked');
    assert.equal(b.status, 'completed');
    assert.equal(m.results.media.duration_seconds, 900);
    assert.equal(m.results.status, 'ready');
  });

  it('When the provider crashes mid-call, then the bot fails with bot_error', async () => {
    const { b, m, events } = await scenario('crash');
    assert.equal(b.status, 'failed');
    assert.equal(b.reason, 'bot_error');
    assert.match(b.failure_message, /crashed/);
    assert.equal(m.results.status, 'none');
    assert.deepEqual(events, ['bot.recording_started', 'bot.failed']);
  });

  it('When nobody speaks, then the bot completes with an empty transcript and summary none', async () => {
    const { b, m, events } = await scenario('silence');
    assert.equal(b.status, 'completed');
    assert.deepEqual(m.results.transcript, { status: 'ready', language: 'en' });
    assert.deepEqual(m.results.summary, { status: 'none' });
    assert.equal(m.results.status, 'ready');
    const results = (await get(`/meetings/${m.id}/results`)).body;
    assert.deepEqual(results.transcript.segments, []);
    assert.ok(!events.includes('bot.summary_ready'));
  });

  it('When transcription fails, then the bot fails with transcription_failed and the transcript part reads failed', async () => {
    const { b, m, events } = await scenario('transcription_error');
    assert.equal(b.status, 'failed');
    assert.equal(b.reason, 'transcription_failed');
    assert.ok(b.ended_at, 'the recording was available');
    assert.equal(m.results.transcript.status, 'failed');
    assert.equal(m.results.status, 'failed');
    assert.equal(label(m), 'Failed');
    assert.deepEqual(events, ['bot.recording_started', 'bot.recording_completed', 'bot.failed']);
    assert.ok((await eventTypes(m.id)).includes('meeting.finished'));
  });

  it('When the link leads nowhere, then the bot fails with invalid_meeting_url', async () => {
    const { b } = await scenario('invalid_url');
    assert.equal(b.reason, 'invalid_meeting_url');
  });

  it('When recording starts on command, then it records only after the command and completes', async () => {
    const { b, m } = await scenario('normal', { recording_start: 'on_command' });
    assert.equal(b.recording_start, 'on_command');
    assert.equal(m.settings.recording.methods.bot.start, 'on_command');
    assert.equal(b.status, 'completed');
  });
});

describe('timing, cancellation and provider signals', () => {
  it('When join_at is a week away, then the bot waits on a durable timer and joins 3 minutes before it', async () => {
    // Workflow time is the test server's clock, which earlier tests moved forward.
    const joinAt = new Date((await t.env.currentTimeMs()) + 7 * 86_400_000);
    const bot = await sendBot({
      meeting_url: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting',
      join_at: joinAt.toISOString(),
    });
    assert.equal(bot.join_at, joinAt.toISOString());
    const meeting = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.equal(meeting.starts_at, joinAt.toISOString());
    assert.equal(meeting.platform, 'teams');
    const before = await t.env.currentTimeMs();
    assert.equal(await finish(bot.id), 'completed');
    const joinedAt = await db.orm.em
      .fork()
      .execute<{ joined_at: Date }[]>('select joined_at from bots where id = ?', [bot.id]);
    const lead = joinAt.getTime() - new Date(joinedAt[0]!.joined_at).getTime();
    // Admitted ~10 simulated seconds after dispatch, which happens 3 minutes before join_at.
    assert.ok(lead > 160_000 && lead <= 180_000, `lead ${lead}`);
    assert.ok((await t.env.currentTimeMs()) - before >= 7 * 86_400_000 - 180_000);
  });

  for (const when of ['queued', 'joining', 'in_call'] as const) {
    it(`When a bot is cancelled while ${when}, then it reads cancelled, its recording reads cancelled before joining and failed after, bot.cancelled is recorded, and a second cancel answers 409 bot_not_cancellable`, async () => {
      const joinAt = when === 'queued' ? new Date((await t.env.currentTimeMs()) + 86_400_000).toISOString() : null;
      const bot = await sendBot({ meeting_url: 'https://meet.google.com/xyz-abcd-efg', join_at: joinAt });
      if (when !== 'queued') {
        for (let i = 0; i < 200; i++) {
          const status = (await get(`/bots/${bot.id}`)).body.status;
          if (status === when) break;
          await t.env.sleep(when === 'joining' ? 100 : 2000);
        }
        assert.equal((await get(`/bots/${bot.id}`)).body.status, when);
      }
      const res = await api.http.post(`/api/v1/bots/${bot.id}/cancel`).set('Authorization', me.key);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'cancelled');
      assert.equal(await finish(bot.id), 'cancelled');
      assert.equal((await eventTypes(bot.id)).at(-1), 'bot.cancelled');
      // Spec Recording item: `cancelled` only before joining; a bot that left the call without a recording reads failed.
      const meeting = (await get(`/meetings/${bot.meeting_id}`)).body;
      assert.equal(meeting.recordings[0].status, when === 'in_call' ? 'failed' : 'cancelled');
      const again = await api.http.delete(`/api/v1/bots/${bot.id}`).set('Authorization', me.key);
      assert.equal(again.status, 409);
      assert.equal(again.body.errors[0].code, 'bot_not_cancellable');
      const patch = await api.http
        .patch(`/api/v1/bots/${bot.id}`)
        .set('Authorization', me.key)
        .send({ metadata: { a: 'b' } });
      assert.equal(patch.status, 409);
      assert.equal(patch.body.errors[0].code, 'bot_not_editable');
    });
  }

  /** A bot whose simulated call never admits it, joining: the test plays its provider's events. */
  const joiningBot = async (meetingUrl: string) => {
    const bot = await sendBot({ meeting_url: meetingUrl });
    await until(async () => (await get(`/bots/${bot.id}`)).body.status, {
      what: 'the bot joining',
      timeoutMs: 5_000,
      intervalMs: 50,
      accept: (s) => s === 'joining',
    });
    return { bot, handle: t.env.client.workflow.getHandle(botWorkflowId(bot.id)) };
  };

  /** The bot completes, and each of its events was recorded once. */
  const completesWithEveryEvent = async (botId: string) => {
    assert.equal(await finish(botId), 'completed');
    assert.deepEqual(await eventTypes(botId), [
      'bot.recording_started',
      'bot.recording_completed',
      'bot.transcript_ready',
      'bot.summary_ready',
    ]);
  };

  it('When provider events arrive twice and out of order, then each is applied once and in turn', async () => {
    const { providerEventSignal } = await import('../../workflows/signals');
    const { bot, handle } = await joiningBot('https://meet.google.com/dup-abcd-efg?sim=lobby_timeout');
    const at = new Date().toISOString();
    // Out of order: the recording is reported done before it started, then everything is repeated.
    const events = [
      { id: 'e-done', type: 'recording_done', at, data: { duration_seconds: 120, recording_ref: bot.id } },
      { id: 'e-admit', type: 'admitted', at },
      { id: 'e-admit', type: 'admitted', at },
      { id: 'e-start', type: 'recording_started', at },
      { id: 'e-start', type: 'recording_started', at },
      { id: 'e-done2', type: 'recording_done', at, data: { duration_seconds: 120, recording_ref: bot.id } },
      { id: 'e-done2', type: 'recording_done', at, data: { duration_seconds: 120, recording_ref: bot.id } },
      { id: 'e-left', type: 'left', at, data: { reason: 'meeting_ended' } },
    ] as const;
    for (const e of events) await handle.signal(providerEventSignal, e as never);
    await completesWithEveryEvent(bot.id);
    const m = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.equal(m.results.media.duration_seconds, 120);
  });

  it('When the provider reports the events of one moment in one providerEvents signal, then each is applied once and in order', async () => {
    const { providerEventSignal, providerEventsSignal } = await import('../../workflows/signals');
    const { bot, handle } = await joiningBot('https://meet.google.com/bat-chab-cde?sim=lobby_timeout');
    const at = new Date().toISOString();
    await handle.signal(providerEventSignal, { id: 'b-admit', type: 'admitted', at });
    // A batch repeating an event already applied, and one event twice.
    await handle.signal(providerEventsSignal, [
      { id: 'b-admit', type: 'admitted', at },
      { id: 'b-start', type: 'recording_started', at },
      { id: 'b-start', type: 'recording_started', at },
    ]);
    await handle.signal(providerEventsSignal, [
      { id: 'b-done', type: 'recording_done', at, data: { duration_seconds: 90, recording_ref: bot.id } },
      { id: 'b-left', type: 'left', at, data: { reason: 'meeting_ended' } },
    ]);
    await completesWithEveryEvent(bot.id);
    assert.equal((await get(`/meetings/${bot.meeting_id}`)).body.results.media.duration_seconds, 90);
  });

  it('When a simulated call plays, then the bot’s history shows two provider signals: admitted with recording_started, then recording_done with left', async () => {
    const { defaultPayloadConverter } = await import('@temporalio/common');
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/his-tory-abc' });
    assert.equal(await finish(bot.id), 'completed');
    const history = await t.env.client.workflow.getHandle(botWorkflowId(bot.id)).fetchHistory();
    const signals = (history.events ?? [])
      .map((e) => e.workflowExecutionSignaledEventAttributes)
      .filter((a) => a != null)
      .map((a) => [
        a.signalName,
        (defaultPayloadConverter.fromPayload(a.input!.payloads![0]!) as { type: string }[]).map((e) => e.type),
      ]);
    assert.deepEqual(signals, [
      ['providerEvents', ['admitted', 'recording_started']],
      ['providerEvents', ['recording_done', 'left']],
    ]);
  });

  it('When a simulated call plays, then it costs its bot no workflow of its own: one of the task queue’s simulated-calls workflows takes it from the launch and reports to the bot from local activities, as a provider’s callbacks, with no signal of its own waiting for an acknowledgement', async () => {
    const { defaultPayloadConverter } = await import('@temporalio/common');
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/sim-repo-rts' });
    assert.equal(await finish(bot.id), 'completed');
    assert.equal(await f.simulatedCall(bot.id), 'played');
    await assert.rejects(
      t.env.client.workflow.getHandle(simulatedBotWorkflowId(bot.id)).describe(),
      WorkflowNotFoundError,
      'no workflow of its own',
    );
    const calls = t.env.client.workflow.getHandle(simulatedCallsWorkflowId(t.taskQueue, bot.id));
    await until(async () => (await calls.describe()).status.name, {
      what: 'the simulated calls’ run ended with no call left to play',
      accept: (s) => s === 'COMPLETED',
    });
    assert.equal((await calls.describe()).taskQueue, simulatedCallsTaskQueue(t.taskQueue), 'on a queue of their own');
    const events = (await calls.fetchHistory()).events ?? [];
    const plays = events
      .map((e) => e.workflowExecutionSignaledEventAttributes)
      .filter((a) => a?.signalName === 'playCall')
      .map((a) => defaultPayloadConverter.fromPayload(a!.input!.payloads![0]!) as { botId: string; call: unknown });
    const mine = plays.filter((p) => p.botId === bot.id);
    assert.equal(mine.length, 1, 'one launch, one call');
    assert.equal((mine[0]!.call as { botName: string }).botName, bot.bot_name, 'the call shows the bot by its name');
    assert.equal(events.filter((e) => e.signalExternalWorkflowExecutionInitiatedEventAttributes).length, 0);
    assert.equal(events.filter((e) => e.startChildWorkflowExecutionInitiatedEventAttributes).length, 0);
    assert.ok(
      events.some((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity'),
      'its reports are local activities',
    );
  });

  it('When a simulated call reports to a bot that is not running, then the call plays to its end and the simulated calls end as usual (completed, not failed)', async () => {
    const botId = `bot_gone${Date.now()}`;
    const calls = await t.env.client.workflow.signalWithStart('simulatedCalls', {
      taskQueue: simulatedCallsTaskQueue(t.taskQueue),
      workflowId: simulatedCallsWorkflowId(t.taskQueue, botId),
      args: [],
      signal: playCallSignal,
      signalArgs: [{ botId, scenario: 'normal', speed: 1000, recordingStart: 'on_join', meetingSeconds: 60 }],
    });
    await until(
      async () => {
        await t.env.sleep(1000); // 1,000 simulated seconds at this speed: the whole call
        return (await calls.describe()).status.name;
      },
      { what: 'the simulated calls’ run ended', timeoutMs: 20_000, accept: (s) => s !== 'RUNNING' },
    );
    assert.equal((await calls.describe()).status.name, 'COMPLETED');
    assert.equal(await f.simulatedCall(botId), 'played');
    // A bot that does exist still hears from its call.
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/aft-erga-one' });
    assert.equal(await finish(bot.id), 'completed');
  });

  it('When a bot’s launch is repeated (its activity retried after the call was taken), then its call plays once: the bot hears admitted and the end once each', async () => {
    const { defaultPayloadConverter } = await import('@temporalio/common');
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/rep-eatl-nch' });
    await startedWorkflow(t, botWorkflowId(bot.id));
    const playing = await until(() => f.simulatedCall(bot.id), {
      what: 'the call taken by the simulated calls',
      timeoutMs: 20_000,
      intervalMs: 20,
      accept: (s) => s === 'playing',
    });
    assert.equal(playing, 'playing');
    await t.env.client.workflow.getHandle(simulatedCallsWorkflowId(t.taskQueue, bot.id)).signal(playCallSignal, {
      botId: bot.id,
      scenario: 'normal',
      speed: 1,
      recordingStart: 'on_join',
      meetingSeconds: 60,
    });
    assert.equal(await finish(bot.id), 'completed');
    const history = await t.env.client.workflow.getHandle(botWorkflowId(bot.id)).fetchHistory();
    const types = (history.events ?? [])
      .map((e) => e.workflowExecutionSignaledEventAttributes)
      .filter((a) => a != null)
      .flatMap((a) =>
        (defaultPayloadConverter.fromPayload(a.input!.payloads![0]!) as { type: string }[]).map((e) => e.type),
      );
    assert.deepEqual(types, ['admitted', 'recording_started', 'recording_done', 'left']);
    // Its recording lasted the launch's meeting (30 minutes), not the repeated one's 60 seconds.
    const meeting = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.equal(meeting.results.media.duration_seconds, 1800);
  });

  it('When a bot completes, then its only activity task is the one step that makes its three results parts: the launch and status records run inside workflow tasks', async () => {
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/loc-alla-unch' });
    assert.equal(await finish(bot.id), 'completed');
    const history = await t.env.client.workflow.getHandle(botWorkflowId(bot.id)).fetchHistory();
    const scheduled = (history.events ?? [])
      .map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name)
      .filter((name) => name != null);
    assert.deepEqual(scheduled, ['makeResults']);
    // The launch happened: the simulated call it started played to the end.
    assert.equal(await f.simulatedCall(bot.id), 'played');
  });

  it('When a bot completes, then its launch records it joining, its admission is recorded with the recording’s start and its summary with its completion: three local activities and one patch marker in its history, the join time the admission’s, bot.summary_ready carrying it completed', async () => {
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/few-erre-cord' });
    assert.equal(await finish(bot.id), 'completed');
    const history = await t.env.client.workflow.getHandle(botWorkflowId(bot.id)).fetchHistory();
    const markers = (history.events ?? []).map((e) => e.markerRecordedEventAttributes?.markerName);
    // The launch, in_call with the recording's start, processing (six before: joining, the admission
    // and completed were records of their own).
    assert.equal(markers.filter((m) => m === 'core_local_activity').length, 3);
    // One patch marker stands for every change of the bot workflow so far (six before, each with its upsert).
    assert.equal(markers.filter((m) => m === 'core_patch').length, 1);
    const upserts = (history.events ?? []).filter((e) => e.upsertWorkflowSearchAttributesEventAttributes).length;
    assert.equal(upserts, 5, 'BotStatus joining, in_call, processing and completed; TemporalChangeVersion once');
    const [row] = await f.db.orm.em
      .fork()
      .execute<{ provider_bot_id: string; joined_at: string; recording_started_at: string }[]>(
        'select provider_bot_id, joined_at::text, recording_started_at::text from bots where id = ?',
        [bot.id],
      );
    assert.equal(row!.provider_bot_id, `sim_${bot.id}`);
    // The simulated call admits the bot and starts the recording in the same moment.
    assert.ok(row!.joined_at);
    assert.equal(row!.joined_at, row!.recording_started_at);
    // What the meeting's events showed is unchanged: queued, joining, in the call, then done.
    const statuses = (await f.meetingHistory(bot.meeting_id)).map(
      (m) => (m as unknown as { recordings: { status: string }[] }).recordings[0]!.status,
    );
    assert.deepEqual([...new Set(statuses)], ['queued', 'joining', 'in_call', 'completed']);
    assert.deepEqual(await eventTypes(bot.id), [
      'bot.recording_started',
      'bot.recording_completed',
      'bot.transcript_ready',
      'bot.summary_ready',
    ]);
    // The bot completes in the summary's transaction: bot.summary_ready carries it completed.
    const events = await f.api
      .as(f.me)
      .get('/webhook_events', { workspace_id: f.me.workspaceId, type: 'bot.summary_ready', limit: 100 });
    const ready = events.body.data.find((e: { data: { object: { id: string } } }) => e.data.object.id === bot.id);
    assert.equal(ready.data.object.status, 'completed');
  });

  it('When a summary step finishes after its bot was ended meanwhile (the ended-bot janitor), then the bot keeps its end; while processing, it reads completed with its summary, and stays completed through a later failed or cancelled record', async () => {
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/sum-mary-late' });
    assert.equal(await finish(bot.id), 'completed');
    const em = f.db.orm.em.fork();
    const activities = createBotActivities({
      orm: f.db.orm,
      log: silentLog,
      providers: { summary: new SimulatedSummaryProvider() } as Providers,
      storage: f.worker.storage,
    } as ActivityDeps);
    // The step that was still running when the janitor ended the bot failed: its summary is stored, its end kept.
    await em.execute(`update bots set status = 'failed', reason = 'bot_error' where id = ?`, [bot.id]);
    assert.deepEqual(await activities.makeSummary(bot.id, { complete: true }), { summary: 'ready', completed: false });
    assert.deepEqual(
      [
        (await get(`/bots/${bot.id}`)).body.status,
        (await get(`/meetings/${bot.meeting_id}`)).body.results.summary.status,
      ],
      ['failed', 'ready'],
    );
    await em.execute(`update bots set status = 'processing', reason = null where id = ?`, [bot.id]);
    assert.deepEqual(await activities.makeSummary(bot.id, { complete: true }), { summary: 'ready', completed: true });
    assert.equal((await get(`/bots/${bot.id}`)).body.status, 'completed');
    // Completed is final: a summary attempt reported failed after it committed (the workflow then gives
    // up) or a cancel after it leaves the bot completed, and records no bot.failed or bot.cancelled.
    const before = await eventTypes(bot.id);
    await activities.recordStatus({ botId: bot.id, status: 'failed', reason: 'bot_error', events: ['bot.failed'] });
    await activities.recordStatus({ botId: bot.id, status: 'cancelled', events: ['bot.cancelled'] });
    assert.equal((await get(`/bots/${bot.id}`)).body.status, 'completed');
    assert.deepEqual(await eventTypes(bot.id), before);
  });

  it('When the results step runs again for a bot that is no longer being processed, then it makes nothing again: a completed bot answers completed, a bot ended meanwhile or asked to stop answers stopped, and a processing record lifts an earlier stop', async () => {
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/one-step-agn' });
    assert.equal(await finish(bot.id), 'completed');
    const em = f.db.orm.em.fork();
    const made: string[] = [];
    const summarizer = new SimulatedSummaryProvider();
    const activities = createBotActivities({
      orm: f.db.orm,
      log: silentLog,
      providers: {
        meetingBot: {
          fetchRecording: async () => {
            made.push('media');
            throw new Error('the recording is stored already');
          },
        },
        transcription: {
          transcribe: async () => {
            made.push('transcript');
            throw new Error('the transcript is stored already');
          },
        },
        summary: {
          summarize: async (input: Parameters<SimulatedSummaryProvider['summarize']>[0]) => {
            made.push('summary');
            return summarizer.summarize(input);
          },
        },
      } as unknown as Providers,
      storage: f.worker.storage,
    } as ActivityDeps);
    // Its step committed the summary and the bot completed, then could not answer: the attempt after it.
    assert.deepEqual(await activities.makeResults(bot.id, 60, bot.id), { summary: 'ready', completed: true });
    // Ended by the ended-bot janitor once its workflow was gone.
    await em.execute(`update bots set status = 'failed', reason = 'bot_error' where id = ?`, [bot.id]);
    assert.deepEqual(await activities.makeResults(bot.id, 60, bot.id), { stopped: true });
    // Its workflow was cancelled and asked the step to stop.
    await em.execute(`update bots set status = 'processing', reason = null where id = ?`, [bot.id]);
    await activities.requestStop(bot.id);
    assert.deepEqual(await activities.makeResults(bot.id, 60, bot.id), { stopped: true });
    assert.deepEqual(made, []);
    // A processing record (a run of its workflow after a reset) lifts the stop: only the summary is
    // made again, the media and the transcript are stored.
    await activities.recordStatus({ botId: bot.id, status: 'processing', events: [] });
    assert.deepEqual(await activities.makeResults(bot.id, 60, bot.id), { summary: 'ready', completed: true });
    assert.deepEqual(made, ['summary']);
    assert.equal((await get(`/bots/${bot.id}`)).body.status, 'completed');
  });

  it('When a results step fails without naming its part (it timed out), then the bot fails with the reason of the first part still being made, and the parts left read failed', async () => {
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/one-step-tmo' });
    assert.equal(await finish(bot.id), 'completed');
    const em = f.db.orm.em.fork();
    // The media is stored; the transcript and the summary are still being made.
    await em.execute(`update bots set status = 'processing' where id = ?`, [bot.id]);
    await em.execute(
      `update meetings set results = jsonb_set(jsonb_set(results::jsonb, '{transcript,status}', '"processing"'), '{summary,status}', '"processing"') where id = ?`,
      [bot.meeting_id],
    );
    const activities = createBotActivities({ orm: f.db.orm, log: silentLog } as ActivityDeps);
    await activities.recordStatus({
      botId: bot.id,
      status: 'failed',
      reason: 'bot_error',
      failureMessage: 'The results could not be made.',
      failParts: ['media', 'transcript', 'summary'],
      reasonOfFirstUnmadePart: true,
      events: ['bot.failed'],
    });
    const failed = (await get(`/bots/${bot.id}`)).body;
    assert.deepEqual([failed.status, failed.reason], ['failed', 'transcription_failed']);
    const meeting = (await get(`/meetings/${bot.meeting_id}`)).body;
    assert.deepEqual(
      [meeting.results.media.status, meeting.results.transcript.status, meeting.results.summary.status],
      ['ready', 'failed', 'failed'],
    );
  });

  // Last in the file, as in webhook-schedule.test.ts, where the time-skipping server stops skipping time
  // after a workflow cancel is followed by an activity without an attempt limit. The bot's leave has a
  // limit and its records are local activities, so this is insurance for the tests above.
  for (const when of ['queued', 'joining', 'in_call'] as const) {
    it(`When a ${when} bot's workflow is cancelled from Temporal (the UI's Cancel), then the bot reads cancelled with bot.cancelled, its provider bot is asked to leave, and the workflow closes cancelled`, async () => {
      const joinAt = when === 'queued' ? new Date((await t.env.currentTimeMs()) + 86_400_000).toISOString() : null;
      const bot = await sendBot({
        meeting_url: `https://meet.google.com/tmp-canc-${when === 'in_call' ? 'inc' : when.slice(0, 3)}`,
        join_at: joinAt,
      });
      // The bot reads queued before the outbox has started its workflow.
      const handle = await startedWorkflow(t, botWorkflowId(bot.id));
      // Joining lasts about ten simulated seconds in a normal call: skip time only to reach in_call.
      await until(
        async () => {
          const status = (await get(`/bots/${bot.id}`)).body.status;
          if (when === 'in_call' && status !== when) await t.env.sleep(2000);
          return status;
        },
        { what: `the bot ${when}`, timeoutMs: 20_000, intervalMs: 20, accept: (s) => s === when },
      );
      await handle.cancel();
      await assert.rejects(finish(bot.id), (err: Error) => /cancel/i.test(`${err.message} ${String(err.cause)}`));
      assert.equal((await handle.describe()).status.name, 'CANCELLED');
      assert.equal((await get(`/bots/${bot.id}`)).body.status, 'cancelled');
      assert.deepEqual(
        (await eventTypes(bot.id)).filter((e) => e !== 'bot.recording_started'),
        ['bot.cancelled'],
      );
      const meeting = (await get(`/meetings/${bot.meeting_id}`)).body;
      assert.equal(meeting.recordings[0].status, when === 'in_call' ? 'failed' : 'cancelled');
      if (when !== 'queued') {
        assert.equal(await f.simulatedCall(bot.id), 'left', 'the provider was asked to take its bot out of the call');
        assert.ok(meeting.recordings[0].ended_at, 'its recording item says when it left');
      }
    });
  }
});

describe('the simulated calls, a few workflows for a task queue', () => {
  it('When the simulated calls continue as new with calls still to play, then the next run plays them and their bots complete', async () => {
    // Each share started anew with runs of a dozen history events, kept running by a long call of a
    // bot that is not there (none runs yet when this test runs alone).
    const firstRuns = new Map<string, string>();
    for (let shard = 0; shard < SIMULATED_CALL_SHARDS; shard++) {
      const id = simulatedCallsShardId(t.taskQueue, shard);
      await t.env.client.workflow
        .getHandle(id)
        .terminate('the test starts the simulated calls with short runs')
        .catch((err: unknown) => assert.ok(err instanceof WorkflowNotFoundError, String(err)));
      const first = await t.env.client.workflow.signalWithStart('simulatedCalls', {
        taskQueue: simulatedCallsTaskQueue(t.taskQueue),
        workflowId: id,
        args: [{ calls: [], ended: [], runEvents: 12 }],
        signal: playCallSignal,
        signalArgs: [
          { botId: `bot_long${shard}`, scenario: 'normal', speed: 1, recordingStart: 'on_join', meetingSeconds: 7200 },
        ],
      });
      firstRuns.set(id, first.signaledRunId);
    }
    const bots = await Promise.all(
      ['run-sone-one', 'run-stwo-two', 'run-sthr-ree'].map((m) =>
        sendBot({ meeting_url: `https://meet.google.com/${m}` }),
      ),
    );
    // One after the other: the time-skipping server's clock is unlocked by one waiting client at a time.
    const outs: string[] = [];
    for (const b of bots) outs.push(await finish(b.id));
    assert.deepEqual(outs, ['completed', 'completed', 'completed']);
    for (const b of bots) {
      assert.equal(await f.simulatedCall(b.id), 'played');
      const id = simulatedCallsWorkflowId(t.taskQueue, b.id);
      const firstRun = await t.env.client.workflow.getHandle(id, firstRuns.get(id)).describe();
      assert.equal(firstRun.status.name, 'CONTINUED_AS_NEW', `${id}: its first run handed its calls on`);
    }
    const media = await Promise.all(bots.map(async (b) => (await get(`/meetings/${b.meeting_id}`)).body.results.media));
    assert.deepEqual(
      media.map((m) => m.duration_seconds),
      [1800, 1800, 1800],
      'each call played its whole length across the runs',
    );
  });

  it('When bots are sent, then their calls are spread over the task queue’s simulated-calls workflows by bot id, and a bot cancelled in its call leaves it through the same one', async () => {
    const ids = new Set(Array.from({ length: 200 }, (_, i) => simulatedCallsWorkflowId(t.taskQueue, `bot_${i}x`)));
    assert.deepEqual(
      [...ids].sort(),
      Array.from({ length: SIMULATED_CALL_SHARDS }, (_, n) => simulatedCallsShardId(t.taskQueue, n)).sort(),
    );
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/lea-vesh-are' });
    await startedWorkflow(t, botWorkflowId(bot.id));
    await until(() => f.simulatedCall(bot.id), {
      what: 'its call playing',
      timeoutMs: 20_000,
      intervalMs: 20,
      accept: (s) => s === 'playing',
    });
    const res = await api.as(me).post(`/bots/${bot.id}/cancel`, {});
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(await finish(bot.id), 'cancelled');
    assert.equal(await f.simulatedCall(bot.id), 'left', 'its leaving reached the workflow playing its call');
  });
});
