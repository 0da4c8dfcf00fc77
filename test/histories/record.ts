/**
 * Records one history of each workflow type with today's code, into test/histories/*.json, so
 * test/workflows/replay.test.ts replays them against every later change (a change that would break
 * running workflows fails CI). Run it when a workflow type is added, never to "fix" a failing replay:
 *   npm test -- test/histories/record.ts
 */
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, it } from '@jest/globals';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { ensureMaintenanceWorkflows } from '../../worker';
import {
  CALENDAR_SYNC_JANITOR_ID,
  ENDED_BOT_JANITOR_ID,
  ENDED_DELIVERY_JANITOR_ID,
  RATE_LIMIT_JANITOR_ID,
} from '../../workflows/maintenance';
import {
  botWorkflowId,
  calendarSyncWorkflowId,
  deliveryWorkflowId,
  settingsFanoutWorkflowId,
  simulatedCallsWorkflowId,
} from '../../workflows/signals';
import { SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { givenAccount } from '../support/api';
import { calendarHelpers } from '../support/calendars';
import { resultOf, serviceFixture, startedWorkflow } from '../support/temporal';
import { until } from '../support/until';

let f: Awaited<ReturnType<typeof serviceFixture>>;
// The first delivery attempt (the dispatcher's own) fails, so a delivery workflow takes over the retries.
let attempts = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(attempts++ === 0 ? 503 : 204).end());
});
beforeAll(async () => {
  f = await serviceFixture({ server: 'time-skipping', env: { ALLOW_LOOPBACK_WEBHOOKS: 'true' } });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  receiver.close();
  await f.close();
});

async function save(name: string, workflowId: string): Promise<void> {
  const history = await (await startedWorkflow(f.t, workflowId)).fetchHistory();
  await writeFile(path.join(__dirname, `${name}.json`), historyToJSON(history) + '\n');
}

it('records a history of each workflow type', async () => {
  const me = await givenAccount(f.api);
  const as = f.api.as(me);
  const endpoint = await as.post('/webhook_endpoints', {
    workspace_id: me.workspaceId,
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    enabled_events: ['meeting.created'],
  });

  const completed = (
    await as.post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/rec-ordc-omp' })
  ).body;
  await resultOf(f.t, botWorkflowId(completed.id));
  await save('botWorkflow-completed', botWorkflowId(completed.id));
  // The task queue's simulated calls: their run ends once the bot's call has played out.
  await until(
    async () =>
      (await f.t.env.client.workflow.getHandle(simulatedCallsWorkflowId(f.t.taskQueue, completed.id)).describe()).status
        .name,
    {
      what: 'the simulated calls’ run ended',
      accept: (s) => s === 'COMPLETED',
    },
  );
  await save('simulatedCalls-completed', simulatedCallsWorkflowId(f.t.taskQueue, completed.id));

  const failed = (
    await as.post('/bots', {
      workspace_id: me.workspaceId,
      meeting_url: 'https://meet.google.com/rec-ordf-ail?sim=lobby_timeout',
    })
  ).body;
  await resultOf(f.t, botWorkflowId(failed.id));
  await save('botWorkflow-failed', botWorkflowId(failed.id));

  const cancelled = (
    await as.post('/bots', {
      workspace_id: me.workspaceId,
      meeting_url: 'https://meet.google.com/rec-ordc-anc',
      join_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).body;
  await startedWorkflow(f.t, botWorkflowId(cancelled.id));
  await as.post(`/bots/${cancelled.id}/cancel`, {});
  await resultOf(f.t, botWorkflowId(cancelled.id));
  await save('botWorkflow-cancelled', botWorkflowId(cancelled.id));

  const [event] = await f.db.orm.em
    .fork()
    .execute<{ id: string }[]>("select id from webhook_events where object_id = ? and type = 'meeting.created'", [
      completed.meeting_id,
    ]);
  await resultOf(f.t, deliveryWorkflowId(event!.id, endpoint.body.id));
  await save('webhookDelivery-succeeded', deliveryWorkflowId(event!.id, endpoint.body.id));

  // A workspace-wide settings change reaches the fan-out (it runs on, waiting for the next change).
  const settings = await as.get('/settings', { workspace_id: me.workspaceId });
  const own = settings.body.data.find((s: { id: string; name?: string }) => s.id)!;
  await as.patch(`/settings/${own.id}`, { transcription: { language: 'de' } });
  await new Promise((r) => setTimeout(r, 3_000));
  await save('settingsFanout-running', settingsFanoutWorkflowId(me.workspaceId));

  // A calendar connected through the hosted consent (simulated provider): its sync runs on.
  const h = calendarHelpers(f.api, new SimulatedCalendar(f.db.orm));
  const link = await h.createLink(me.key, {
    workspace_id: me.workspaceId,
    member_data: { name: 'Rec', email: 'rec@calendar.test' },
  });
  const back = await h.consent(link.url);
  const connectionId = back.searchParams.get('calendar_connection_id')!;
  await until(async () => (await as.get(`/calendar_connections/${connectionId}`)).body.status, {
    what: 'first sync',
    accept: (s) => s === 'active',
  });
  await save('calendarSync-running', calendarSyncWorkflowId(connectionId));

  await ensureMaintenanceWorkflows(f.db.orm);
  await new Promise((r) => setTimeout(r, 2_000));
  await save('rateLimitJanitor-running', RATE_LIMIT_JANITOR_ID);
  await save('endedBotJanitor-running', ENDED_BOT_JANITOR_ID);
  await save('endedDeliveryJanitor-running', ENDED_DELIVERY_JANITOR_ID);
  await save('calendarSyncJanitor-running', CALENDAR_SYNC_JANITOR_ID);
});
