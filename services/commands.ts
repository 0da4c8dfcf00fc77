import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignalDefinition } from '@temporalio/common';
import { WorkflowCommandRow } from '../db/entities';
import type { NotFoundAction, WorkflowCommand } from '../domain/commands';
import type * as workflows from '../workflows';
import { botWorkflowId, cancelSignal, rescheduleSignal } from '../workflows/signals';

type Workflows = typeof workflows;
type WorkflowName = keyof Workflows;
type ArgsOf<K extends WorkflowName> = Parameters<Workflows[K]>;
/** The arguments of a signal defined beside its workflow (`defineSignal<[A]>('name')`), so they are checked. */
type ArgsOfSignal<S> = S extends SignalDefinition<infer A extends any[]> ? A : never;

/** A command's outbox row, not yet written. */
function commandRow(command: WorkflowCommand): WorkflowCommandRow {
  const row = new WorkflowCommandRow();
  row.workflowId = command.workflowId;
  row.command = command;
  return row;
}

function record(em: EntityManager, command: WorkflowCommand): void {
  em.persist(commandRow(command));
}

/**
 * The outbox's writers: each persists a command with the caller's change (flushed in its
 * transaction); the worker's dispatcher sends it once the change has committed.
 */
export const commands = {
  start<K extends WorkflowName>(
    em: EntityManager,
    workflowType: K,
    workflowId: string,
    args: ArgsOf<K>,
    searchAttributes?: Record<string, string>,
  ): void {
    record(em, { op: 'start', workflowType, workflowId, args, ...(searchAttributes ? { searchAttributes } : {}) });
  },
  /** Starts a long-running workflow unless one runs with the id: a closed one (terminated, failed) is started anew. */
  ensureRunning<K extends WorkflowName>(em: EntityManager, workflowType: K, workflowId: string, args: ArgsOf<K>): void {
    record(em, { op: 'start', workflowType, workflowId, args, restartClosed: true });
  },
  signal<S extends SignalDefinition<any[]>>(
    em: EntityManager,
    workflowId: string,
    signal: S,
    args: ArgsOfSignal<S>,
    onNotFound: NotFoundAction = { kind: 'ignore' },
  ): void {
    record(em, { op: 'signal', workflowId, signal: signal.name, args, onNotFound });
  },
  signalWithStart<K extends WorkflowName, S extends SignalDefinition<any[]>>(
    em: EntityManager,
    workflowType: K,
    workflowId: string,
    args: ArgsOf<K>,
    signal: S,
    signalArgs: ArgsOfSignal<S>,
    searchAttributes?: Record<string, string>,
  ): void {
    record(em, {
      op: 'signalWithStart',
      workflowType,
      workflowId,
      args,
      signal: signal.name,
      signalArgs,
      ...(searchAttributes ? { searchAttributes } : {}),
    });
  },
};

type NewBot = { id: string; workspaceId: string; meetingId: string; joinAt: Date | null };

/** The commands of a bot's workflow `bot/<id>`: started once, moved, cancelled. */
export const botCommands = {
  start(em: EntityManager, bot: NewBot): void {
    em.persist(botCommands.startRow(bot));
  },
  /** The row `start` persists, not yet written: for rows inserted together with the bot's (insertTogether). */
  startRow(bot: NewBot): WorkflowCommandRow {
    const args: ArgsOf<'botWorkflow'> = [{ botId: bot.id, joinAt: bot.joinAt?.toISOString() ?? null }];
    return commandRow({
      op: 'start',
      workflowType: 'botWorkflow',
      workflowId: botWorkflowId(bot.id),
      args,
      searchAttributes: { WorkspaceId: bot.workspaceId, MeetingId: bot.meetingId, BotStatus: 'queued' },
    });
  },
  /** A new join time; a bot whose workflow already ended is recorded cancelled if its row still reads live. */
  reschedule(em: EntityManager, bot: { id: string; meetingId: string }, joinAt: Date | null): void {
    commands.signal(em, botWorkflowId(bot.id), rescheduleSignal, [joinAt?.toISOString() ?? null], {
      kind: 'botOrphaned',
      botId: bot.id,
      meetingId: bot.meetingId,
    });
  },
  cancel(em: EntityManager, bot: { id: string; meetingId: string }): void {
    commands.signal(em, botWorkflowId(bot.id), cancelSignal, [], {
      kind: 'botOrphaned',
      botId: bot.id,
      meetingId: bot.meetingId,
    });
  },
};
