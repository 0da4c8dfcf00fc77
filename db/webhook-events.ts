import type { LegacyFacts } from '../domain/versions';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryStatus } from './deliveries';
import { executeBound } from './bulk';
import { WebhookEndpoint } from './entities';
import { readOnlyEntity } from './read-only';
import { Where } from './where';

/** What the event log filters by: an event's type, an endpoint it went to, its overall delivery status. */
export type EventFilter = { type?: string; endpointId?: string; deliveryStatus?: DeliveryStatus };

/**
 * Ids of a workspace's events before an id, newest first. Overall status: failed when any delivery
 * failed; pending when one is pending and none failed; succeeded when it has deliveries and all succeeded.
 */
export async function eventIdsOfWorkspace(
  em: EntityManager,
  workspaceId: string,
  filter: EventFilter,
  page: { beforeId: string | null; limit: number },
): Promise<string[]> {
  const delivery = (condition: string) =>
    `exists (select 1 from webhook_deliveries d where d.event_id = e.id and ${condition})`;
  const where = new Where().add('e.workspace_id = ?', workspaceId);
  if (page.beforeId) where.add('e.id < ?', page.beforeId);
  if (filter.type) where.add('e.type = ?', filter.type);
  if (filter.endpointId) where.add(delivery('d.endpoint_id = ?'), filter.endpointId);
  if (filter.deliveryStatus === 'failed') where.add(delivery(`d.status = 'failed'`));
  if (filter.deliveryStatus === 'pending')
    where.add(delivery(`d.status = 'pending'`)).add(`not ${delivery(`d.status = 'failed'`)}`);
  if (filter.deliveryStatus === 'succeeded')
    where.add(delivery('true')).add(`not ${delivery(`d.status <> 'succeeded'`)}`);
  const rows = await em.execute<{ id: string }[]>(
    `select e.id from webhook_events e where ${where} order by e.id desc limit ?`,
    [...where.params, page.limit],
  );
  return rows.map((r) => r.id);
}

/** An event not yet turned into deliveries, as the fan-out claims it (its body is read only when an endpoint wants it). */
export type UndispatchedEvent = {
  id: string;
  workspace_id: string;
  type: string;
  created_at: Date;
};

/** An event's stored body: what a delivery's envelope is rendered from. */
export type EventBody = {
  payload: Record<string, unknown>;
  legacy: Record<string, LegacyFacts> | null;
};

/**
 * Claims up to `limit` undispatched events, oldest first, skipping rows another dispatcher holds, and
 * marks them dispatched, in one statement in the caller's transaction (its fan-out commits with the
 * mark, or neither does). Returned oldest first, with the enabled, not deleted endpoints of their
 * workspaces, read in the same statement (read only: never change or persist them).
 */
export async function claimUndispatchedEvents(
  em: EntityManager,
  limit: number,
): Promise<{ events: UndispatchedEvent[]; endpoints: WebhookEndpoint[] }> {
  // `returning` keeps no order: the outer select puts them oldest first again. Each workspace's
  // endpoints ride on its first event only (a CASE runs its subquery only for that row).
  const rows = await executeBound<UndispatchedEvent & { endpoints: Record<string, unknown>[] | null }>(
    em,
    `with claimed as (
       update webhook_events set dispatched_at = now()
       where id in (select id from webhook_events where dispatched_at is null order by created_at, id limit ? for update skip locked)
       returning id, workspace_id, type, created_at
     )
     select c.*,
       case when row_number() over (partition by c.workspace_id order by c.created_at, c.id) = 1 then
         (select coalesce(json_agg(e), '[]'::json) from webhook_endpoints e
          where e.workspace_id = c.workspace_id and e.enabled and e.deleted_at is null)
       end as endpoints
     from claimed c order by c.created_at, c.id`,
    [limit],
    { prepared: true }, // its columns are named; the endpoints come as one json column
  );
  return {
    events: rows.map(({ endpoints: _e, ...event }) => event),
    endpoints: rows.flatMap((r) => (r.endpoints ?? []).map((e) => readOnlyEntity(em, WebhookEndpoint, e, 'json'))),
  };
}

/** An enabled, not deleted endpoint of event `w`'s workspace (what a fan-out may make a delivery for). */
const HAS_ENDPOINT = `exists (select 1 from webhook_endpoints e
  where e.workspace_id = w.workspace_id and e.enabled and e.deleted_at is null)`;

/**
 * Marks dispatched up to `limit` undispatched events of workspaces without an enabled endpoint,
 * oldest first, skipping rows another dispatcher holds: one statement, outside any transaction, since
 * such an event makes no delivery (the fan-out of most events of most workspaces). Says how many it
 * marked and whether events of workspaces with endpoints wait (for claimUndispatchedEvents).
 */
export async function markEventsWithoutEndpoints(
  em: EntityManager,
  limit: number,
): Promise<{ marked: number; othersWaiting: boolean }> {
  const [row] = await executeBound<{ marked: number; others_waiting: boolean }>(
    em,
    `with marked as (
       update webhook_events set dispatched_at = now()
       where id in (select w.id from webhook_events w where w.dispatched_at is null and not ${HAS_ENDPOINT}
                    order by w.created_at, w.id limit ? for update skip locked)
       returning id
     )
     select (select count(*)::int from marked) as marked,
       exists (select 1 from webhook_events w where w.dispatched_at is null and ${HAS_ENDPOINT}) as others_waiting`,
    [limit],
    { prepared: true },
  );
  return { marked: row!.marked, othersWaiting: row!.others_waiting };
}

/** The bodies of these events, by id. */
export async function eventBodies(em: EntityManager, ids: string[]): Promise<Map<string, EventBody>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<(EventBody & { id: string })[]>(
    'select id, payload, legacy from webhook_events where id in (?)',
    [ids],
  );
  return new Map(rows.map(({ id, ...body }) => [id, body]));
}

/**
 * Removes up to `limit` webhook events created more than `olderThanDays` ago, with their deliveries
 * and attempts, oldest first, in one statement (retention). Events not yet fanned out stay. Returns
 * how many events went.
 */
export async function pruneWebhookHistory(em: EntityManager, olderThanDays: number, limit: number): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `with doomed as (
       select id from webhook_events
       where created_at < now() - make_interval(days => ?) and dispatched_at is not null
       order by created_at limit ?
     ), attempts as (
       delete from webhook_attempts where event_id in (select id from doomed)
     ), deliveries as (
       delete from webhook_deliveries where event_id in (select id from doomed)
     )
     delete from webhook_events where id in (select id from doomed) returning id`,
    [olderThanDays, limit],
  );
  return rows.length;
}
