import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { verifyLikeTheSpec, webhookFixture } from '../support/webhooks';
import { resultOf } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof webhookFixture>>;

beforeAll(async () => {
  f = await webhookFixture();
});
afterAll(async () => {
  await f.close();
});

describe('webhook bodies at the endpoint’s pin', () => {
  it('When an endpoint is pinned before 2026-10-12, then bot and meeting events reach it in the older shapes, as they were when they happened', async () => {
    const owner = await givenAccount(f.api);
    const older = await f.createEndpoint(owner.key, owner.workspaceId, { api_version: '2026-10-09' });
    const newest = await f.createEndpoint(owner.key, owner.workspaceId);
    assert.equal(older.api_version, '2026-10-09');
    const start = f.receiver.received.length;
    const bot = await f.sendBot(owner.key, owner.workspaceId, 'https://meet.google.com/pinned-abcd-efg');
    await resultOf(f.t, botWorkflowId(bot.id));
    const count = (
      await f.db.orm.em
        .fork()
        .execute<{ n: string }[]>('select count(*) as n from webhook_events where workspace_id = ?', [
          owner.workspaceId,
        ])
    )[0]!.n;
    await until(() => f.receiver.received.slice(start).length >= 2 * Number(count), {
      what: 'every event delivered to both endpoints',
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    const got = f.receiver.received.slice(start);
    // Both endpoints share the receiver: tell them apart by the signature each secret makes.
    const now = Math.floor(Date.now() / 1000);
    const forOlder = got.filter((r) => verifyLikeTheSpec(older.secret, r.headers, r.body, now));
    const forNewest = got.filter((r) => verifyLikeTheSpec(newest.secret, r.headers, r.body, now));
    assert.equal(forOlder.length, Number(count));
    assert.equal(forNewest.length, Number(count));

    type Body = Record<string, any>;
    const olderBot = (type: string): Body => forOlder.find((r) => r.json.type === type)!.json.data.object;
    const newestBot = (type: string): Body => forNewest.find((r) => r.json.type === type)!.json.data.object;

    // At recording start nothing is transcribed yet; by transcript_ready the transcript is there.
    const started = olderBot('bot.recording_started');
    assert.equal(started.conversation_id, bot.meeting_id);
    assert.ok(!('meeting_id' in started));
    assert.ok('settings' in started && !('recording_mode' in started));
    assert.equal(started.transcript, null);
    const transcribed = olderBot('bot.transcript_ready');
    assert.ok(Array.isArray(transcribed.transcript) && transcribed.transcript.length > 0);
    assert.ok(transcribed.speakers.length > 0);
    const summarised = olderBot('bot.summary_ready');
    assert.equal(typeof summarised.summary, 'string');
    assert.ok(summarised.summary_sections.length > 0);

    // The newest endpoint gets the newest shape of the same events.
    const same = newestBot('bot.transcript_ready');
    assert.equal(same.meeting_id, bot.meeting_id);
    for (const gone of ['transcript', 'conversation_id', 'settings']) assert.ok(!(gone in same), gone);

    const meetingOlder: Body = forOlder.find((r) => r.json.type === 'meeting.created')!.json.data.object;
    const meetingNewest: Body = forNewest.find((r) => r.json.type === 'meeting.created')!.json.data.object;
    assert.equal(meetingOlder.platform, 'google_meet');
    // The removed policy fields ride on the settings block as it was resolved when the event happened.
    assert.equal(meetingOlder.settings.transcription.model, 'default');
    assert.ok(!('model' in meetingNewest.settings.transcription));
    assert.equal(meetingNewest.platform, 'meet');
    // Before 2026-10-10, a meeting whose bot is queued reads pending results.
    assert.equal(meetingOlder.results.status, 'pending');
    assert.equal(meetingNewest.results.status, 'none');
  });
});
