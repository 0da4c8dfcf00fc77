import { LockMode } from '@mikro-orm/core';
import { heartbeat } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/client';
import { connectionIdsNotDisconnected } from '../db/calendar-connections';
import { hasUnsentCommands } from '../db/commands';
import { deliveriesWaitingSince, markDeliveryFailed } from '../db/deliveries';
import { CalendarConnection } from '../db/entities';
import { expireIdempotencyKeys } from '../db/idempotency';
import { liveBotsChangedBefore } from '../db/meetings';
import { pruneCounters } from '../db/rate-limits';
import { pruneWebhookHistory } from '../db/webhook-events';
import { isUnderway, type LiveBotCursor } from '../domain/meetings/state';
import type { WaitingDeliveryCursor } from '../domain/webhooks/schedule';
import { startCalendarSync } from '../services/calendars';
import { endOrphanedBot, type OrphanedBotEnd } from '../services/meetings';
import { botWorkflowId, calendarSyncWorkflowId, deliveryWorkflowId } from '../workflows/signals';
import type { ActivityDeps } from './index';

/** Events (with their deliveries and attempts) one retention batch removes. */
export const RETENTION_BATCH = 1000;
/** Bots, deliveries or calendar connections one page of a janitor of ended workflows looks up in Temporal. */
export const JANITOR_PAGE = 50;
/** A page stops after this long (the rest is the next page's), well inside its activity's timeout. */
const JANITOR_PAGE_BUDGET_MS = 60_000;
/** What describe says of a workflow that has ended (any other status is still open: running, paused). */
const CLOSED = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED', 'TIMED_OUT', 'CONTINUED_AS_NEW']);

/**
 * How a live bot whose workflow has ended ends: a workflow cancelled or terminated from Temporal was
 * stopped on purpose (cancelled, as a cancel through the API); one that failed, timed out, completed
 * without ending its bot, or that Temporal no longer knows leaves it failed with reason bot_error.
 */
function endFor(workflowStatus: string): OrphanedBotEnd {
  if (workflowStatus === 'TERMINATED' || workflowStatus === 'CANCELLED') return { status: 'cancelled' };
  return {
    status: 'failed',
    message:
      workflowStatus === 'NOT_FOUND'
        ? "The bot's workflow is no longer known to Temporal."
        : `The bot's workflow ended (${workflowStatus.toLowerCase().replace(/_/g, ' ')}) without finishing the bot.`,
  };
}

export function createMaintenanceActivities({ orm, log, temporal, providers, webhookRetentionDays }: ActivityDeps) {
  /**
   * What became of a workflow: PENDING_START while a command for it waits in the outbox (read first:
   * once its start is sent, Temporal knows it), else its describe status and when it closed, or
   * NOT_FOUND when Temporal does not know it (it ended longer ago than the namespace keeps closed
   * workflows).
   */
  async function workflowStatusOf(workflowId: string): Promise<{ status: string; closedAt?: Date }> {
    if (await hasUnsentCommands(orm.em.fork(), workflowId)) return { status: 'PENDING_START' };
    try {
      const described = await temporal.withDeadline(Date.now() + 5_000, () =>
        temporal.workflow.getHandle(workflowId).describe(),
      );
      return { status: described.status.name, closedAt: described.closeTime };
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return { status: 'NOT_FOUND' };
      throw err;
    }
  }
  const hasEnded = (workflowStatus: string) => CLOSED.has(workflowStatus) || workflowStatus === 'NOT_FOUND';

  /**
   * One janitor page: `each` on every item in turn, heartbeating, until the page's time is spent; an
   * item it cannot handle now is logged and taken again next round, holding up no other. Returns
   * where the page ended (null: the last page, shorter than `size`) and how many items `each` ended.
   */
  async function janitorPage<C, T extends { cursor: C }>(
    items: T[],
    after: C | null,
    size: number,
    each: (item: T) => Promise<boolean>,
    fields: (item: T) => Record<string, unknown>,
  ): Promise<{ next: C | null; ended: number }> {
    const started = Date.now();
    let next = after;
    let ended = 0;
    for (const item of items) {
      if (next !== after && Date.now() - started > JANITOR_PAGE_BUDGET_MS) return { next, ended };
      heartbeat();
      try {
        if (await each(item)) ended++;
      } catch (err) {
        log.warn({ ...fields(item), err }, 'a janitor could not check this now: it is taken again next round');
      }
      next = item.cursor;
    }
    return { next: items.length < size ? null : next, ended };
  }

  /** Ends one live bot if its workflow has ended; says whether it did. */
  async function endIfWorkflowEnded(bot: { id: string; status: string; providerBotId: string | null }) {
    const { status: workflowStatus } = await workflowStatusOf(botWorkflowId(bot.id));
    if (!hasEnded(workflowStatus)) return false;
    // The provider's bot leaves first: a leave that fails keeps the bot live, so the next cycle asks again.
    if (bot.providerBotId && isUnderway(bot.status)) await providers.meetingBot.leave(bot.providerBotId);
    const end = endFor(workflowStatus);
    if (!(await endOrphanedBot(orm.em, bot.id, end))) return false;
    log.warn(
      { bot_id: bot.id, was: bot.status, workflow_status: workflowStatus, status: end.status },
      'bot ended by the janitor: its workflow had ended without ending it',
    );
    return true;
  }

  return {
    /**
     * One page of the ended-bot janitor: live bots (queued to processing) that last changed before
     * `before`, after `after`; each whose workflow has ended is ended (`endFor`), a provider bot it
     * still had first asked to leave. A bot whose workflow runs, or whose start still waits in the
     * outbox, is left alone; one that cannot be looked up or written now is logged and taken again
     * next cycle, holding up no other. Returns where the page ended (null: the last page) and how
     * many bots it ended.
     */
    async endBotsOfEndedWorkflows(input: {
      before: string;
      after: LiveBotCursor | null;
      pageSize?: number;
    }): Promise<{ next: LiveBotCursor | null; ended: number }> {
      const size = input.pageSize ?? JANITOR_PAGE;
      const bots = await liveBotsChangedBefore(orm.em.fork(), new Date(input.before), input.after, size);
      return janitorPage(bots, input.after, size, endIfWorkflowEnded, (bot) => ({ bot_id: bot.id }));
    },

    /**
     * One page of the ended-delivery janitor: pending deliveries whose retries a workflow owns and
     * whose last attempt was before `before`, after `after`; each whose workflow (of its series) has
     * ended, or is no longer known with no start waiting in the outbox, is marked failed for that
     * series: it lists under delivery_status=failed, to be redelivered. Returns as the bots' page.
     */
    async failDeliveriesOfEndedWorkflows(input: {
      before: string;
      after: WaitingDeliveryCursor | null;
      pageSize?: number;
    }): Promise<{ next: WaitingDeliveryCursor | null; ended: number }> {
      const size = input.pageSize ?? JANITOR_PAGE;
      const deliveries = await deliveriesWaitingSince(orm.em.fork(), new Date(input.before), input.after, size);
      return janitorPage(
        deliveries,
        input.after,
        size,
        async (d) => {
          const { status: workflowStatus } = await workflowStatusOf(
            deliveryWorkflowId(d.eventId, d.endpointId, d.series),
          );
          if (!hasEnded(workflowStatus)) return false;
          if (!(await markDeliveryFailed(orm.em.fork(), d.eventId, d.endpointId, d.series))) return false;
          log.warn(
            { event_id: d.eventId, endpoint_id: d.endpointId, series: d.series, workflow_status: workflowStatus },
            'delivery marked failed by the janitor: its workflow had ended without ending it',
          );
          return true;
        },
        (d) => ({ event_id: d.eventId, endpoint_id: d.endpointId }),
      );
    },

    /**
     * One page of the calendar-sync janitor: connections not disconnected, by id after `after`; each
     * whose sync workflow closed before `closedBefore` (or is unknown with no start waiting in the
     * outbox) gets it started again through the outbox, as a reconnect would (a first sync from its
     * cursor). Returns as the bots' page, counting the workflows started.
     */
    async restartEndedCalendarSyncs(input: {
      after: string | null;
      closedBefore: string;
      pageSize?: number;
    }): Promise<{ next: string | null; ended: number }> {
      const size = input.pageSize ?? JANITOR_PAGE;
      const ids = await connectionIdsNotDisconnected(orm.em.fork(), input.after, size);
      return janitorPage(
        ids.map((id) => ({ id, cursor: id })),
        input.after,
        size,
        async ({ id }) => {
          const { status: workflowStatus, closedAt } = await workflowStatusOf(calendarSyncWorkflowId(id));
          if (!hasEnded(workflowStatus)) return false;
          // A sync the closed run started may still be writing until its next heartbeat finds the run gone.
          if (closedAt && closedAt.getTime() > Date.parse(input.closedBefore)) return false;
          const restarted = await orm.em.fork().transactional(async (em) => {
            const c = await em.findOne(CalendarConnection, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
            if (!c || c.status === 'disconnected') return false;
            startCalendarSync(em, c);
            return true;
          });
          if (restarted)
            log.warn(
              { calendar_connection_id: id, workflow_status: workflowStatus },
              'calendar sync started again by the janitor: its workflow had ended while the calendar is connected',
            );
          return restarted;
        },
        ({ id }) => ({ calendar_connection_id: id }),
      );
    },

    /**
     * One retention batch: webhook events older than WEBHOOK_RETENTION_DAYS (default 30), with their
     * deliveries and attempts; returns how many events went (a full batch means more are left).
     */
    async pruneWebhookHistory(): Promise<number> {
      const removed = await pruneWebhookHistory(orm.em.fork(), webhookRetentionDays ?? 30, RETENTION_BATCH);
      if (removed > 0) log.info({ removed, older_than_days: webhookRetentionDays ?? 30 }, 'pruned webhook history');
      return removed;
    },

    /** Deletes rate-limit counters whose window ended more than a day ago; returns how many went. */
    async pruneRateLimitCounters(): Promise<number> {
      const removed = await pruneCounters(orm.em.fork());
      // Idempotency keys past their 24 hours go with the same housekeeping.
      const keys = await expireIdempotencyKeys(orm.em.fork());
      log.debug({ removed, idempotency_keys: keys }, 'pruned rate-limit counters and expired idempotency keys');
      return removed + keys;
    },
  };
}
