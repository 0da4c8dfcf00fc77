import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { startWorker, timeSkipping, type TemporalHarness } from '../support/temporal';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let worker: Awaited<ReturnType<typeof startWorker>>;
let api: TestApi;
let me: Awaited<ReturnType<typeof givenAccount>>;

// Its own file, so its own time-skipping server: nothing else runs while the worker is replaced.
before(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  // No sticky cache: a restarted worker must be able to pick up every workflow at once.
  worker = await startWorker(t, db.orm, { sticky: false });
  api = await givenApi({ orm: db.orm, temporal: t.env.client, storage: worker.storage, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
  me = await givenAccount(api);
});
after(async () => {
  await worker.stop();
  await t.teardown();
  await db.drop();
});

async function sendBot(body: Record<string, unknown>) {
  const res = await api.http.post('/api/v1/bots').set('Authorization', me.key).send({ workspace_id: me.workspaceId, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** Lets the bot workflow run to its end, skipping time. */
async function finish(botId: string): Promise<string> {
  return t.env.client.workflow.getHandle(botWorkflowId(botId)).result();
}

async function eventTypes(objectId: string): Promise<string[]> {
  const rows = await db.orm.em.fork().execute<{ type: string }[]>('select type from webhook_events where object_id = ? order by id', [objectId]);
  return rows.map((r) => r.type);
}

const get = (path: string) => api.http.get(path).set('Authorization', me.key);

describe('durability', () => {
  it('When the worker stops mid-call and a new one starts, then the bot carries on and completes', async () => {
    const bot = await sendBot({ meeting_url: 'https://meet.google.com/restart-abcd-efg', participants: [{ email: 'ann@example.com', name: 'Ann' }] });
    for (let i = 0; i < 200 && (await get(`/api/v1/bots/${bot.id}`)).body.status !== 'in_call'; i++) await t.env.sleep(2000);
    assert.equal((await get(`/api/v1/bots/${bot.id}`)).body.status, 'in_call');
    await worker.stop();
    worker = await startWorker(t, db.orm, { storage: worker.storage, sticky: false });
    assert.equal(await finish(bot.id), 'completed');
    assert.equal((await get(`/api/v1/meetings/${bot.meeting_id}`)).body.results.status, 'ready');
    assert.deepEqual(await eventTypes(bot.id), ['bot.recording_started', 'bot.recording_completed', 'bot.transcript_ready', 'bot.summary_ready']);
  });
});
