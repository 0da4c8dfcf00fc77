import type { EntityManager } from '@mikro-orm/postgresql';
import { WebhookEndpoint, WebhookEvent } from '../db/entities';
import {
  attemptsOf,
  deliveriesOf,
  startNextSeries,
  type AttemptRow,
  type DeliveryRow,
  type DeliveryStatus,
} from '../db/deliveries';
import { eventIdsOfWorkspace } from '../db/webhook-events';
import { ApiError, notFound } from '../domain/errors';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import { deliveryWorkflowId } from '../workflows/signals';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import { commands } from './commands';
import type { RequestCtx } from './context';

/** An event with its deliveries and, on a single event's read, every attempt (null on the list). */
export type WebhookEventView = { event: WebhookEvent; deliveries: DeliveryRow[]; attempts: AttemptRow[] | null };

/** Events with their deliveries (and attempts) in two or three queries, whatever the count. */
async function withDeliveries(
  ctx: RequestCtx,
  events: WebhookEvent[],
  withAttempts: boolean,
): Promise<WebhookEventView[]> {
  const ids = events.map((e) => e.id);
  const deliveries = await deliveriesOf(ctx.em, ids);
  const attempts = withAttempts ? await attemptsOf(ctx.em, ids) : null;
  return events.map((event) => ({
    event,
    deliveries: deliveries.filter((d) => d.event_id === event.id),
    attempts: attempts ? attempts.filter((a) => a.event_id === event.id) : null,
  }));
}

async function oneWithAttempts(ctx: RequestCtx, event: WebhookEvent): Promise<WebhookEventView> {
  return (await withDeliveries(ctx, [event], true))[0]!;
}

async function loadEvent(ctx: RequestCtx, id: string): Promise<WebhookEvent> {
  const event = await ctx.em.findOne(WebhookEvent, { id });
  if (!event) throw notFound('Event');
  await accessToObject(ctx, event.workspaceId, 'Event', { roles: MANAGERS });
  return event;
}

/** A workspace's events (owners and admins), newest first, by type, endpoint or overall delivery status. */
export async function listEvents(
  ctx: RequestCtx,
  query: {
    workspace_id: string;
    cursor?: string;
    limit: number;
    type?: string;
    endpoint_id?: string;
    delivery_status?: DeliveryStatus;
  },
): Promise<Page<WebhookEventView>> {
  const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const ids = await eventIdsOfWorkspace(
    ctx.em,
    workspace.id,
    { type: query.type, endpointId: query.endpoint_id, deliveryStatus: query.delivery_status },
    { beforeId: after?.id ?? null, limit: query.limit + 1 },
  );
  const page = pageOf(ids, query.limit, (id) => ({ id }));
  const events = await ctx.em.find(WebhookEvent, { id: { $in: page.data } }, { orderBy: { id: 'desc' } });
  return { ...page, data: await withDeliveries(ctx, events, false) };
}

/** An event with every delivery attempt and what the receiver answered. */
export async function getEvent(ctx: RequestCtx, id: string): Promise<WebhookEventView> {
  return oneWithAttempts(ctx, await loadEvent(ctx, id));
}

/**
 * Delivers an event again to its endpoints (or the one named): each delivery starts a new attempt
 * series with the stored body, a workflow of its own started by the outbox after commit.
 */
export async function redeliverEvent(ctx: RequestCtx, id: string, endpointId?: string): Promise<WebhookEventView> {
  const event = await loadEvent(ctx, id);
  await startRedelivery(ctx.em, event.id, endpointId);
  return oneWithAttempts(ctx, event);
}

/**
 * An operator's redelivery (`npm run admin -- redeliver --event evt_…`): the same as the API's, for
 * any workspace. Answers the endpoints a new series started for.
 */
export async function redeliverAsOperator(em: EntityManager, id: string, endpointId?: string): Promise<string[]> {
  const event = await em.findOne(WebhookEvent, { id });
  if (!event) throw notFound('Webhook event');
  return startRedelivery(em, event.id, endpointId);
}

/** A new attempt series for each live endpoint the event was delivered to (or the one named), in one transaction. */
async function startRedelivery(em: EntityManager, eventId: string, endpointId?: string): Promise<string[]> {
  const deliveries = await deliveriesOf(em, [eventId]);
  const named = endpointId ? deliveries.filter((d) => d.endpoint_id === endpointId) : deliveries;
  if (named.length === 0)
    throw new ApiError(
      409,
      'conflict',
      endpointId ? 'This event was not delivered to that endpoint.' : 'This event has no endpoint to deliver to.',
    );
  // A removed endpoint receives nothing again; when every endpoint named is removed, the answer is 410.
  const live = new Set(
    (
      await em.find(
        WebhookEndpoint,
        { id: { $in: named.map((d) => d.endpoint_id) }, deletedAt: null },
        { fields: ['id'] },
      )
    ).map((e) => e.id),
  );
  const targets = named.filter((d) => live.has(d.endpoint_id));
  if (targets.length === 0)
    throw new ApiError(
      410,
      'gone',
      endpointId
        ? `Webhook endpoint ${endpointId} was removed; it receives no more deliveries.`
        : 'Every endpoint this event was delivered to was removed.',
    );
  await em.transactional(async (tem) => {
    for (const d of targets) {
      const series = await startNextSeries(tem, eventId, d.endpoint_id);
      commands.start(tem, 'webhookDelivery', deliveryWorkflowId(eventId, d.endpoint_id, series), [
        { eventId, endpointId: d.endpoint_id, series },
      ]);
    }
    await tem.flush();
  });
  return targets.map((d) => d.endpoint_id);
}
