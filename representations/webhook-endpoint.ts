import type { WebhookEndpoint } from '../db/entities';
import { z } from './zod';

export const endpointSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_endpoint'),
    workspace_id: z.string(),
    url: z.string(),
    enabled_events: z.array(z.string()),
    enabled: z.boolean(),
    disabled_reason: z
      .enum(['failing_deliveries'])
      .nullable()
      .openapi({ description: 'Why the service disabled it: every delivery failed for 5 days. Null otherwise.' }),
    api_version: z.string(),
    metadata: z.record(z.string(), z.string()),
    secret: z.string().optional().openapi({ description: 'Only in the creation and rotation responses.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('WebhookEndpoint');

/** The secret shows only in the creation and rotation responses. */
export function serializeEndpoint(e: WebhookEndpoint, withSecret = false): Record<string, unknown> {
  return {
    id: e.id,
    object: 'webhook_endpoint',
    workspace_id: e.workspaceId,
    url: e.url,
    enabled_events: e.enabledEvents,
    enabled: e.enabled,
    disabled_reason: e.disabledReason,
    api_version: e.apiVersion,
    metadata: e.metadata,
    ...(withSecret ? { secret: e.secret } : {}),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export const testSendSchema = z.object({
  event_id: z.string(),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number(),
  response_body: z.string().nullable(),
});

/** What the receiver of a test send answered. */
export function serializeTestSend(t: {
  eventId: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
}): Record<string, unknown> {
  return {
    event_id: t.eventId,
    status_code: t.statusCode,
    error: t.error,
    duration_ms: t.durationMs,
    response_body: t.responseBody,
  };
}
