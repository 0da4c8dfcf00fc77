import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createBotActivities } from '../../activities/bots';
import { botFixture } from '../support/bots';
import { silentLog } from '../support/db';

let f: Awaited<ReturnType<typeof botFixture>>;
beforeAll(async () => {
  f = await botFixture();
});
afterAll(() => f.close());

describe('an activity retried after its transaction committed', () => {
  it('When a status change or a results part is recorded again (a worker died before reporting success), then no second event is recorded', async () => {
    const bot = await f.sendBot({ meeting_url: 'https://meet.google.com/ret-ryab-cde' });
    assert.equal(await f.finish(bot.id), 'completed');
    const before = await f.eventTypes(bot.id);
    assert.deepEqual(
      before.filter((t) => t === 'bot.recording_started'),
      ['bot.recording_started'],
    );
    const acts = createBotActivities({
      orm: f.db.orm,
      log: silentLog,
      providers: null as never,
      storage: f.worker.storage,
      temporal: f.t.env.client,
      taskQueue: f.t.taskQueue,
      allowLoopbackWebhooks: true,
    });
    // The same transitions again, as Temporal would retry them.
    await acts.recordStatus({
      botId: bot.id,
      status: 'in_call',
      recordingStartedAt: new Date().toISOString(),
      events: ['bot.recording_started'],
    });
    await acts.recordStatus({ botId: bot.id, status: 'completed', events: [] });
    assert.deepEqual(await f.eventTypes(bot.id), before, 'the event log is unchanged');
    const meetingEvents = await f.db.orm.em
      .fork()
      .execute<{ n: number }[]>(
        "select count(*)::int as n from webhook_events where object_id = ? and type = 'meeting.finished'",
        [bot.meeting_id],
      );
    assert.equal(meetingEvents[0]!.n, 1);
  });
});
