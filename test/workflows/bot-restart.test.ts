import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startWorker } from '../support/temporal';
import { botFixture } from '../support/bots';

let f: Awaited<ReturnType<typeof botFixture>>;
let db: typeof f.db;
let t: typeof f.t;

// Its own file, so its own time-skipping server: nothing else runs while the worker is replaced.

beforeAll(async () => {
  f = await botFixture({ sticky: false });
  ({ db, t } = f);
});
afterAll(() => f.close());

const sendBot: typeof f.sendBot = (body) => f.sendBot(body);
const finish: typeof f.finish = (botId) => f.finish(botId);
const eventTypes: typeof f.eventTypes = (objectId) => f.eventTypes(objectId);
const get: typeof f.get = (path) => f.get(path);

describe('durability', () => {
  it('When the worker stops mid-call and a new one starts, then the bot carries on and completes', async () => {
    const bot = await sendBot({
      meeting_url: 'https://meet.google.com/restart-abcd-efg',
      participants: [{ email: 'ann@example.com', name: 'Ann' }],
    });
    for (let i = 0; i < 200 && (await get(`/bots/${bot.id}`)).body.status !== 'in_call'; i++) await t.env.sleep(2000);
    assert.equal((await get(`/bots/${bot.id}`)).body.status, 'in_call');
    await f.worker.stop();
    f.worker = await startWorker(t, db.orm, { storage: f.worker.storage, sticky: false });
    assert.equal(await finish(bot.id), 'completed');
    assert.equal((await get(`/meetings/${bot.meeting_id}`)).body.results.status, 'ready');
    assert.deepEqual(await eventTypes(bot.id), [
      'bot.recording_started',
      'bot.recording_completed',
      'bot.transcript_ready',
      'bot.summary_ready',
    ]);
  });
});
