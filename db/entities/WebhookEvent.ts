import { EntitySchema } from '@mikro-orm/core';

/** An outbox row: written in the same transaction as the change it reports (DESIGN.md › Events). */
export class WebhookEvent {
  id!: string;
  workspaceId!: string;
  type!: string;
  objectId!: string;
  /** `data.object` in the newest shape, as the resource was when the event happened. */
  payload!: Record<string, unknown>;
  /** What older versions read that the newest shape lacks, by path in `payload` (domain/versions extractLegacy). */
  legacy: Record<string, unknown> | null = null;
  createdAt: Date = new Date();
  dispatchedAt: Date | null = null;
  /** Set on events that announce a once-per-object transition (`<bot_id>/bot.failed`): unique. */
  dedupeKey: string | null = null;
}

export const WebhookEventSchema = new EntitySchema<WebhookEvent>({
  class: WebhookEvent,
  tableName: 'webhook_events',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    type: { type: 'string' },
    objectId: { type: 'string' },
    payload: { type: 'json' },
    legacy: { type: 'json', nullable: true },
    createdAt: { type: 'Date' },
    dispatchedAt: { type: 'Date', nullable: true },
    dedupeKey: { type: 'string', nullable: true },
  },
});
