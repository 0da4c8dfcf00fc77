import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/activity';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SimulatedTranscriptionProvider } from '../../activities/providers/simulated';
import type { TranscriptionProvider } from '../../activities/providers/types';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import {
  CANCEL_REQUESTED,
  pendingActivity,
  serviceFixture,
  resultOf,
  startedWorkflow,
  withDeadline,
} from '../support/temporal';
import { until } from '../support/until';

// Transcription waits for the test, so the bot is caught in `processing`; each test holds it anew.
// With `fails`, the provider then fails the step for good (an error no retry gets past).
const newHold = (fails = false) => {
  let release: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const transcribing = new Promise<void>((r) => (reached = r));
  return { release, reached, gate, transcribing, fails };
};
let hold = newHold();
const simulated = new SimulatedTranscriptionProvider();
const held: TranscriptionProvider = {
  transcribe: async (input) => {
    const h = hold;
    h.reached();
    await h.gate;
    if (h.fails) throw ApplicationFailure.nonRetryable('the speech-to-text provider refused the recording');
    return simulated.transcribe(input);
  },
};

let f: Awaited<ReturnType<typeof serviceFixture>>;
beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping', providers: { transcription: held } });
});
afterAll(async () => {
  hold.release();
  await f.close();
});

/** A new account's bot, sent to a normal call. */
async function sendBot(meetingUrl: string) {
  const me = await givenAccount(f.api);
  const sent = await f.api.http
    .post('/api/v1/bots')
    .set('Authorization', me.key)
    .send({ workspace_id: me.workspaceId, meeting_url: meetingUrl });
  assert.equal(sent.status, 201);
  return { me, sent };
}

/** The bot.cancelled events the account's key can read. */
async function cancelledEvents(me: { key: string; workspaceId: string }): Promise<unknown[]> {
  return (
    await f.api.http
      .get('/api/v1/webhook_events')
      .set('Authorization', me.key)
      .query({ workspace_id: me.workspaceId, type: 'bot.cancelled' })
  ).body.data;
}

describe('cancelling a bot while its results are made (time-skipping)', () => {
  it('When a processing bot is cancelled, then it stops making results, reads cancelled with bot.cancelled, its recording reads completed, and the unmade parts read none', async () => {
    const { me, sent } = await sendBot('https://meet.google.com/can-celp-roc');
    const result = resultOf(f.t, botWorkflowId(sent.body.id));
    await hold.transcribing;
    assert.equal(
      (await f.api.http.get(`/api/v1/bots/${sent.body.id}`).set('Authorization', me.key)).body.status,
      'processing',
    );
    const cancelling = f.api.http.post(`/api/v1/bots/${sent.body.id}/cancel`).set('Authorization', me.key);
    setTimeout(hold.release, 300);
    const res = await cancelling;
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'cancelled');
    assert.equal(await result, 'cancelled');
    const meeting = (await f.api.http.get(`/api/v1/meetings/${sent.body.meeting_id}`).set('Authorization', me.key))
      .body;
    assert.equal(meeting.results.media.status, 'ready', 'the media made before the cancel stays');
    assert.equal(meeting.results.summary.status, 'none', 'the summary is not made');
    assert.notEqual(meeting.results.status, 'processing');
    assert.equal(meeting.recordings[0].status, 'completed', 'it left the call with a recording that was processed');
    assert.equal((await cancelledEvents(me)).length, 1);
  });

  for (const then of ['finishes', 'fails'] as const) {
    it(`When a processing bot's workflow is cancelled from Temporal (the UI's Cancel) and the step in flight then ${then}, then the workflow waits for the step, the bot reads cancelled with bot.cancelled, nothing after the step is made, and the workflow closes cancelled`, async () => {
      hold = newHold(then === 'fails');
      const { me, sent } = await sendBot(`https://meet.google.com/tmp-canc-${then === 'fails' ? 'fai' : 'fin'}`);
      const handle = await startedWorkflow(f.t, botWorkflowId(sent.body.id));
      // Waiting on the result lets the server skip the simulated call's time.
      const result = withDeadline(handle.result(), 60_000, 'the cancelled workflow to close');
      result.catch(() => undefined);
      await hold.transcribing;
      await handle.cancel();
      // The cancel reaches the transcription, and the workflow waits for it to end.
      await until(async () => (await pendingActivity(handle, 'makeResults')).state, {
        what: 'the transcription asked to cancel',
        accept: (s) => s === CANCEL_REQUESTED,
      });
      assert.equal((await handle.describe()).status.name, 'RUNNING');
      const waiting = (await f.api.http.get(`/api/v1/bots/${sent.body.id}`).set('Authorization', me.key)).body;
      assert.equal(waiting.status, 'processing');
      hold.release();
      await assert.rejects(result, (err: Error) => /cancel/i.test(`${err.message} ${String(err.cause)}`));
      assert.equal((await handle.describe()).status.name, 'CANCELLED');
      const bot = (await f.api.http.get(`/api/v1/bots/${sent.body.id}`).set('Authorization', me.key)).body;
      assert.equal(bot.status, 'cancelled');
      const meeting = (await f.api.http.get(`/api/v1/meetings/${sent.body.meeting_id}`).set('Authorization', me.key))
        .body;
      assert.equal(meeting.results.media.status, 'ready', 'the media made before the cancel stays');
      // A transcript made by the step in flight is kept; one it could not make reads none, as unmade parts do.
      assert.equal(meeting.results.transcript.status, then === 'finishes' ? 'ready' : 'none');
      assert.equal(meeting.results.summary.status, 'none');
      const types = (
        await f.api.http
          .get('/api/v1/webhook_events')
          .set('Authorization', me.key)
          .query({ workspace_id: me.workspaceId })
      ).body.data
        .map((e: { type: string }) => e.type)
        .filter((t: string) => t.startsWith('bot.'))
        .reverse();
      assert.deepEqual(
        types.slice(-2),
        then === 'finishes' ? ['bot.transcript_ready', 'bot.cancelled'] : ['bot.recording_completed', 'bot.cancelled'],
      );
    });
  }
});
