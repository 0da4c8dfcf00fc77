import {
  Client,
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  isGrpcServiceError,
} from '@temporalio/client';
import {
  defineSearchAttributeKey,
  SearchAttributeType,
  type QueryDefinition,
  type SearchAttributePair,
  type SignalDefinition,
} from '@temporalio/common';
import type { NativeConnection } from '@temporalio/worker';
import type { WorkflowCommand } from '../domain/commands';
import type * as workflows from '../workflows';

type Workflows = typeof workflows;
type WorkflowName = keyof Workflows;

/** How long a signal that found no workflow waits before it asks once more. */
const NOT_FOUND_RECHECK_MS = 500;

/** Clients made by workerClient: they share a worker's connection, so their starts may be eager. */
const onWorkerConnection = new WeakSet<Client>();

/**
 * A client on the worker's own connection, for what runs beside the worker (the dispatcher, the
 * activities and their providers). A workflow it starts on that worker's task queue is started
 * eagerly when the worker has a free slot: the server hands the first workflow task back in the
 * start's answer, instead of queueing it for a poll (one matching round trip fewer, and the bot's
 * first step starts at once). Otherwise, or on a server without eager start, it starts as usual.
 */
export function workerClient(connection: NativeConnection, namespace: string): Client {
  const client = new Client({ connection, namespace });
  onWorkerConnection.add(client);
  return client;
}

/** Temporal could not be reached in time: the caller's work waits (the outbox retries it). */
export class TemporalUnavailable extends Error {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(`Temporal is unreachable (${operation}): ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'TemporalUnavailable';
  }
}

// gRPC status codes: CANCELLED 1, DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, ABORTED 10, UNAVAILABLE 14.
const UNREACHABLE = new Set<number>([1, 4, 8, 10, 14]);

/** One policy for "Temporal is unreachable": transport failures, deadlines and overload, never a refusal. */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof TemporalUnavailable) return true;
  if (isGrpcServiceError(err)) return UNREACHABLE.has(err.code);
  const cause = (err as { cause?: unknown })?.cause;
  if (cause && cause !== err && isGrpcServiceError(cause)) return UNREACHABLE.has(cause.code);
  const text = String((err as Error)?.message ?? '');
  return /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|No connection established|Connection dropped|deadline/i.test(
    text,
  );
}

function searchAttributes(byName: Record<string, string> | undefined): SearchAttributePair[] {
  return Object.entries(byName ?? {}).map(([name, value]) => ({
    key: defineSearchAttributeKey(name, SearchAttributeType.KEYWORD),
    value,
  }));
}

/**
 * Every Temporal call of the service goes through here: a deadline on each, workflows addressed
 * by their function's name so inputs are type-checked, and one policy for an unreachable server
 * (TemporalUnavailable). Never called with a database transaction open: changes write commands
 * (db/commands.ts) and the dispatcher sends them with `send`.
 */
export function temporalGateway(client: Client, opts: { taskQueue: string; deadlineMs: number }) {
  const timed = async <T>(operation: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await client.connection.withDeadline(Date.now() + opts.deadlineMs, fn);
    } catch (err) {
      if (isUnreachable(err)) throw new TemporalUnavailable(operation, err);
      throw err;
    }
  };

  const gateway = {
    client,
    taskQueue: opts.taskQueue,

    /**
     * Starts a workflow once: a running one with the id is kept, and a closed one is never run
     * again (REJECT_DUPLICATE), so a repeated dispatch starts nothing twice; with `restartClosed`
     * (housekeeping that must always run) a closed one is started anew. With `startDelayMs`, its
     * first workflow task comes that long after the start (never eagerly). 'started_eagerly': its
     * first workflow task went straight to this process's worker (see workerClient).
     */
    async start<K extends WorkflowName>(
      type: K,
      workflowId: string,
      args: Parameters<Workflows[K]>,
      attrs?: Record<string, string>,
      how: { restartClosed?: boolean; startDelayMs?: number } = {},
    ): Promise<'started' | 'started_eagerly' | 'exists'> {
      return timed(`start ${workflowId}`, async () => {
        try {
          const handle = await client.workflow.start(type as string, {
            workflowId,
            taskQueue: opts.taskQueue,
            args: args as unknown[],
            workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
            workflowIdReusePolicy: how.restartClosed
              ? WorkflowIdReusePolicy.ALLOW_DUPLICATE
              : WorkflowIdReusePolicy.REJECT_DUPLICATE,
            typedSearchAttributes: searchAttributes(attrs),
            ...(how.startDelayMs
              ? { startDelay: how.startDelayMs }
              : { requestEagerStart: onWorkerConnection.has(client) }),
          });
          return handle.eagerlyStarted ? 'started_eagerly' : 'started';
        } catch (err) {
          if (err instanceof WorkflowExecutionAlreadyStartedError) return 'exists';
          throw err;
        }
      });
    },

    /** Signals a running workflow; 'not_found' when none runs with the id. */
    async signal<A extends any[]>(
      workflowId: string,
      signal: SignalDefinition<A> | string,
      ...args: A
    ): Promise<'delivered' | 'not_found'> {
      const once = () =>
        timed(`signal ${workflowId}`, async () => {
          try {
            await client.workflow.getHandle(workflowId).signal(signal as SignalDefinition<A>, ...args);
            return 'delivered' as const;
          } catch (err) {
            if (err instanceof WorkflowNotFoundError) return 'not_found' as const;
            throw err;
          }
        });
      // A workflow between two runs (continue-as-new) can read as not found for a moment: ask again
      // once before the caller acts on its absence (a lost calendar notification, an orphaned bot).
      if ((await once()) === 'delivered') return 'delivered';
      await new Promise((r) => setTimeout(r, NOT_FOUND_RECHECK_MS));
      return once();
    },

    /** Signals the workflow, starting it first when none runs (a closed one is started anew). */
    async signalWithStart<K extends WorkflowName>(
      type: K,
      workflowId: string,
      args: Parameters<Workflows[K]>,
      signal: string,
      signalArgs: unknown[],
      attrs?: Record<string, string>,
    ): Promise<void> {
      await timed(`signalWithStart ${workflowId}`, () =>
        client.workflow.signalWithStart(type as string, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: args as unknown[],
          signal,
          signalArgs,
          typedSearchAttributes: searchAttributes(attrs),
        }),
      );
    },

    async query<R, A extends any[]>(workflowId: string, query: QueryDefinition<R, A>, ...args: A): Promise<R> {
      return timed(`query ${workflowId}`, () => client.workflow.getHandle(workflowId).query(query, ...args));
    },

    /** Ends a workflow at once; one that is not running (or never ran) is left as it is. */
    async terminate(workflowId: string, reason: string): Promise<'terminated' | 'not_running'> {
      return timed(`terminate ${workflowId}`, async () => {
        try {
          await client.workflow.getHandle(workflowId).terminate(reason);
          return 'terminated';
        } catch (err) {
          if (err instanceof WorkflowNotFoundError) return 'not_running';
          throw err;
        }
      });
    },

    async describe(workflowId: string) {
      return timed(`describe ${workflowId}`, () => client.workflow.getHandle(workflowId).describe());
    },

    /** Sends one outbox command; 'not_found' when a signal found no running workflow. */
    async send(command: WorkflowCommand): Promise<'sent' | 'not_found'> {
      switch (command.op) {
        case 'start':
          await gateway.start(
            command.workflowType as WorkflowName,
            command.workflowId,
            command.args as never,
            command.searchAttributes,
            { restartClosed: command.restartClosed },
          );
          return 'sent';
        case 'signal':
          return (await gateway.signal(command.workflowId, command.signal, ...command.args)) === 'delivered'
            ? 'sent'
            : 'not_found';
        case 'signalWithStart':
          await gateway.signalWithStart(
            command.workflowType as WorkflowName,
            command.workflowId,
            command.args as never,
            command.signal,
            command.signalArgs,
            command.searchAttributes,
          );
          return 'sent';
        default:
          // A row this release cannot read (written by a newer one, or damaged): it will be parked.
          throw new Error(`unknown workflow command ${JSON.stringify((command as { op?: unknown }).op)}`);
      }
    },
  };
  return gateway;
}

export type TemporalGateway = ReturnType<typeof temporalGateway>;
