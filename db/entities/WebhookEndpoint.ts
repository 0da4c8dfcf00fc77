import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../domain/metadata';

/** Where a workspace receives signed events (spec: Webhook endpoints). */
export class WebhookEndpoint {
  id!: string;
  workspaceId!: string;
  url!: string;
  enabledEvents: string[] = [];
  enabled = true;
  secret!: string;
  /** After a rotation, the old secret keeps signing alongside the new one until it expires. */
  previousSecret: string | null = null;
  previousSecretExpiresAt: Date | null = null;
  /** The version its bodies are rendered at. */
  apiVersion!: string;
  metadata: Metadata = {};
  /** Since when every attempt failed (null after a success): after 5 days the endpoint is disabled. */
  failingSince: Date | null = null;
  /** Why the service disabled it (`failing_deliveries`); null when enabled or disabled by a PATCH. */
  disabledReason: string | null = null;
  deletedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'webhook_endpoints',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    url: { type: 'string' },
    enabledEvents: { type: 'json' },
    enabled: { type: 'boolean' },
    secret: { type: 'string' },
    previousSecret: { type: 'string', nullable: true },
    previousSecretExpiresAt: { type: 'Date', nullable: true },
    apiVersion: { type: 'string' },
    metadata: { type: 'json' },
    failingSince: { type: 'Date', nullable: true },
    disabledReason: { type: 'string', nullable: true },
    deletedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
