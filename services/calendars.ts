import type { EntityManager } from '@mikro-orm/postgresql';
import { createCalendarProviders, appUrlOf, type CalendarProviders } from '../activities/providers/calendar';
import { type CalendarConnection } from '../db/entities';
import { recordEvent } from '../db/outbox';
import { serializeConnection } from '../representations/calendar-connection';
import { createVault, type Vault } from '../runtime/vault';
import { commands } from './commands';
import {
  calendarChangedSignal,
  calendarDisconnectedSignal,
  calendarReconnectedSignal,
  calendarSyncWorkflowId,
} from '../workflows/signals';
import type { AppDeps } from './context';

/** What the API needs of calendars: the providers (consent), the vault (tokens), the hosted pages' address. */
export type CalendarKit = { providers: CalendarProviders; vault: Vault; appUrl: () => string };

const kits = new WeakMap<AppDeps, CalendarKit>();

export function calendarKit(deps: AppDeps): CalendarKit {
  let kit = kits.get(deps);
  if (!kit) {
    const appUrl = appUrlOf(deps.config, deps.baseUrl);
    kit = {
      providers: createCalendarProviders(deps.config, deps.orm, appUrl),
      vault: createVault(deps.config.signingSecret ?? ''),
      appUrl,
    };
    kits.set(deps, kit);
  }
  return kit;
}

/** Where providers send the person back after consent (the hosted callback page). */
export const consentRedirectUri = (kit: CalendarKit) => `${kit.appUrl()}/connect/callback`;

/**
 * Moves a connection to a status with its event, inside the caller's transaction (spec: Calendar
 * connection status): `connected` on consent, `error` when access stops, `disconnected` at the end.
 */
export function moveConnection(
  em: EntityManager,
  c: CalendarConnection,
  change: Partial<
    Pick<
      CalendarConnection,
      'status' | 'error' | 'lastSyncedAt' | 'syncCursor' | 'tokens' | 'connectedAt' | 'disconnectedAt'
    >
  >,
  event?: 'calendar_connection.connected' | 'calendar_connection.error' | 'calendar_connection.disconnected',
): void {
  Object.assign(c, change, { updatedAt: new Date() });
  if (event)
    recordEvent(em, { workspaceId: c.workspaceId, type: event, objectId: c.id, payload: serializeConnection(c) });
}

/** Starts (or wakes) the connection's sync workflow for a first sync from `connectedAt`: a command sent after commit. */
export function startCalendarSync(em: EntityManager, c: CalendarConnection): void {
  // Operators find a workspace's calendar syncs in the Temporal UI by WorkspaceId.
  commands.signalWithStart(
    em,
    'calendarSync',
    calendarSyncWorkflowId(c.id),
    [{ connectionId: c.id, connectedAt: c.connectedAt.toISOString() }],
    calendarReconnectedSignal,
    [c.connectedAt.toISOString()],
    {
      WorkspaceId: c.workspaceId,
    },
  );
}

/** Disconnects connections (by the integrator, or because their member was removed), with their events; their workflows end. */
export async function disconnectCalendars(em: EntityManager, connections: CalendarConnection[]): Promise<void> {
  for (const c of connections) {
    if (c.status === 'disconnected') continue;
    moveConnection(em, c, { status: 'disconnected', disconnectedAt: new Date() }, 'calendar_connection.disconnected');
    // No workflow (never started, or already ended): nothing to stop.
    commands.signal(em, calendarSyncWorkflowId(c.id), calendarDisconnectedSignal, []);
  }
  await em.flush();
}

/** The provider (or the simulated calendar) says a connection's calendar changed: sync it now. */
export function calendarChanged(em: EntityManager, connectionId: string): void {
  commands.signal(em, calendarSyncWorkflowId(connectionId), calendarChangedSignal, []);
}
