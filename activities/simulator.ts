import type { Client } from '@temporalio/client';
import { temporalGateway } from '../runtime/temporal-gateway';
import { botWorkflowId, providerEventsSignal } from '../workflows/signals';
import type { ProviderEvent } from './providers/types';

/**
 * The simulated provider's side of a call, as activities of its `simulatedBot` workflow: what a real
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
  };
}
