import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { UNTIL_THE_DATABASE_TAKES_IT } from './retries';
import { calendarChangedSignal, calendarDisconnectedSignal, calendarReconnectedSignal } from './signals';

const { syncCalendar } = proxyActivities<Activities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});
const { watchCalendar } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5 },
});
// Before, five refusals failed the connection's workflow and left it reading syncing until a reconnect.
const { markActiveUnsynced } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: UNTIL_THE_DATABASE_TAKES_IT,
});

const FIRST_SYNC_GRACE_MS = 30 * 60_000;
/** Push channels expire (Google's after about a week, Graph subscriptions after about three days): watch again before. */
const REWATCH_MS = 2 * 86_400_000;
const SAFETY_NET = '15 minutes';

export type CalendarSyncInput = {
  connectionId: string;
  connectedAt: string;
  firstSyncDone?: boolean;
  watchedAt?: number;
  /** History events after which it continues as new (default 2,000). */
  historyLimit?: number;
};

/**
 * `calendar-connection/<cal>`: the life of one connection. The first sync lists the calendar
 * (30 minutes after consent an unfinished first sync leaves the connection reading `active`);
 * then incremental syncs on provider notifications and every 15 minutes as a safety net, watching
 * the calendar for notifications again every two days (channels expire). A revoked
 * grant parks it in `error` until a reconnect; a disconnect ends it. Continues as new to stay small.
 */
export async function calendarSync(input: CalendarSyncInput): Promise<void> {
  let connectedAt = input.connectedAt;
  let firstSyncDone = input.firstSyncDone ?? false;
  let watchedAt = input.watchedAt ?? 0;
  let changed = false;
  let reconnected = false;
  let disconnected = false;
  setHandler(calendarChangedSignal, () => {
    changed = true;
  });
  setHandler(calendarReconnectedSignal, (at) => {
    connectedAt = at;
    reconnected = true;
  });
  setHandler(calendarDisconnectedSignal, () => {
    disconnected = true;
  });

  while (!disconnected) {
    if (reconnected) {
      reconnected = false;
      firstSyncDone = false;
    }
    changed = false;
    let result;
    if (!firstSyncDone) {
      let finished = false;
      const sync = syncCalendar({ connectionId: input.connectionId }).finally(() => {
        finished = true;
      });
      const grace = Date.parse(connectedAt) + FIRST_SYNC_GRACE_MS - Date.now();
      if (!(await condition(() => finished, Math.max(grace, 1))))
        await markActiveUnsynced({ connectionId: input.connectionId });
      result = await sync;
      if (result.outcome === 'synced') firstSyncDone = true;
    } else {
      result = await syncCalendar({ connectionId: input.connectionId });
    }
    if (result.outcome === 'synced' && Date.now() - watchedAt > REWATCH_MS) {
      // Best effort: without notifications the 15-minute safety net still syncs.
      await watchCalendar({ connectionId: input.connectionId }).catch(() => undefined);
      watchedAt = Date.now();
    }
    if (result.outcome === 'revoked' || result.outcome === 'gone') {
      // In error (or disconnected): wait for a reconnect through a new link, or the end.
      await condition(() => reconnected || disconnected);
      continue;
    }
    if (
      !disconnected &&
      (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > (input.historyLimit ?? 2000))
    ) {
      // The new run syncs first thing, so a notification that arrived just now is not lost; a
      // reconnect that arrived meanwhile starts it with a first sync (a disconnect ends the loop).
      await continueAsNew<typeof calendarSync>({
        ...input,
        connectedAt,
        firstSyncDone: firstSyncDone && !reconnected,
        watchedAt,
      });
    }
    await condition(() => changed || reconnected || disconnected, SAFETY_NET);
  }
}
