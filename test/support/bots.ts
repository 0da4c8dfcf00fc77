import assert from 'node:assert/strict';
import { botWorkflowId, simulatedCallQuery, simulatedCallsWorkflowId } from '../../workflows/signals';
import { givenAccount } from './api';
import { resultOf, serviceFixture } from './temporal';

/**
 * What a bot workflow test needs: a database, its own time-skipping server, a worker with the real
 * workflows, the API and an account. A test that replaces the worker asks for `sticky: false` (no
 * sticky cache, so the replacement picks up at once on the test server); its status records then
 * each wait out a workflow task timeout (see WorkerOptions.maxCachedWorkflows).
 */
export async function botFixture(opts: { sticky?: boolean } = {}) {
  const service = await serviceFixture({ server: 'time-skipping', sticky: opts.sticky ?? true });
  const { db, t } = service;
  const fixture = {
    db,
    t,
    worker: service.worker,
    api: service.api,
    me: await givenAccount(service.api),
    async close() {
      // A test may have replaced the worker (bot-restart): the one running now is stopped.
      service.worker = fixture.worker;
      await service.close();
    },
    async sendBot(body: Record<string, unknown>) {
      const res = await fixture.api.as(fixture.me).post('/bots', { workspace_id: fixture.me.workspaceId, ...body });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    },
    /** Lets the bot workflow run to its end, skipping time. */
    finish(botId: string): Promise<string> {
      return resultOf(t, botWorkflowId(botId));
    },
    /** Where the bot's simulated call stands, as the task queue's simulated calls tell it. */
    simulatedCall(botId: string): Promise<'playing' | 'played' | 'left' | null> {
      return t.env.client.workflow
        .getHandle(simulatedCallsWorkflowId(t.taskQueue, botId))
        .query(simulatedCallQuery, botId);
    },
    async eventTypes(objectId: string): Promise<string[]> {
      const rows = await db.orm.em
        .fork()
        .execute<{ type: string }[]>('select type from webhook_events where object_id = ? order by id', [objectId]);
      return rows.map((r) => r.type);
    },
    /** A read as the fixture's account, the path under /api/v1. */
    get(path: string) {
      return fixture.api.as(fixture.me).get(path);
    },
    /** The meeting as each of its meeting.* events carried it, oldest first (from the event log). */
    async meetingHistory(
      meetingId: string,
    ): Promise<{ phase: string; settings: { recording: { enabled: boolean } }; results: { status: string } }[]> {
      const res = await fixture.api
        .as(fixture.me)
        .get('/webhook_events', { workspace_id: fixture.me.workspaceId, limit: 100 });
      return res.body.data
        .filter(
          (e: { type: string; data: { object: { id: string } } }) =>
            e.type.startsWith('meeting.') && e.data.object.id === meetingId,
        )
        .reverse()
        .map((e: { data: { object: unknown } }) => e.data.object);
    },
  };
  return fixture;
}
