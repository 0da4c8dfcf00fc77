import type { EntityManager } from '@mikro-orm/postgresql';
import type { WaitingDeliveryCursor } from '../domain/webhooks/schedule';

/** Named queries of `webhook_deliveries` (one per event and endpoint) and `webhook_attempts` (each POST). */

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A delivery as the event log shows it. */
export type DeliveryRow = {
  event_id: string;
  endpoint_id: string;
  status: DeliveryStatus;
  attempts: number;
  series: number;
  last_attempt_at: Date | null;
};

export type AttemptRow = {
  event_id: string;
  endpoint_id: string;
  series: number;
  number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
};

/** The deliveries of some events, by endpoint id. */
export async function deliveriesOf(em: EntityManager, eventIds: string[]): Promise<DeliveryRow[]> {
  if (eventIds.length === 0) return [];
  return em.execute<DeliveryRow[]>(
    'select event_id, endpoint_id, status, attempts, series, last_attempt_at from webhook_deliveries where event_id in (?) order by endpoint_id',
    [eventIds],
  );
}

/** Every attempt of some events, oldest series and attempt first. */
export async function attemptsOf(em: EntityManager, eventIds: string[]): Promise<AttemptRow[]> {
  if (eventIds.length === 0) return [];
  return em.execute<AttemptRow[]>(
    'select event_id, endpoint_id, series, number, started_at, duration_ms, status_code, response_body, error from webhook_attempts where event_id in (?) order by series, number',
    [eventIds],
  );
}

/** A redelivery: the delivery is pending again in a new attempt series, whose number is returned. */
export async function startNextSeries(em: EntityManager, eventId: string, endpointId: string): Promise<number> {
  const [row] = await em.execute<{ series: number }[]>(
    `update webhook_deliveries set status = 'pending', series = series + 1, first_attempt_due = false, leased_until = null where event_id = ? and endpoint_id = ? returning series`,
    [eventId, endpointId],
  );
  return row!.series;
}

/**
 * Stores each endpoint's rendered body of an event (the bytes every attempt sends), due for its
 * first attempt by a dispatcher; an existing delivery is kept.
 */
export async function insertDeliveries(
  em: EntityManager,
  rows: [eventId: string, endpointId: string, body: string][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await em.execute(
      `insert into webhook_deliveries (event_id, endpoint_id, body, first_attempt_due) values ${chunk.map(() => '(?, ?, ?, true)').join(', ')} on conflict (event_id, endpoint_id) do nothing`,
      chunk.flat(),
    );
  }
}

/** A delivery leased for its first attempt, with what the POST sends. */
export type FirstAttempt = { event_id: string; endpoint_id: string; series: number; body: string; type: string };

/**
 * Leases up to `limit` deliveries due for their first attempt, oldest first, for `leaseMs`; rows
 * another dispatcher holds are skipped, and a lease that ran out (its dispatcher died mid-attempt)
 * is taken again.
 */
export async function claimFirstAttempts(
  em: EntityManager,
  limit: number,
  leaseMs: number,
  skipEndpoints: string[] = [],
): Promise<FirstAttempt[]> {
  return em.execute<FirstAttempt[]>(
    `update webhook_deliveries d set leased_until = now() + make_interval(secs => ?)
       from (select event_id, endpoint_id from webhook_deliveries
              where first_attempt_due and (leased_until is null or leased_until < now())
                and endpoint_id <> all(?::text[])
              order by created_at, event_id, endpoint_id limit ? for update skip locked) c,
            webhook_events e
      where d.event_id = c.event_id and d.endpoint_id = c.endpoint_id and e.id = d.event_id
      returning d.event_id, d.endpoint_id, d.series, d.body, e.type`,
    [leaseMs / 1000, `{${skipEndpoints.join(',')}}`, limit],
  );
}

/** Leases given back before their attempts were made, in one statement: those deliveries are due for any dispatcher again. */
export async function releaseFirstAttemptLeases(
  em: EntityManager,
  deliveries: { event_id: string; endpoint_id: string }[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await em.execute(
    `update webhook_deliveries d set leased_until = null
       from (values ${deliveries.map(() => '(?, ?)').join(', ')}) as v(event_id, endpoint_id)
      where d.event_id = v.event_id and d.endpoint_id = v.endpoint_id and d.first_attempt_due`,
    deliveries.flatMap((d) => [d.event_id, d.endpoint_id]),
  );
}

/**
 * The first attempt of `series` is not made: its endpoint was disabled or deleted after the fan-out.
 * The delivery leaves the dispatcher and, still pending in that series, reads failed (as a retry's
 * stopped attempt leaves it): nothing will try it again, and `delivery_status=failed` lists it for a
 * redelivery once the endpoint is enabled. Only while the first attempt is still the dispatcher's:
 * a late caller whose lease lapsed (another dispatcher made the attempt) changes nothing.
 */
export async function stopFirstAttempt(
  em: EntityManager,
  eventId: string,
  endpointId: string,
  series: number,
): Promise<void> {
  await em.execute(
    `update webhook_deliveries
        set first_attempt_due = false, leased_until = null,
            status = case when status = 'pending' and series = ? then 'failed' else status end
      where event_id = ? and endpoint_id = ? and first_attempt_due`,
    [series, eventId, endpointId],
  );
}

/** What an attempt sends: the stored body, the event's type and the delivery's current series. */
export async function storedDelivery(
  em: EntityManager,
  eventId: string,
  endpointId: string,
): Promise<{ body: string; type: string; series: number } | null> {
  const rows = await em.execute<{ body: string; type: string; series: number }[]>(
    'select d.body, d.series, e.type from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.event_id = ? and d.endpoint_id = ?',
    [eventId, endpointId],
  );
  return rows[0] ?? null;
}

/** One attempt and its delivery's count (and status, when it succeeded), in one transaction; a retried activity records it once. */
export async function recordAttempt(
  em: EntityManager,
  row: {
    eventId: string;
    endpointId: string;
    series: number;
    number: number;
    startedAt: Date;
    durationMs: number;
    statusCode: number | null;
    responseBody: string | null;
    error: string | null;
  },
  succeeded: boolean,
): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute(
      `insert into webhook_attempts (event_id, endpoint_id, series, number, started_at, duration_ms, status_code, response_body, error)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (event_id, endpoint_id, series, number) do nothing`,
      [
        row.eventId,
        row.endpointId,
        row.series,
        row.number,
        row.startedAt,
        row.durationMs,
        row.statusCode,
        row.responseBody,
        row.error,
      ],
    );
    // A success reads succeeded. A failed attempt leaves the status as it is (one of an older series
    // that ends after a redelivery succeeded must not put it back to pending), with one exception: a
    // delivery workflow of an earlier release marks the delivery failed without naming its series, so
    // while a redelivery runs, the current series' next failed attempt makes it pending again.
    await tem.execute(
      `update webhook_deliveries set attempts = attempts + 1, last_attempt_at = ?,
         status = case when ? then 'succeeded' when series = ? and status = 'failed' then 'pending' else status end
       where event_id = ? and endpoint_id = ?`,
      [row.startedAt, succeeded, row.series, row.eventId, row.endpointId],
    );
  });
}

/** A first attempt as the dispatcher records it. */
export type FirstAttemptRecord = {
  eventId: string;
  endpointId: string;
  series: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  succeeded: boolean;
};

/**
 * First attempts dispatchers made, each with its delivery's count and status, in two statements
 * for the whole batch (in the caller's transaction). Answers the keys (`event_id/endpoint_id`) it
 * recorded; one no longer due for its first attempt (another dispatcher took it over after this
 * one's lease ran out, and recorded it first) is left out, with nothing recorded.
 */
export async function recordFirstAttempts(em: EntityManager, rows: FirstAttemptRecord[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const held = await em.execute<{ event_id: string; endpoint_id: string }[]>(
    `update webhook_deliveries d set attempts = d.attempts + 1, last_attempt_at = v.started_at, status = v.status,
            first_attempt_due = false, leased_until = null
       from (values ${rows.map(() => '(?, ?, ?::timestamptz, ?)').join(', ')}) as v(event_id, endpoint_id, started_at, status)
      where d.event_id = v.event_id and d.endpoint_id = v.endpoint_id and d.first_attempt_due
      returning d.event_id, d.endpoint_id`,
    rows.flatMap((r) => [r.eventId, r.endpointId, r.startedAt, r.succeeded ? 'succeeded' : 'pending']),
  );
  const recorded = new Set(held.map((h) => `${h.event_id}/${h.endpoint_id}`));
  const attempts = rows.filter((r) => recorded.has(`${r.eventId}/${r.endpointId}`));
  if (attempts.length > 0)
    await em.execute(
      `insert into webhook_attempts (event_id, endpoint_id, series, number, started_at, duration_ms, status_code, response_body, error)
       values ${attempts.map(() => '(?, ?, ?, 1, ?, ?, ?, ?, ?)').join(', ')}
       on conflict (event_id, endpoint_id, series, number) do nothing`,
      attempts.flatMap((r) => [
        r.eventId,
        r.endpointId,
        r.series,
        r.startedAt,
        r.durationMs,
        r.statusCode,
        r.responseBody,
        r.error,
      ]),
    );
  return recorded;
}

/**
 * After the last attempt failed: a delivery still pending reads failed. With `series`, only while
 * that series is the delivery's latest (a redelivery's newer series goes on). Says whether it did.
 */
export async function markDeliveryFailed(
  em: EntityManager,
  eventId: string,
  endpointId: string,
  series?: number,
): Promise<boolean> {
  const rows = await em.execute(
    `update webhook_deliveries set status = 'failed'
      where event_id = ? and endpoint_id = ? and status = 'pending' and series = coalesce(?, series) returning 1`,
    [eventId, endpointId, series ?? null],
  );
  return rows.length > 0;
}

/**
 * Pending deliveries whose retries a workflow owns (the first attempt made) and whose last attempt
 * (or, with none, creation) was before `before`, oldest first, after `after` (on the
 * webhook_deliveries_waiting index); each with its series and place.
 */
export async function deliveriesWaitingSince(
  em: EntityManager,
  before: Date,
  after: WaitingDeliveryCursor | null,
  limit: number,
): Promise<{ eventId: string; endpointId: string; series: number; cursor: WaitingDeliveryCursor }[]> {
  const rows = await em.execute<{ event_id: string; endpoint_id: string; series: number; at: string }[]>(
    `select event_id, endpoint_id, series, coalesce(last_attempt_at, created_at)::text as at from webhook_deliveries
      where status = 'pending' and not first_attempt_due and coalesce(last_attempt_at, created_at) < ?
        ${after ? 'and (coalesce(last_attempt_at, created_at), event_id, endpoint_id) > (?::timestamptz, ?, ?)' : ''}
      order by coalesce(last_attempt_at, created_at), event_id, endpoint_id limit ?`,
    after ? [before, after.at, after.eventId, after.endpointId, limit] : [before, limit],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    series: r.series,
    cursor: { at: r.at, eventId: r.event_id, endpointId: r.endpoint_id },
  }));
}
