import type { EntityManager } from '@mikro-orm/postgresql';
import { serializeConnection } from '../representations/calendar-connection';
import { CalendarConnection } from '../db/entities';
import { recordEvent } from '../db/outbox';

/**
 * Moves a connection to a status with its event, inside the caller's transaction (spec: Calendar
 * connection status): `connected` on consent, `error` when access stops, `disconnected` at the end.
 */
export function moveConnection(
  em: EntityManager,
  c: CalendarConnection,
  change: Partial<Pick<CalendarConnection, 'status' | 'error' | 'lastSyncedAt' | 'syncCursor' | 'tokens' | 'connectedAt' | 'disconnectedAt'>>,
  event?: 'calendar_connection.connected' | 'calendar_connection.error' | 'calendar_connection.disconnected',
): void {
  Object.assign(c, change, { updatedAt: new Date() });
  if (event) recordEvent(em, { workspaceId: c.workspaceId, type: event, objectId: c.id, payload: serializeConnection(c) });
}
