import type { Client } from '@temporalio/client';
import { temporalGateway } from '../runtime/temporal-gateway';
import { botWorkflowId, providerEventsSignal } from '../workflows/signals';
import type { ProviderEvent } from './providers/types';

/**
 * The simulated provider's side of a call, as activities of its `simulatedCalls` workflow (and of a
 * `simulatedBot` workflow, for calls launched before 2026-12-03): what a real
 * provider does from outside (its callbacks become provider events signalled to the bot, see
 * services/provider-callbacks).
 */
export function createSimulatorActivities(deps: { temporal: Client; taskQueue: string }) {
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
     * to repeat whole (a batch retried after one signal failed): each bot applies an event id once.
     * How many bots took their events and how many had ended (they take nothing; their calls end).
     */
    async reportCalls(
      reports: { botId: string; events: ProviderEvent[] }[],
    ): Promise<{ delivered: number; notFound: number }> {
      const outcomes = await Promise.all(
        reports.map((r) => temporal.signal(botWorkflowId(r.botId), providerEventsSignal, r.events)),
      );
      const delivered = outcomes.filter((o) => o === 'delivered').length;
      return { delivered, notFound: outcomes.length - delivered };
    },
  };
}
