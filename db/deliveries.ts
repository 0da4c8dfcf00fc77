import type { EntityManager } from '@mikro-orm/postgresql';

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
    `update webhook_deliveries set status = 'pending', series = series + 1 where event_id = ? and endpoint_id = ? returning series`,
    [eventId, endpointId],
  );
  return row!.series;
}

/** Stores each endpoint's rendered body of an event (the bytes every attempt sends); an existing delivery is kept. */
export async function insertDeliveries(
  em: EntityManager,
  rows: [eventId: string, endpointId: string, body: string][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await em.execute(
      `insert into webhook_deliveries (event_id, endpoint_id, body) values ${chunk.map(() => '(?, ?, ?)').join(', ')} on conflict (event_id, endpoint_id) do nothing`,
      chunk.flat(),
    );
  }
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

/** One attempt and its delivery's count and status, in one transaction; a retried activity records it once. */
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
    await tem.execute(
      `update webhook_deliveries set attempts = attempts + 1, last_attempt_at = ?, status = ? where event_id = ? and endpoint_id = ?`,
      [row.startedAt, succeeded ? 'succeeded' : 'pending', row.eventId, row.endpointId],
    );
  });
}

/** After the last attempt failed: a delivery still pending reads failed. */
export async function markDeliveryFailed(em: EntityManager, eventId: string, endpointId: string): Promise<void> {
  await em.execute(
    `update webhook_deliveries set status = 'failed' where event_id = ? and endpoint_id = ? and status = 'pending'`,
    [eventId, endpointId],
  );
}
