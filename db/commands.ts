import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_COMMAND_FAILURES, type WorkflowCommand } from '../domain/commands';

export type ClaimedCommand = {
  id: string;
  workflowId: string;
  command: WorkflowCommand;
  attempts: number;
  /** Another command of the same workflow waits behind this one (claimable once this one is sent). */
  followed: boolean;
};

/**
 * Leases up to `limit` due commands (one statement, so no transaction stays open while they are
 * sent): the oldest pending command of each workflow only, so a start is sent before its signals.
 * Each says whether a later command of its workflow waits behind it. A lease that lapses (the
 * dispatcher died) makes the row due again.
 */
export async function claimDueCommands(em: EntityManager, limit: number, leaseMs: number): Promise<ClaimedCommand[]> {
  const rows = await em
    .getConnection()
    .execute<{ id: string; workflow_id: string; command: WorkflowCommand; attempts: number; followed: boolean }[]>(
      `with claimed as (
       update workflow_commands set leased_until = now() + make_interval(secs => ? / 1000.0)
       where id in (
         select c.id from workflow_commands c
         where c.dispatched_at is null and c.parked_at is null and c.due_at <= now()
           and (c.leased_until is null or c.leased_until < now())
           and not exists (select 1 from workflow_commands p where p.workflow_id = c.workflow_id and p.id < c.id and p.dispatched_at is null)
         order by c.id
         limit ?
         for update skip locked)
       returning id, workflow_id, command, attempts)
     select claimed.*, exists (
         select 1 from workflow_commands n where n.workflow_id = claimed.workflow_id and n.id > claimed.id and n.dispatched_at is null
       ) as followed
     from claimed order by claimed.id`,
      [leaseMs, limit],
    );
  return rows.map((r) => ({
    id: String(r.id),
    workflowId: r.workflow_id,
    command: r.command,
    attempts: r.attempts,
    followed: r.followed,
  }));
}

/** Whether a command for `workflowId` still waits to be sent (pending or parked). */
export async function hasUnsentCommands(em: EntityManager, workflowId: string): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute('select 1 from workflow_commands where workflow_id = ? and dispatched_at is null limit 1', [workflowId]);
  return rows.length > 0;
}

/** Records sent commands, in one statement. */
export async function markCommandsSent(em: EntityManager, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await em
    .getConnection()
    .execute('update workflow_commands set dispatched_at = now(), leased_until = null where id in (?)', [ids]);
}

/**
 * A failed send: due again after `delayMs`. Failures other than an unreachable Temporal count, and
 * park the row after MAX_COMMAND_FAILURES (an operator sees it with `npm run admin -- commands`).
 */
export async function markCommandFailed(
  em: EntityManager,
  id: string,
  error: string,
  opts: { delayMs: number; counts: boolean },
): Promise<{ parked: boolean }> {
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
export async function commandBacklog(em: EntityManager): Promise<{
  pending: number;
  oldestPendingSeconds: number | null;
  parked: { id: string; workflowId: string; op: string; attempts: number; lastError: string | null }[];
}> {
  const [stats] = await em
    .getConnection()
    .execute<{ pending: string; oldest: number | null }[]>(
      `select count(*) as pending, extract(epoch from now() - min(created_at))::float8 as oldest from workflow_commands where dispatched_at is null and parked_at is null`,
    );
  const parked = await em
    .getConnection()
    .execute<
      { id: string; workflow_id: string; command: WorkflowCommand; attempts: number; last_error: string | null }[]
    >(
      `select id, workflow_id, command, attempts, last_error from workflow_commands where parked_at is not null and dispatched_at is null order by id limit 100`,
    );
  return {
    pending: Number(stats?.pending ?? 0),
    oldestPendingSeconds: stats?.oldest ?? null,
    parked: parked.map((r) => ({
      id: String(r.id),
      workflowId: r.workflow_id,
      op: r.command.op,
      attempts: r.attempts,
      lastError: r.last_error,
    })),
  };
}

/** Puts parked commands back in the queue (after an operator fixed their cause). */
export async function unparkCommands(em: EntityManager, ids?: string[]): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `update workflow_commands set parked_at = null, attempts = 0, due_at = now() where parked_at is not null and dispatched_at is null ${ids?.length ? 'and id in (?)' : ''} returning id`,
      ids?.length ? [ids] : [],
    );
  return rows.length;
}
