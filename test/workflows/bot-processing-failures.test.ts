import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/common';
import {
  SimulatedMeetingBotProvider,
  SimulatedSummaryProvider,
  SimulatedTranscriptionProvider,
} from '../../activities/providers/simulated';
import type { MeetingBotProvider, SummaryProvider, TranscriptionProvider } from '../../activities/providers/types';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { resultOf, serviceFixture } from '../support/temporal';
import { until } from '../support/until';

// Which part of the results breaks for good (every retry fails), per test.
let broken: 'media' | 'transcript' | 'summary' | null = null;
let real: SimulatedMeetingBotProvider;
// How many launches fail before the provider answers (a provider briefly unreachable), and the calls.
let launchFailures = 0;
let launchCalls = 0;
// A launch the provider refuses for good (the workflow sees what it sees once the retries are spent).
let launchRefused = false;
// Recordings fetched, and how many transcriptions fail before speech-to-text answers again.
let fetchCalls = 0;
let transcriptFailures = 0;
const meetingBot: MeetingBotProvider = {
  name: 'simulated',
  launch: async (bot) => {
    launchCalls++;
    if (launchRefused) throw ApplicationFailure.nonRetryable('the bot provider refused the bot');
    if (launchFailures > 0) {
      launchFailures--;
      throw new Error('the bot provider is unreachable');
    }
    return real.launch(bot);
  },
  leave: (id) => real.leave(id),
  fetchRecording: async (...args) => {
    fetchCalls++;
    if (broken === 'media') throw new Error('the provider lost the recording');
    return real.fetchRecording(...args);
  },
};
const transcriber = new SimulatedTranscriptionProvider();
const transcription: TranscriptionProvider = {
  transcribe: async (input) => {
    if (broken === 'transcript') throw new Error('speech-to-text is down');
    if (transcriptFailures > 0) {
      transcriptFailures--;
      throw new Error('speech-to-text is briefly down');
    }
    return transcriber.transcribe(input);
  },
};
const summarizer = new SimulatedSummaryProvider();
const summary: SummaryProvider = {
  summarize: async (input) => {
    if (broken === 'summary') throw new Error('the summary model is down');
    return summarizer.summarize(input);
  },
};

let f: Awaited<ReturnType<typeof serviceFixture>>;
beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping', providers: { meetingBot, transcription, summary } });
  real = new SimulatedMeetingBotProvider(f.t.env.client, f.t.taskQueue, 1);
});
afterAll(() => f.close());

async function botWithBrokenPart(part: 'media' | 'transcript' | 'summary' | null) {
  broken = part;
  const me = await givenAccount(f.api);
  const sent = await f.api.http
    .post('/api/v1/bots')
    .set('Authorization', me.key)
    .send({
      workspace_id: me.workspaceId,
      meeting_url: `https://meet.google.com/brk-${(part ?? 'none').slice(0, 4)}-abc`,
    });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  const ended = await resultOf(f.t, botWorkflowId(sent.body.id));
  const bot = (await f.api.as(me).get(`/bots/${sent.body.id}`)).body;
  const meeting = (await f.api.as(me).get(`/meetings/${bot.meeting_id}`)).body;
  const types = (await f.api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, limit: 100 })).body.data.map(
    (e: { type: string }) => e.type,
  );
  return { ended, bot, meeting, types };
}

describe('a results part that cannot be made (time-skipping, retries exhausted)', () => {
  it('When the recording cannot be retrieved, then the bot fails with no_recording, every part reads failed, and meeting.finished is sent', async () => {
    const { ended, bot, meeting, types } = await botWithBrokenPart('media');
    assert.equal(ended, 'failed');
    assert.equal(bot.status, 'failed');
    assert.equal(bot.reason, 'no_recording');
    assert.deepEqual(
      [
        meeting.results.status,
        meeting.results.media.status,
        meeting.results.transcript.status,
        meeting.results.summary.status,
      ],
      ['failed', 'failed', 'failed', 'failed'],
    );
    assert.ok(types.includes('bot.failed') && types.includes('meeting.finished'), types.join());
  });

  it('When transcription keeps erroring, then the bot fails with transcription_failed and transcript and summary read failed', async () => {
    const { ended, bot, meeting, types } = await botWithBrokenPart('transcript');
    assert.equal(ended, 'failed');
    assert.equal(bot.reason, 'transcription_failed');
    assert.deepEqual(
      [meeting.results.media.status, meeting.results.transcript.status, meeting.results.summary.status],
      ['ready', 'failed', 'failed'],
    );
    assert.ok(types.includes('meeting.finished'));
  });

  it('When the summary keeps erroring, then the bot fails with bot_error, the transcript stays ready and the summary reads failed', async () => {
    const { ended, bot, meeting, types } = await botWithBrokenPart('summary');
    assert.equal(ended, 'failed');
    assert.equal(bot.reason, 'bot_error');
    assert.deepEqual([meeting.results.transcript.status, meeting.results.summary.status], ['ready', 'failed']);
    assert.ok(types.includes('meeting.finished') && types.includes('bot.transcript_ready'));
  });
});

describe('a results step tried again', () => {
  it('When transcription errors twice and then works, then the step is tried again from the transcript: the recording is fetched once, the bot completes with every part ready and each bot.* event is sent once', async () => {
    fetchCalls = 0;
    transcriptFailures = 2;
    const { ended, bot, meeting, types } = await botWithBrokenPart(null);
    assert.equal(ended, 'completed');
    assert.equal(bot.status, 'completed');
    assert.equal(transcriptFailures, 0, 'both failing transcriptions were tried');
    assert.equal(fetchCalls, 1, 'the media stored by the first attempt is kept, not fetched again');
    assert.deepEqual(
      [meeting.results.media.status, meeting.results.transcript.status, meeting.results.summary.status],
      ['ready', 'ready', 'ready'],
    );
    const botEvents = types.filter((t: string) => t.startsWith('bot.')).sort();
    assert.deepEqual(botEvents, [
      'bot.recording_completed',
      'bot.recording_started',
      'bot.summary_ready',
      'bot.transcript_ready',
    ]);
  });
});

describe('a launch that fails for a while', () => {
  /** Sends a bot and waits for its workflow's end: what it returned, and the bot as the API shows it. */
  async function launchedBot(meetingUrl: string) {
    broken = null;
    const me = await givenAccount(f.api);
    const sent = await f.api.as(me).post('/bots', { workspace_id: me.workspaceId, meeting_url: meetingUrl });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    const ended = await resultOf(f.t, botWorkflowId(sent.body.id));
    const bot = (await f.api.as(me).get(`/bots/${sent.body.id}`)).body;
    return { me, ended, bot };
  }

  it('When the provider fails the first two launches, then the launch is tried again and the bot joins and completes', async () => {
    launchCalls = 0;
    launchFailures = 2;
    const { ended, bot } = await launchedBot('https://meet.google.com/lau-nchr-etry');
    assert.equal(ended, 'completed');
    assert.equal(launchCalls, 3);
    assert.equal(bot.status, 'completed');
  });

  it('When the provider cannot take the bot after the launch’s retries, then the bot fails with bot_error instead of staying queued and bot.failed is sent', async () => {
    launchRefused = true;
    try {
      const { me, ended, bot } = await launchedBot('https://meet.google.com/lau-nchf-ail');
      assert.equal(ended, 'failed');
      assert.equal(bot.status, 'failed');
      assert.equal(bot.reason, 'bot_error');
      assert.match(bot.failure_message, /could not send the bot into the call/);
      const types = (
        await f.api.as(me).get('/webhook_events', { workspace_id: me.workspaceId, limit: 100 })
      ).body.data.map((e: { type: string }) => e.type);
      assert.ok(types.includes('bot.failed'), types.join());
      // Nothing was recorded: the meeting's results were never started.
      const meeting = (await f.api.as(me).get(`/meetings/${bot.meeting_id}`)).body;
      assert.deepEqual(
        [meeting.results.media.status, meeting.results.transcript.status, meeting.results.summary.status],
        ['none', 'none', 'none'],
      );
    } finally {
      launchRefused = false;
    }
  });
});

describe('a status record the database refuses for a while', () => {
  it('When the database refuses a bot’s joining record for twenty minutes, then the bot waits where it is and completes once the database takes it', async () => {
    broken = null;
    const db = f.db.orm.em.fork();
    // Every write of a bot's joining status fails, as it would while PostgreSQL is away.
    await db.execute(`alter table bots add constraint refuse_joining check (status <> 'joining') not valid`);
    let dropped = false;
    const drop = async () => {
      if (!dropped) await db.execute('alter table bots drop constraint refuse_joining');
      dropped = true;
    };
    try {
      const me = await givenAccount(f.api);
      const sent = await f.api
        .as(me)
        .post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/ref-used-rec' });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const handle = f.t.env.client.workflow.getHandle(botWorkflowId(sent.body.id));
      // The first retries wait in the worker; once they wait on timers, twenty minutes pass at once.
      await until(
        // (Not found until the outbox has started it.)
        async () =>
          ((await handle.fetchHistory().catch(() => null))?.events ?? []).some(
            (e) => e.timerStartedEventAttributes != null,
          ),
        { what: 'the record’s retries waiting on a timer', timeoutMs: 30_000, intervalMs: 200, accept: (x) => x },
      );
      await f.t.env.sleep('20 minutes');
      assert.equal((await handle.describe()).status.name, 'RUNNING');
      assert.equal((await f.api.as(me).get(`/bots/${sent.body.id}`)).body.status, 'queued');
      await drop();
      assert.equal(await resultOf(f.t, botWorkflowId(sent.body.id)), 'completed');
      assert.equal((await f.api.as(me).get(`/bots/${sent.body.id}`)).body.status, 'completed');
      // The launch left its refused record to the workflow, which wrote the provider's bot with it.
      const [row] = await db.execute<{ provider_bot_id: string }[]>('select provider_bot_id from bots where id = ?', [
        sent.body.id,
      ]);
      assert.equal(row!.provider_bot_id, `sim_${sent.body.id}`);
    } finally {
      await drop();
    }
  });
});
