/**
 * A workflow command of the outbox (DESIGN.md › The outbox): what to start or signal, written in the
 * transaction of the change that needs it and sent by the worker's dispatcher after commit.
 * Plain JSON, so a row written by one release is read by the next.
 */
export type WorkflowCommand =
  | {
      op: 'start';
      workflowType: string;
      workflowId: string;
      args: unknown[];
      /** Keyword search attributes by name (WorkspaceId, MeetingId, BotStatus). */
      searchAttributes?: Record<string, string>;
      /**
       * A closed workflow with this id is started anew (housekeeping that must always run). Without
       * it a closed one is never started again, so a command sent twice starts nothing twice.
       */
      restartClosed?: boolean;
    }
  | {
      op: 'signal';
      workflowId: string;
      signal: string;
      args: unknown[];
      /** What the dispatcher does when no running workflow has this id. */
      onNotFound?: NotFoundAction;
    }
  | {
      op: 'signalWithStart';
      workflowType: string;
      workflowId: string;
      args: unknown[];
      signal: string;
      signalArgs: unknown[];
      searchAttributes?: Record<string, string>;
    };

/** A signal that finds no running workflow: nothing to do, or a queued bot that can no longer hear it is recorded cancelled. */
export type NotFoundAction = { kind: 'ignore' } | { kind: 'botOrphaned'; botId: string; meetingId: string };

/** Backoff of a command whose send failed: 1 s doubling to a minute, with jitter in [0.8, 1.2). */
export function commandRetryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Failures other than "Temporal is unreachable" after which a command is parked for an operator. */
export const MAX_COMMAND_FAILURES = 10;
