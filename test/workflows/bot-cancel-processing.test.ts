import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SimulatedTranscriptionProvider } from '../../activities/providers/simulated';
import type { TranscriptionProvider } from '../../activities/providers/types';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { serviceFixture, resultOf } from '../support/temporal';

// Transcription waits for the test, so the bot is caught in `processing`.
let release: () => void = () => undefined;
const gate = new Promise<void>((r) => {
  release = r;
});
let reached: () => void = () => undefined;
const transcribing = new Promise<void>((r) => {
  reached = r;
});
const simulated = new SimulatedTranscriptionProvider();
const held: TranscriptionProvider = {
  transcribe: async (input) => {
    reached();
    await gate;
    return simulated.transcribe(input);
  },
};

let f: Awaited<ReturnType<typeof serviceFixture>>;
beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping', providers: { transcription: held } });
});
afterAll(async () => {
  release();
  await f.close();
});

describe('cancelling a bot while its results are made (time-skipping)', () => {
  it('When a processing bot is cancelled, then it stops making results, reads cancelled with bot.cancelled, its recording reads completed, and the unmade parts read none', async () => {
    const me = await givenAccount(f.api);
    const sent = await f.api.http
      .post('/api/v1/bots')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/can-celp-roc' });
    assert.equal(sent.status, 201);
    const result = resultOf(f.t, botWorkflowId(sent.body.id));
    await transcribing;
    assert.equal(
      (await f.api.http.get(`/api/v1/bots/${sent.body.id}`).set('Authorization', me.key)).body.status,
      'processing',
    );
    const cancelling = f.api.http.post(`/api/v1/bots/${sent.body.id}/cancel`).set('Authorization', me.key);
    setTimeout(release, 300);
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
    const events = (
      await f.api.http
        .get('/api/v1/webhook_events')
        .set('Authorization', me.key)
        .query({ workspace_id: me.workspaceId, type: 'bot.cancelled' })
    ).body.data;
    assert.equal(events.length, 1);
  });
});
