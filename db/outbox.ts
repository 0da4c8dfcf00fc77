import type { EntityManager } from '@mikro-orm/postgresql';
import { WebhookEvent } from './entities';
import type { EventType } from '../domain/events';
import { newId } from '../domain/ids';
import { extractLegacy } from '../domain/versions';

/**
 * Writes an event row in the caller's transaction, so the event exists exactly when the change it
 * reports does (DESIGN.md › Events: the outbox). Delivery reads these rows after commit.
 */
export function recordEvent(em: EntityManager, e: EventOf): WebhookEvent {
  const row = eventRow(e);
  em.persist(row);
  return row;
}

type EventOf = {
  workspaceId: string;
  type: EventType;
  objectId: string;
  payload: Record<string, unknown>;
  dedupeKey?: string;
};

/** The row recordEvent persists, not yet written (for rows inserted together, db/bulk.ts insertTogether). */
export function eventRow(e: EventOf): WebhookEvent {
  const row = new WebhookEvent();
  row.id = newId('event');
  row.workspaceId = e.workspaceId;
  row.type = e.type;
  row.objectId = e.objectId;
  row.payload = e.payload;
  const legacy = extractLegacy(e.payload);
  row.legacy = Object.keys(legacy).length > 0 ? legacy : null;
  row.dedupeKey = e.dedupeKey ?? null;
  return row;
}
