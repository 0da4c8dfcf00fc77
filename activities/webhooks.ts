import type { EntityManager } from '@mikro-orm/postgresql';
import { commands } from '../services/commands';
import { WebhookEndpoint, type WebhookEvent } from '../db/entities';
import type { Orm } from '../db/orm';
import { downgrade, type ResourceKind } from '../domain/versions';
import type { Logger } from '../runtime/logger';
import { postOnce } from '../runtime/webhook-http';
import { deliveryWorkflowId } from '../workflows/signals';

export type WebhookDeps = { orm: Orm; log: Logger; allowLoopbackWebhooks: boolean };

function kindOf(type: string): ResourceKind | null {
  if (type.startsWith('bot.')) return 'bot';
  if (type.startsWith('meeting.')) return 'meeting';
  return null;
}

/** The body an endpoint receives, rendered once at its pinned version (retries resend these bytes). */
export function renderEnvelope(e: Pick<WebhookEvent, 'id' | 'type' | 'createdAt' | 'payload'>, version: string): string {
  const kind = kindOf(e.type);
  const object = kind ? downgrade(kind, e.payload, version, { serverOffsetMinutes: -new Date().getTimezoneOffset() }) : e.payload;
  return JSON.stringify({ id: e.id, type: e.type, created_at: e.createdAt.toISOString(), data: { object } });
}

export function subscribes(endpoint: Pick<WebhookEndpoint, 'enabledEvents'>, type: string): boolean {
  return endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);
}

export type AttemptOutcome = { outcome: 'succeeded' | 'failed' | 'stopped'; statusCode: number | null; error: string | null };

/**
 * Events become their deliveries, in one transaction per batch and without any Temporal call:
 * each subscribed, enabled endpoint gets its body rendered at its pinned version (stored, so retries
 * and redeliveries send these bytes) and a command to start its delivery workflow; the events are
 * marked dispatched. Rows are claimed with SKIP LOCKED, so several dispatchers share the work.
 * Returns how many events it took.
 */
export async function fanOutEvents(orm: Orm, opts: { batchSize: number }): Promise<number> {
  return orm.em.fork().transactional(async (em) => {
    const events = await em.execute<{ id: string; workspace_id: string; type: string; created_at: Date; payload: Record<string, unknown> }[]>(
      `select id, workspace_id, type, created_at, payload from webhook_events where dispatched_at is null order by created_at, id limit ? for update skip locked`,
      [opts.batchSize],
    );
    if (events.length === 0) return 0;
    const endpoints = await em.find(WebhookEndpoint, { workspaceId: { $in: [...new Set(events.map((e) => e.workspace_id))] }, enabled: true, deletedAt: null });
    const rows: [string, string, string][] = [];
    for (const e of events) {
      for (const endpoint of endpoints) {
        if (endpoint.workspaceId !== e.workspace_id || !subscribes(endpoint, e.type)) continue;
        rows.push([e.id, endpoint.id, renderEnvelope({ id: e.id, type: e.type, createdAt: new Date(e.created_at), payload: e.payload }, endpoint.apiVersion)]);
        commands.start(em, 'webhookDelivery', deliveryWorkflowId(e.id, endpoint.id, 1), [{ eventId: e.id, endpointId: endpoint.id, series: 1 }]);
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await em.execute(
        `insert into webhook_deliveries (event_id, endpoint_id, body) values ${chunk.map(() => '(?, ?, ?)').join(', ')} on conflict (event_id, endpoint_id) do nothing`,
        chunk.flat(),
      );
    }
    await em.execute('update webhook_events set dispatched_at = now() where id in (?)', [events.map((e) => e.id)]);
    await em.flush();
    return events.length;
  });
}

async function recordAttempt(em: EntityManager, row: { eventId: string; endpointId: string; series: number; number: number; startedAt: Date; durationMs: number; statusCode: number | null; responseBody: string | null; error: string | null }, succeeded: boolean) {
  await em.transactional(async (tem) => {
    await tem.execute(
      `insert into webhook_attempts (event_id, endpoint_id, series, number, started_at, duration_ms, status_code, response_body, error)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (event_id, endpoint_id, series, number) do nothing`,
      [row.eventId, row.endpointId, row.series, row.number, row.startedAt, row.durationMs, row.statusCode, row.responseBody, row.error],
    );
    await tem.execute(
      `update webhook_deliveries set attempts = attempts + 1, last_attempt_at = ?, status = ? where event_id = ? and endpoint_id = ?`,
      [row.startedAt, succeeded ? 'succeeded' : 'pending', row.eventId, row.endpointId],
    );
  });
}

export function createWebhookActivities(deps: WebhookDeps) {
  return {
    /** One delivery attempt; the workflow owns the schedule, so this never retries by itself. */
    async attemptDelivery(input: { eventId: string; endpointId: string; series: number; number: number }): Promise<AttemptOutcome> {
      const em = deps.orm.em.fork();
      const endpoint = await em.findOne(WebhookEndpoint, { id: input.endpointId });
      if (!endpoint || endpoint.deletedAt || !endpoint.enabled) return { outcome: 'stopped', statusCode: null, error: null };
      const rows = await em.execute<{ body: string; type: string; series: number }[]>(
        'select d.body, d.series, e.type from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.event_id = ? and d.endpoint_id = ?',
        [input.eventId, input.endpointId],
      );
      if (!rows[0]) return { outcome: 'stopped', statusCode: null, error: 'no stored body' };
      // A redelivery started a newer series: this one stops (each series is a workflow of its own).
      if (rows[0].series > input.series) return { outcome: 'stopped', statusCode: null, error: 'superseded by a redelivery' };
      const result = await postOnce(deps, endpoint, rows[0].type, rows[0].body);
      const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      await recordAttempt(em, { ...input, ...result }, succeeded);
      deps.log.info({ event_id: input.eventId, endpoint_id: input.endpointId, attempt: input.number, status: result.statusCode, error: result.error }, 'webhook attempt');
      return { outcome: succeeded ? 'succeeded' : 'failed', statusCode: result.statusCode, error: result.error };
    },

    /** After the last attempt failed. */
    async markDeliveryFailed(input: { eventId: string; endpointId: string }): Promise<void> {
      await deps.orm.em.fork().execute(`update webhook_deliveries set status = 'failed' where event_id = ? and endpoint_id = ? and status = 'pending'`, [input.eventId, input.endpointId]);
    },

    /**
     * Kept for `outbox-relay` workflows started by earlier releases (the dispatcher does this work
     * now): fans out one batch of events, which the dispatcher would take anyway.
     */
    async relayUndispatched(): Promise<number> {
      return fanOutEvents(deps.orm, { batchSize: 200 });
    },
  };
}
