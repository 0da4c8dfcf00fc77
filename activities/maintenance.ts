import { WorkflowNotFoundError } from '@temporalio/client';
import { expireIdempotencyKeys } from '../db/idempotency';
import { liveBotsChangedBefore } from '../db/meetings';
import type { LiveBotCursor } from '../domain/meetings/state';
import { pruneCounters } from '../db/rate-limits';
import { pruneWebhookHistory } from '../db/webhook-events';
import { endOrphanedBot, type OrphanedBotEnd } from '../services/meetings';
import { botWorkflowId } from '../workflows/signals';
import type { ActivityDeps } from './index';

/** Events (with their deliveries and attempts) one retention batch removes. */
export const RETENTION_BATCH = 1000;
/** Live bots one pass of the ended-bot janitor looks up in Temporal. */
export const ENDED_BOT_PAGE = 50;

/**
 * How a live bot whose workflow has closed ends: a workflow cancelled or terminated from Temporal was
 * stopped on purpose (cancelled, as a cancel through the API); one that failed, timed out or
 * completed without ending its bot leaves it failed with reason bot_error.
 */
function endFor(workflowStatus: string): OrphanedBotEnd {
  if (workflowStatus === 'TERMINATED' || workflowStatus === 'CANCELLED') return { status: 'cancelled' };
  return {
    status: 'failed',
    message: `The bot's workflow ended (${workflowStatus.toLowerCase().replace('_', ' ')}) without finishing the bot.`,
  };
}

export function createMaintenanceActivities({ orm, log, temporal, providers, webhookRetentionDays }: ActivityDeps) {
  return {
    /**
     * One page of the ended-bot janitor: live bots (queued to processing) that last changed before
     * `before`, after `after`; each whose workflow Temporal shows closed is ended (`endFor`), and a
     * provider bot it had in a call is asked to leave. A bot whose workflow Temporal does not know
     * (its start still waits in the outbox) is left alone. Returns where the page ended (null: the
     * last page) and how many bots it ended.
     */
    async endBotsOfEndedWorkflows(input: {
      before: string;
      after: LiveBotCursor | null;
    }): Promise<{ next: LiveBotCursor | null; ended: number }> {
      const bots = await liveBotsChangedBefore(orm.em.fork(), new Date(input.before), input.after, ENDED_BOT_PAGE);
      let ended = 0;
      for (const bot of bots) {
        let workflowStatus: string;
        try {
          const described = await temporal.withDeadline(Date.now() + 5_000, () =>
            temporal.workflow.getHandle(botWorkflowId(bot.id)).describe(),
          );
          workflowStatus = described.status.name;
        } catch (err) {
          if (err instanceof WorkflowNotFoundError) continue;
          throw err;
        }
        if (workflowStatus === 'RUNNING') continue;
        const end = endFor(workflowStatus);
        if (!(await endOrphanedBot(orm.em, bot.id, end))) continue;
        ended++;
        log.warn(
          { bot_id: bot.id, was: bot.status, workflow_status: workflowStatus, status: end.status },
          'bot ended by the janitor: its workflow had closed without ending it',
        );
        if (bot.providerBotId && (bot.status === 'joining' || bot.status === 'in_call')) {
          await providers.meetingBot
            .leave(bot.providerBotId)
            .catch((err: unknown) =>
              log.warn({ bot_id: bot.id, err }, "the provider's bot could not be asked to leave the call"),
            );
        }
      }
      return { next: bots.length < ENDED_BOT_PAGE ? null : bots[bots.length - 1]!.cursor, ended };
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
