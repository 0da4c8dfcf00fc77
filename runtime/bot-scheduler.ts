import { WorkflowIdConflictPolicy, type Client } from '@temporalio/client';
import { botWorkflowId, cancelSignal, rescheduleSignal } from '../workflows/signals';
import { BotStatusKey, MeetingIdKey, WorkspaceIdKey } from '../workflows/search-attributes';

/** What schedules, moves and cancels bot workflows; the API and the worker both hold one. */
export type BotScheduler = {
  /** Starts `bot/<id>`; called inside the transaction that creates the bot, before it commits. */
  start(bot: { id: string; workspaceId: string; meetingId: string; joinAt: Date | null }): Promise<void>;
  reschedule(botId: string, joinAt: Date | null): Promise<void>;
  cancel(botId: string): Promise<void>;
};

export function temporalBotScheduler(client: Client, taskQueue: string): BotScheduler {
  return {
    async start(bot) {
      await client.workflow.start('botWorkflow', {
        workflowId: botWorkflowId(bot.id),
        taskQueue,
        args: [{ botId: bot.id, joinAt: bot.joinAt?.toISOString() ?? null }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
        typedSearchAttributes: [
          { key: WorkspaceIdKey, value: bot.workspaceId },
          { key: MeetingIdKey, value: bot.meetingId },
          { key: BotStatusKey, value: 'queued' },
        ],
      });
    },
    async reschedule(botId, joinAt) {
      await client.workflow.getHandle(botWorkflowId(botId)).signal(rescheduleSignal, joinAt?.toISOString() ?? null);
    },
    async cancel(botId) {
      await client.workflow.getHandle(botWorkflowId(botId)).signal(cancelSignal);
    },
  };
}
