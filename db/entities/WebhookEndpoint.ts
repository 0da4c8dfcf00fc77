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
    deletedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
