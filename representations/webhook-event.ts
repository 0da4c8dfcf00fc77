import type { WebhookEvent } from '../db/entities';
import type { AttemptRow, DeliveryRow } from '../db/deliveries';
import { z } from './zod';

export const eventSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_event'),
    type: z.string(),
    created_at: z.string(),
    delivery_status: z.enum(['none', 'pending', 'succeeded', 'failed']),
    deliveries: z.array(
      z.object({
        endpoint_id: z.string(),
        status: z.enum(['pending', 'succeeded', 'failed']),
        attempt_count: z.number(),
        last_attempt_at: z.string().nullable(),
        attempts: z
          .array(
            z.object({
              number: z.number(),
              series: z.number(),
              started_at: z.string(),
              duration_ms: z.number(),
              status_code: z.number().nullable(),
              response_body: z.string().nullable(),
              error: z.string().nullable(),
            }),
          )
          .optional(),
      }),
    ),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  })
  .openapi('WebhookEvent');

/** An event's overall delivery status: failed if any endpoint gave up, pending while any tries, else succeeded. */
function overall(deliveries: DeliveryRow[]): 'none' | 'pending' | 'succeeded' | 'failed' {
  if (deliveries.length === 0) return 'none';
  if (deliveries.some((d) => d.status === 'failed')) return 'failed';
  if (deliveries.some((d) => d.status === 'pending')) return 'pending';
  return 'succeeded';
}

/** An event with its deliveries; with its attempts too when given (a single event's read), not on the list. */
export function serializeWebhookEvent(
  e: WebhookEvent,
  deliveries: DeliveryRow[],
  attempts: AttemptRow[] | null,
): Record<string, unknown> {
  return {
    id: e.id,
    object: 'webhook_event',
    type: e.type,
    created_at: e.createdAt.toISOString(),
    delivery_status: overall(deliveries),
    deliveries: deliveries.map((d) => ({
      endpoint_id: d.endpoint_id,
      status: d.status,
      attempt_count: d.attempts,
      last_attempt_at: d.last_attempt_at ? new Date(d.last_attempt_at).toISOString() : null,
      ...(attempts
        ? {
            attempts: attempts
              .filter((a) => a.endpoint_id === d.endpoint_id)
              .map((a) => ({
                number: a.number,
                series: a.series,
                started_at: new Date(a.started_at).toISOString(),
                duration_ms: a.duration_ms,
                status_code: a.status_code,
                response_body: a.response_body,
                error: a.error,
              })),
          }
        : {}),
    })),
    data: { object: e.payload },
  };
}
