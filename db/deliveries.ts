import type { EntityManager } from '@mikro-orm/postgresql';

/** Named queries of `webhook_deliveries` (one per event and endpoint) and `webhook_attempts` (each POST). */

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A delivery as the event log shows it. */
export type DeliveryRow = { event_id: string; endpoint_id: string; status: DeliveryStatus; attempts: number; series: number; last_attempt_at: Date | null };

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
  return em.execute<DeliveryRow[]>('select event_id, endpoint_id, status, attempts, series, last_attempt_at from webhook_deliveries where event_id in (?) order by endpoint_id', [eventIds]);
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
