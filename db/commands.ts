import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignalDefinition } from '@temporalio/common';
import { MAX_COMMAND_FAILURES, type NotFoundAction, type WorkflowCommand } from '../domain/commands';
import type * as workflows from '../workflows';
import { botWorkflowId, cancelSignal, rescheduleSignal } from '../workflows/signals';
import { WorkflowCommandRow } from './entities';

type Workflows = typeof workflows;
type WorkflowName = keyof Workflows;
type ArgsOf<K extends WorkflowName> = Parameters<Workflows[K]>;
/** The arguments of a signal defined beside its workflow (`defineSignal<[A]>('name')`), so they are checked. */
type ArgsOfSignal<S> = S extends SignalDefinition<infer A extends any[]> ? A : never;

function record(em: EntityManager, command: WorkflowCommand): void {
  const row = new WorkflowCommandRow();
  row.workflowId = command.workflowId;
  row.command = command;
  em.persist(row);
}

/**
 * The outbox's writers: each persists a command with the caller's change (flushed in its
 * transaction); the worker's dispatcher sends it once the change has committed.
 */
export const commands = {
  start<K extends WorkflowName>(em: EntityManager, workflowType: K, workflowId: string, args: ArgsOf<K>, searchAttributes?: Record<string, string>): void {
    record(em, { op: 'start', workflowType, workflowId, args, ...(searchAttributes ? { searchAttributes } : {}) });
  },
  signal<S extends SignalDefinition<any[]>>(em: EntityManager, workflowId: string, signal: S, args: ArgsOfSignal<S>, onNotFound: NotFoundAction = { kind: 'ignore' }): void {
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
    record(em, { op: 'signalWithStart', workflowType, workflowId, args, signal: signal.name, signalArgs, ...(searchAttributes ? { searchAttributes } : {}) });
  },
};

export type ClaimedCommand = { id: string; workflowId: string; command: WorkflowCommand; attempts: number };

/**
 * Leases up to `limit` due commands (one statement, so no transaction stays open while they are
 * sent): the oldest pending command of each workflow only, so a start is sent before its signals.
 * A lease that lapses (the dispatcher died) makes the row due again.
 */
export async function claimDueCommands(em: EntityManager, limit: number, leaseMs: number): Promise<ClaimedCommand[]> {
  const rows = await em.getConnection().execute<{ id: string; workflow_id: string; command: WorkflowCommand; attempts: number }[]>(
    `update workflow_commands set leased_until = now() + make_interval(secs => ? / 1000.0)
     where id in (
       select c.id from workflow_commands c
       where c.dispatched_at is null and c.parked_at is null and c.due_at <= now()
         and (c.leased_until is null or c.leased_until < now())
         and not exists (select 1 from workflow_commands p where p.workflow_id = c.workflow_id and p.id < c.id and p.dispatched_at is null)
       order by c.id
       limit ?
       for update skip locked)
     returning id, workflow_id, command, attempts`,
    [leaseMs, limit],
  );
  return rows.map((r) => ({ id: String(r.id), workflowId: r.workflow_id, command: r.command, attempts: r.attempts })).sort((a, b) => Number(a.id) - Number(b.id));
}

export async function markCommandSent(em: EntityManager, id: string): Promise<void> {
  await em.getConnection().execute('update workflow_commands set dispatched_at = now(), leased_until = null where id = ?', [id]);
}

/**
 * A failed send: due again after `delayMs`. Failures other than an unreachable Temporal count, and
 * park the row after MAX_COMMAND_FAILURES (an operator sees it with `npm run admin -- commands`).
 */
export async function markCommandFailed(em: EntityManager, id: string, error: string, opts: { delayMs: number; counts: boolean }): Promise<{ parked: boolean }> {
  const rows = await em.getConnection().execute<{ parked_at: Date | null }[]>(
    `update workflow_commands set
       attempts = attempts + (case when ? then 1 else 0 end),
       last_error = ?,
       leased_until = null,
       due_at = now() + make_interval(secs => ? / 1000.0),
       parked_at = case when ? and attempts + 1 >= ? then now() else null end
     where id = ?
     returning parked_at`,
    [opts.counts, error.slice(0, 1000), opts.delayMs, opts.counts, MAX_COMMAND_FAILURES, id],
  );
  return { parked: rows[0]?.parked_at != null };
}

/** What an operator sees: parked commands, and the backlog's size and age. */
export async function commandBacklog(em: EntityManager): Promise<{ pending: number; oldestPendingSeconds: number | null; parked: { id: string; workflowId: string; op: string; attempts: number; lastError: string | null }[] }> {
  const [stats] = await em.getConnection().execute<{ pending: string; oldest: number | null }[]>(
    `select count(*) as pending, extract(epoch from now() - min(created_at))::float8 as oldest from workflow_commands where dispatched_at is null and parked_at is null`,
  );
  const parked = await em.getConnection().execute<{ id: string; workflow_id: string; command: WorkflowCommand; attempts: number; last_error: string | null }[]>(
    `select id, workflow_id, command, attempts, last_error from workflow_commands where parked_at is not null and dispatched_at is null order by id limit 100`,
  );
  return {
    pending: Number(stats?.pending ?? 0),
    oldestPendingSeconds: stats?.oldest ?? null,
    parked: parked.map((r) => ({ id: String(r.id), workflowId: r.workflow_id, op: r.command.op, attempts: r.attempts, lastError: r.last_error })),
  };
}

/** Puts parked commands back in the queue (after an operator fixed their cause). */
export async function unparkCommands(em: EntityManager, ids?: string[]): Promise<number> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `update workflow_commands set parked_at = null, attempts = 0, due_at = now() where parked_at is not null and dispatched_at is null ${ids?.length ? 'and id in (?)' : ''} returning id`,
    ids?.length ? [ids] : [],
  );
  return rows.length;
}

/** The commands of a bot's workflow `bot/<id>`: started once, moved, cancelled. */
export const botCommands = {
  start(em: EntityManager, bot: { id: string; workspaceId: string; meetingId: string; joinAt: Date | null }): void {
    commands.start(em, 'botWorkflow', botWorkflowId(bot.id), [{ botId: bot.id, joinAt: bot.joinAt?.toISOString() ?? null }], {
      WorkspaceId: bot.workspaceId,
      MeetingId: bot.meetingId,
      BotStatus: 'queued',
    });
  },
  /** A new join time; a bot whose workflow already ended is recorded cancelled if its row still reads live. */
  reschedule(em: EntityManager, bot: { id: string; meetingId: string }, joinAt: Date | null): void {
    commands.signal(em, botWorkflowId(bot.id), rescheduleSignal, [joinAt?.toISOString() ?? null], { kind: 'botOrphaned', botId: bot.id, meetingId: bot.meetingId });
  },
  cancel(em: EntityManager, bot: { id: string; meetingId: string }): void {
    commands.signal(em, botWorkflowId(bot.id), cancelSignal, [], { kind: 'botOrphaned', botId: bot.id, meetingId: bot.meetingId });
  },
};
