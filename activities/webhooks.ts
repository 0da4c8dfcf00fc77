import { commands } from '../services/commands';
import { noteAttemptOutcome } from '../services/endpoint-health';
import { WebhookEndpoint, type WebhookEvent } from '../db/entities';
import {
  type FirstAttempt,
  type FirstAttemptRecord,
  insertDeliveries,
  markDeliveryFailed,
  recordAttempt,
  recordFirstAttempts,
  stopFirstAttempt,
  storedDelivery,
} from '../db/deliveries';
import type { Orm } from '../db/orm';
import { claimUndispatchedEvents, eventBodies, markEventsWithoutEndpoints } from '../db/webhook-events';
import { downgrade, restoreLegacy, type LegacyFacts, type ResourceKind } from '../domain/versions';
import type { Logger } from '../runtime/logger';
import { postOnce } from '../runtime/webhook-http';
import { deliveryWorkflowId } from '../workflows/signals';

export type WebhookDeps = { orm: Orm; log: Logger; allowLoopbackWebhooks: boolean };

function kindOf(type: string): ResourceKind | null {
  if (type.startsWith('bot.')) return 'bot';
  if (type.startsWith('meeting.')) return 'meeting';
  if (type.startsWith('calendar_connection.')) return 'calendar_connection';
  return null;
}

/**
 * The body an endpoint receives, rendered once at its pinned version through the same chain as the
 * API's answers (retries and redeliveries resend these bytes). The facts older shapes read were
 * stored with the event, so a pin before 2026-10-12 gets the bot as it was when the event happened.
 */
export function renderEnvelope(
  e: Pick<WebhookEvent, 'id' | 'type' | 'createdAt' | 'payload'> & { legacy?: Record<string, LegacyFacts> | null },
  version: string,
): string {
  const kind = kindOf(e.type);
  const object = kind
    ? downgrade(kind, e.legacy ? restoreLegacy(structuredClone(e.payload), e.legacy) : e.payload, version, {
        serverOffsetMinutes: -new Date().getTimezoneOffset(),
      })
    : e.payload;
  return JSON.stringify({ id: e.id, type: e.type, created_at: e.createdAt.toISOString(), data: { object } });
}

export function subscribes(endpoint: Pick<WebhookEndpoint, 'enabledEvents'>, type: string): boolean {
  return endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);
}

export type AttemptOutcome = {
  outcome: 'succeeded' | 'failed' | 'stopped';
  statusCode: number | null;
  error: string | null;
};

/**
 * Events become their deliveries, in one transaction per batch and without any Temporal call:
 * each subscribed, enabled endpoint gets its body rendered at its pinned version (stored, so retries
 * and redeliveries send these bytes), due for its first attempt by a dispatcher
 * (`makeFirstAttempt`); the events are marked dispatched. Events of workspaces without an endpoint
 * are only marked, first, by one statement without a transaction (up to a batch of them as well).
 * Rows are claimed with SKIP LOCKED, so several dispatchers share the work. Returns how many events
 * it took (up to two batches) and deliveries it made.
 */
export async function fanOutEvents(
  orm: Orm,
  opts: { batchSize: number },
): Promise<{ events: number; deliveries: number }> {
  // Events no endpoint can want are marked with one statement; a transaction only when others wait.
  const { marked, othersWaiting } = await markEventsWithoutEndpoints(orm.em.fork(), opts.batchSize);
  if (!othersWaiting) return { events: marked, deliveries: 0 };
  const made = await orm.em.fork().transactional(async (em) => {
    // Claimed and marked dispatched together: the deliveries below commit with the mark.
    const { events, endpoints } = await claimUndispatchedEvents(em, opts.batchSize);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const wanted = events.flatMap((e) => {
      const to = endpoints.filter((x) => x.workspaceId === e.workspace_id && subscribes(x, e.type));
      return to.length ? [{ event: e, to }] : [];
    });
    // Bodies only of the events some endpoint wants (most events of most workspaces go nowhere).
    const bodies = await eventBodies(
      em,
      wanted.map((w) => w.event.id),
    );
    const rows: [string, string, string][] = [];
    for (const { event: e, to } of wanted) {
      const { payload, legacy } = bodies.get(e.id)!;
      for (const endpoint of to) {
        rows.push([
          e.id,
          endpoint.id,
          renderEnvelope(
            { id: e.id, type: e.type, createdAt: new Date(e.created_at), payload, legacy },
            endpoint.apiVersion,
          ),
        ]);
      }
    }
    await insertDeliveries(em, rows);
    return { events: events.length, deliveries: rows.length };
  });
  return { events: marked + made.events, deliveries: made.deliveries };
}

/**
 * First attempts of deliveries, made by the dispatcher that leased them (no workflow for the
 * deliveries that succeed at once). Each POST's outcome is recorded as attempt 1 with, when it
 * failed, the command that starts `webhook-delivery/<evt>/<endpoint>` at attempt 2 after the first
 * delay, in one transaction: every retry stays on the 21-attempt schedule, in a workflow. Outcomes
 * are recorded in batches (whatever finished while the previous batch was being written), so the
 * database sees a few statements per batch rather than per POST. A dispatcher that dies before
 * recording leaves the lease to run out, and another makes the attempt again. A deleted or disabled
 * endpoint gets no attempt (as its workflow would stop).
 */
export function firstAttempts(deps: WebhookDeps) {
  type Waiting = { record: FirstAttemptRecord; done: (err?: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;

  async function write(): Promise<void> {
    if (writing) return;
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, 500);
        queue = queue.slice(batch.length);
        try {
          await deps.orm.em.fork().transactional(async (em) => {
            const recorded = await recordFirstAttempts(
              em,
              batch.map((w) => w.record),
            );
            for (const { record: r } of batch) {
              if (r.succeeded || !recorded.has(`${r.eventId}/${r.endpointId}`)) continue;
              commands.start(em, 'webhookDelivery', deliveryWorkflowId(r.eventId, r.endpointId, r.series), [
                { eventId: r.eventId, endpointId: r.endpointId, series: r.series, firstNumber: 2 },
              ]);
            }
          });
          for (const w of batch) w.done();
        } catch (err) {
          for (const w of batch) w.done(err);
        }
      }
    } finally {
      writing = false;
    }
  }

  const recordOutcome = (record: FirstAttemptRecord) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ record, done: (err) => (err === undefined ? resolve() : reject(err)) });
      void write();
    });

  return async function makeFirstAttempt(
    d: FirstAttempt,
    endpoint: WebhookEndpoint | undefined,
  ): Promise<AttemptOutcome['outcome']> {
    if (!endpoint || endpoint.deletedAt || !endpoint.enabled) {
      await stopFirstAttempt(deps.orm.em.fork(), d.event_id, d.endpoint_id, d.series);
      return 'stopped';
    }
    const result = await postOnce(deps, endpoint, d.type, d.body);
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    await recordOutcome({ eventId: d.event_id, endpointId: d.endpoint_id, series: d.series, ...result, succeeded });
    if (await noteAttemptOutcome(deps.orm, endpoint, succeeded))
      deps.log.warn({ endpoint_id: endpoint.id }, 'webhook endpoint disabled: every delivery failed for 5 days');
    deps.log.info(
      { event_id: d.event_id, endpoint_id: d.endpoint_id, attempt: 1, status: result.statusCode, error: result.error },
      'webhook attempt',
    );
    return succeeded ? 'succeeded' : 'failed';
  };
}

export function createWebhookActivities(deps: WebhookDeps) {
  return {
    /** One delivery attempt; the workflow owns the schedule, so this never retries by itself. */
    async attemptDelivery(input: {
      eventId: string;
      endpointId: string;
      series: number;
      number: number;
    }): Promise<AttemptOutcome> {
      const em = deps.orm.em.fork();
      const endpoint = await em.findOne(WebhookEndpoint, { id: input.endpointId });
      if (!endpoint || endpoint.deletedAt || !endpoint.enabled) {
        // Nothing will try it again: it lists as failed (and is redelivered once the endpoint is enabled).
        await markDeliveryFailed(em, input.eventId, input.endpointId, input.series);
        return { outcome: 'stopped', statusCode: null, error: null };
      }
      const stored = await storedDelivery(em, input.eventId, input.endpointId);
      if (!stored) return { outcome: 'stopped', statusCode: null, error: 'no stored body' };
      // A redelivery started a newer series: this one stops (each series is a workflow of its own).
      if (stored.series > input.series)
        return { outcome: 'stopped', statusCode: null, error: 'superseded by a redelivery' };
      const result = await postOnce(deps, endpoint, stored.type, stored.body);
      const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      await recordAttempt(em, { ...input, ...result }, succeeded);
      if (await noteAttemptOutcome(deps.orm, endpoint, succeeded))
        deps.log.warn({ endpoint_id: endpoint.id }, 'webhook endpoint disabled: every delivery failed for 5 days');
      deps.log.info(
        {
          event_id: input.eventId,
          endpoint_id: input.endpointId,
          attempt: input.number,
          status: result.statusCode,
          error: result.error,
        },
        'webhook attempt',
      );
      return { outcome: succeeded ? 'succeeded' : 'failed', statusCode: result.statusCode, error: result.error };
    },

    /** After the last attempt failed, or a cancel: for its series (workflows of earlier releases name none). */
    async markDeliveryFailed(input: { eventId: string; endpointId: string; series?: number }): Promise<void> {
      await markDeliveryFailed(deps.orm.em.fork(), input.eventId, input.endpointId, input.series);
    },

    /**
     * Kept for `outbox-relay` workflows started by earlier releases (the dispatcher does this work
     * now): fans out one batch of events, which the dispatcher would take anyway.
     */
    async relayUndispatched(): Promise<number> {
      return (await fanOutEvents(deps.orm, { batchSize: 200 })).events;
    },
  };
}
