import { WorkflowIdConflictPolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { botWorkflowId, cancelSignal, rescheduleSignal } from '../workflows/signals';
import { BotStatusKey, MeetingIdKey, WorkspaceIdKey } from '../workflows/search-attributes';

/** What schedules, moves and cancels bot workflows; the API and the worker both hold one. */
export type BotScheduler = {
  /** Starts `bot/<id>`; called inside the transaction that creates the bot, before it commits. */
  start(bot: { id: string; workspaceId: string; meetingId: string; joinAt: Date | null }): Promise<void>;
  /** False when the bot's workflow is no longer running (it ended, or never started). */
  reschedule(botId: string, joinAt: Date | null): Promise<boolean>;
  /** False when the bot's workflow is no longer running. */
  cancel(botId: string): Promise<boolean>;
};

/** Signals a workflow; false when there is no running execution to receive it. */
async function delivered(send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

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
    reschedule: (botId, joinAt) => delivered(() => client.workflow.getHandle(botWorkflowId(botId)).signal(rescheduleSignal, joinAt?.toISOString() ?? null)),
    cancel: (botId) => delivered(() => client.workflow.getHandle(botWorkflowId(botId)).signal(cancelSignal)),
  };
}
