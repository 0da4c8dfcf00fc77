import type { Client } from '@temporalio/client';
import type { Logger } from '../runtime/logger';
import { safeErrorMessage } from '../runtime/safe-error';
import { isUnreachable, temporalGateway } from '../runtime/temporal-gateway';
import { botWorkflowId, providerEventsSignal } from '../workflows/signals';
import type { ProviderEvent } from './providers/types';

/**
 * The simulated provider's side of a call, as activities of its `simulatedCalls` workflow (and of a
 * `simulatedBot` workflow, for calls launched by an earlier release): what a real
 * provider does from outside (its callbacks become provider events signalled to the bot, see
 * services/provider-callbacks).
 */
export function createSimulatorActivities(deps: { temporal: Client; taskQueue: string; log: Logger }) {
  const temporal = temporalGateway(deps.temporal, { taskQueue: deps.taskQueue, deadlineMs: 10_000 });
  return {
    /**
     * The call's events of one moment, to its bot: one signal, as a provider's callbacks are. Run as
     * a local activity, it costs the call's workflow no task of its own (a signal sent by the workflow
     * would cost one more, for its acknowledgement). Safe to repeat: the bot applies an event id once.
     * A bot that has ended takes nothing ('not_found'), and the call plays on.
     */
    async reportCallEvents(botId: string, events: ProviderEvent[]): Promise<'delivered' | 'not_found'> {
      return temporal.signal(botWorkflowId(botId), providerEventsSignal, events);
    },

    /**
     * The events due at one moment for several calls, each bot's as one signal, sent at once. Safe
     * to repeat whole: each bot applies an event id once. Temporal out of reach fails the batch, which
     * is retried until it is through; a signal Temporal refuses for one bot (it will refuse it again)
     * is counted, named in the worker's log, and leaves the other calls playing. Also how many bots
     * had ended (they take nothing; their calls play on).
     */
    async reportCalls(
      reports: { botId: string; events: ProviderEvent[] }[],
    ): Promise<{ delivered: number; notFound: number; refused: number }> {
      const outcomes = await Promise.all(
        reports.map(async (r) => {
          try {
            return await temporal.signal(botWorkflowId(r.botId), providerEventsSignal, r.events);
          } catch (err) {
            if (isUnreachable(err)) throw err;
            deps.log.warn(
              { botId: r.botId, err: safeErrorMessage(err) },
              'simulated call: Temporal refused its report to the bot',
            );
            return 'refused' as const;
          }
        }),
      );
      const count = (o: string) => outcomes.filter((x) => x === o).length;
      return { delivered: count('delivered'), notFound: count('not_found'), refused: count('refused') };
    },
  };
}
