import assert from 'node:assert/strict';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount, givenApi } from './api';
import { freshDatabase } from './db';
import { startWorker, timeSkipping, resultOf } from './temporal';

/**
 * What a bot workflow test needs: a database, its own time-skipping server, a worker with the real
 * workflows (no sticky cache, so a replacement worker picks up at once), the API and an account.
 */
export async function botFixture() {
  const db = await freshDatabase();
  const t = await timeSkipping();
  const fixture = {
    db,
    t,
    worker: await startWorker(t, db.orm, { sticky: false }),
    api: null as unknown as Awaited<ReturnType<typeof givenApi>>,
    me: null as unknown as Awaited<ReturnType<typeof givenAccount>>,
    async close() {
      await fixture.worker.stop();
      await t.teardown();
      await db.drop();
    },
    async sendBot(body: Record<string, unknown>) {
      const res = await fixture.api.http.post('/api/v1/bots').set('Authorization', fixture.me.key).send({ workspace_id: fixture.me.workspaceId, ...body });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    },
    /** Lets the bot workflow run to its end, skipping time. */
    finish(botId: string): Promise<string> {
      return resultOf(t, botWorkflowId(botId));
    },
    async eventTypes(objectId: string): Promise<string[]> {
      const rows = await db.orm.em.fork().execute<{ type: string }[]>('select type from webhook_events where object_id = ? order by id', [objectId]);
      return rows.map((r) => r.type);
    },
    get(path: string) {
      return fixture.api.http.get(path).set('Authorization', fixture.me.key);
    },
    /** The meeting as each of its meeting.* events carried it, oldest first (from the event log). */
    async meetingHistory(meetingId: string): Promise<{ phase: string; settings: { recording: { enabled: boolean } }; results: { status: string } }[]> {
      const res = await fixture.api.http.get('/api/v1/webhook_events').set('Authorization', fixture.me.key).query({ workspace_id: fixture.me.workspaceId, limit: 100 });
      return res.body.data
        .filter((e: { type: string; data: { object: { id: string } } }) => e.type.startsWith('meeting.') && e.data.object.id === meetingId)
        .reverse()
        .map((e: { data: { object: unknown } }) => e.data.object);
    },
  };
  fixture.api = await givenApi({ orm: db.orm, temporal: t.env.client, storage: fixture.worker.storage, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
  fixture.me = await givenAccount(fixture.api);
  return fixture;
}
