import { getExternalWorkflowHandle, patched, proxyLocalActivities, sleep, uuid4 } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ProviderEvent } from '../activities/providers/types';
import {
  botWorkflowId,
  JOIN_WAIT_SECONDS,
  providerEventSignal,
  providerEventsSignal,
  simulatedMs,
  type SimulatedCallInput,
} from './signals';

/**
 * The call's reports to its bot, as a provider's callbacks: retried until they are through, however
 * long Temporal is away (the bot would otherwise wait for its lobby or call timeout).
 */
const provider = proxyLocalActivities<Activities>({
  startToCloseTimeout: '1 minute',
  localRetryThreshold: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export type SimulatedBotInput = SimulatedCallInput & {
  /**
   * The call's start was delayed by the wait before the bot is let in (`joinWaitMs`, calls launched
   * since 2026-11-29): its first task is the admission, with no timer and no task of its own before it.
   */
  startDelayed?: boolean;
};

/**
 * The simulated meeting-bot provider's side of a call launched by an earlier release, as a durable
 * workflow of its own (calls launched since are played by `simulatedCalls`, one workflow for all the
 * calls of a task queue). It plays the scenario chosen by the link's `sim` parameter and reports
 * progress to the bot workflow with the same provider events a real provider's callbacks are turned
 * into (`providerEvents`, one signal for the events of one moment).
 */
export async function simulatedBot(input: SimulatedBotInput): Promise<void> {
  const bot = getExternalWorkflowHandle(botWorkflowId(input.botId));
  // The events of one moment go to the bot from a local activity, as a provider's callbacks do, for
  // calls started since 2026-11-29: a signal this workflow sends costs it a second task, for the
  // signal's acknowledgement, which carries nothing the call needs. Asked first, this patch stands
  // for the one before it (a single marker); calls started before ask what they did.
  const reports = patched('sim-2026-11-29');
  // Events of one moment go to the bot together, as one signal, when the call waits or ends: a
  // signal costs the bot a task to receive it. Calls started before send each event as a signal of
  // their own.
  const batches = reports || patched('sim-batches-events');
  const pending: ProviderEvent[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const events = pending.splice(0);
    if (reports) await provider.reportCallEvents(input.botId, events);
    else await bot.signal(providerEventsSignal, events);
  };
  const wait = async (seconds: number) => {
    await flush();
    await sleep(simulatedMs(seconds, input.speed));
  };
  const emit = async (type: ProviderEvent['type'], data?: ProviderEvent['data']) => {
    const event: ProviderEvent = { id: uuid4(), type, at: new Date().toISOString(), data };
    if (batches) pending.push(event);
    else await bot.signal(providerEventSignal, event);
  };
  await play(input, batches, wait, emit);
  await flush();
}

/** The scenario's events and waits, in order (`simulatedCalls` plans its calls with it too). */
export async function play(
  input: SimulatedBotInput,
  batches: boolean,
  wait: (seconds: number) => Promise<void>,
  emit: (type: ProviderEvent['type'], data?: ProviderEvent['data']) => Promise<void>,
): Promise<void> {
  const half = Math.max(1, Math.round(input.meetingSeconds / 2));

  if (batches || patched('sim-sends-only-used-events')) {
    // The bot workflow acts on neither `joining` nor `in_waiting_room` (it is joining from its launch
    // on): not sent, as the hosted provider's are not, they would cost both workflows a task each.
    if (input.scenario === 'lobby_timeout') return; // never admitted: the bot workflow's lobby timeout ends it
    if (!input.startDelayed) await wait(JOIN_WAIT_SECONDS);
  } else {
    await emit('joining');
    await wait(5);
    await emit('in_waiting_room');
    if (input.scenario === 'lobby_timeout') return;
    await wait(5);
  }
  if (input.scenario === 'rejected') {
    await emit('left', { reason: 'rejected' });
    return;
  }
  await emit('admitted');
  if (input.recordingStart === 'on_command') await wait(10); // someone in the call asks for the recording
  await emit('recording_started');
  if (input.scenario === 'kicked') {
    await wait(half);
    await emit('recording_done', { duration_seconds: half, recording_ref: input.botId });
    await emit('left', { reason: 'kicked' });
    return;
  }
  if (input.scenario === 'crash') {
    await wait(half);
    await emit('error', { message: 'The meeting bot process crashed.' });
    return;
  }
  await wait(input.meetingSeconds);
  await emit('recording_done', { duration_seconds: input.meetingSeconds, recording_ref: input.botId });
  await emit('left', { reason: 'meeting_ended' });
}
