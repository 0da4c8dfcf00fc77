import type { EntityManager } from '@mikro-orm/postgresql';
import { WebhookEvent } from './entities';
import type { EventType } from '../domain/events';
import { newId } from '../domain/ids';

/**
 * Writes an event row in the caller's transaction, so the event exists exactly when the change it
 * reports does (DESIGN.md › Events: the outbox). Delivery reads these rows after commit.
 */
export function recordEvent(em: EntityManager, e: { workspaceId: string; type: EventType; objectId: string; payload: Record<string, unknown>; dedupeKey?: string }): WebhookEvent {
  const row = new WebhookEvent();
  row.id = newId('event');
  row.workspaceId = e.workspaceId;
  row.type = e.type;
  row.objectId = e.objectId;
  row.payload = e.payload;
  row.dedupeKey = e.dedupeKey ?? null;
  em.persist(row);
  return row;
}
