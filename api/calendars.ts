import type { EntityManager } from '@mikro-orm/postgresql';
import { createCalendarProviders, appUrlOf, type CalendarProviders } from '../activities/providers/calendar';
import { moveConnection } from '../db/calendar-connections';
import { CalendarConnection } from '../db/entities';
import { createVault, type Vault } from '../runtime/vault';
import { calendarDisconnectedSignal, calendarReconnectedSignal, calendarSyncWorkflowId } from '../workflows/signals';
import { WorkspaceIdKey } from '../workflows/search-attributes';
import type { AppDeps } from './context';

/** What the API needs of calendars: the providers (consent), the vault (tokens), the hosted pages' address. */
export type CalendarKit = { providers: CalendarProviders; vault: Vault; appUrl: () => string };

const kits = new WeakMap<AppDeps, CalendarKit>();

export function calendarKit(deps: AppDeps): CalendarKit {
  let kit = kits.get(deps);
  if (!kit) {
    const appUrl = appUrlOf(deps.config, deps.baseUrl);
    kit = { providers: createCalendarProviders(deps.config, deps.orm, appUrl), vault: createVault(deps.config.signingSecret ?? ''), appUrl };
    kits.set(deps, kit);
  }
  return kit;
}

/** Starts (or wakes) the connection's sync workflow for a first sync from `connectedAt`; inside the transaction, before commit. */
export async function startCalendarSync(deps: AppDeps, c: CalendarConnection): Promise<void> {
  await deps.temporal!.workflow.signalWithStart('calendarSync', {
    workflowId: calendarSyncWorkflowId(c.id),
    taskQueue: deps.config.temporal.taskQueue,
    args: [{ connectionId: c.id, connectedAt: c.connectedAt.toISOString() }],
    signal: calendarReconnectedSignal,
    signalArgs: [c.connectedAt.toISOString()],
    // Operators find a workspace's calendar syncs in the Temporal UI by this attribute.
    typedSearchAttributes: [{ key: WorkspaceIdKey, value: c.workspaceId }],
  });
}

/** Disconnects connections (by the integrator, or because their member was removed), with their events; their workflows end. */
export async function disconnectCalendars(deps: AppDeps, em: EntityManager, connections: CalendarConnection[]): Promise<void> {
  for (const c of connections) {
    if (c.status === 'disconnected') continue;
    moveConnection(em, c, { status: 'disconnected', disconnectedAt: new Date() }, 'calendar_connection.disconnected');
  }
  await em.flush();
  for (const c of connections) {
    await deps.temporal?.workflow
      .getHandle(calendarSyncWorkflowId(c.id))
      .signal(calendarDisconnectedSignal)
      .catch(() => undefined); // no workflow (never started or already ended): nothing to stop
  }
}
