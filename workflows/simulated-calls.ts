import {
  condition,
  continueAsNew,
  proxyLocalActivities,
  setHandler,
  sleep,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ProviderEvent } from '../activities/providers/types';
import { play } from './simulated-bot';
import { leaveCallSignal, playCallSignal, simulatedCallQuery, simulatedMs, type SimulatedCallInput } from './signals';

/**
 * The calls' reports to their bots, as a provider's callbacks: retried until they are through, however
 * long Temporal is away (a bot would otherwise wait for its lobby or call timeout).
 */
const provider = proxyLocalActivities<Activities>({
  startToCloseTimeout: '1 minute',
  localRetryThreshold: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** Events of a call due at one moment (epoch milliseconds, the workflow's clock). */
type Moment = { at: number; events: Pick<ProviderEvent, 'type' | 'data'>[] };
type PlannedCall = { botId: string; moments: Moment[] };
type Ended = 'played' | 'left';

export type SimulatedCallsState = {
  /** Calls with moments still to come, as the run before left them. */
  calls: PlannedCall[];
  /**
   * The calls that ended most recently in this chain of runs, newest last: a launch repeated after
   * its call ended plays nothing. A run that ended with no call left hands nothing on.
   */
  ended: [string, Ended][];
  /** History events past which a run continues as new (default 2,000; smaller in tests). */
  runEvents?: number;
};

/** How many ended calls a run remembers (and hands to the next), for repeated launches and the query. */
const ENDED_KEPT = 1000;
/** Bots signalled by one local activity: a batch is retried whole, so it stays small. */
const REPORTS_PER_ACTIVITY = 50;
/** A run hands its calls to the next one (continue-as-new) past this many history events. */
const HISTORY_EVENTS_PER_RUN = 2000;

/**
 * The simulated meeting-bot provider's side of the calls of one share of a task queue (one of
 * SIMULATED_CALL_SHARDS, by bot id; calls launched since e48f8f7, `simulatedBot` plays those of
 * earlier releases), as a durable workflow on the calls' own queue (simulatedCallsTaskQueue): a
 * launch signals it the call to play (`playCall`, starting it when none runs), and it plays each call's scenario
 * (the link's `sim` parameter, the same `play` a call of its own ran) in Temporal's time, reporting
 * to each bot with the provider events a real provider's callbacks are turned into: one
 * `providerEvents` signal for the events of one moment, sent from a local activity as a provider's
 * callback comes from outside. One workflow for many calls costs a call no workflow, no start and no
 * workflow task of its own: the moments of many calls share a task, a timer and a local activity.
 * It survives a crash of the worker as any workflow does, continues as new with its calls every two
 * thousand history events, and ends when no call is left to play (a run never waits idle: the
 * time-skipping test server would skip to its execution timeout).
 */
export async function simulatedCalls(state: SimulatedCallsState = { calls: [], ended: [] }): Promise<void> {
  const calls = new Map(state.calls.map((c) => [c.botId, c]));
  const ended = new Map<string, Ended>(state.ended);
  const inbox: ({ play: SimulatedCallInput } | { leave: string })[] = [];
  setHandler(playCallSignal, (input) => void inbox.push({ play: input }));
  setHandler(leaveCallSignal, (botId) => void inbox.push({ leave: botId }));
  setHandler(simulatedCallQuery, (botId) => (calls.has(botId) ? 'playing' : (ended.get(botId) ?? null)));

  const end = (botId: string, how: Ended) => {
    calls.delete(botId);
    ended.delete(botId);
    ended.set(botId, how);
    if (ended.size > ENDED_KEPT) ended.delete(ended.keys().next().value!);
  };

  // A timer for the earliest moment to come; a later moment waits for the timer before it. A timer
  // superseded by an earlier moment (a call launched meanwhile) is not cancelled: it still fires, and
  // wakes the run for a task that plays nothing (cancelling it would change the commands of runs
  // already recorded).
  let timer = null as { at: number; fired: boolean } | null;
  const armFor = (at: number) => {
    if (timer && !timer.fired && timer.at <= at) return;
    const armed = { at, fired: false };
    timer = armed;
    void sleep(Math.max(1, at - Date.now())).then(() => void (armed.fired = true));
  };

  for (;;) {
    if (timer?.fired) timer = null; // woken by it: the moments due are played below
    for (const item of inbox.splice(0)) {
      if ('play' in item) {
        // A repeated launch (its activity retried) plays nothing twice.
        const { botId } = item.play;
        if (!calls.has(botId) && !ended.has(botId)) calls.set(botId, { botId, moments: await plan(item.play) });
      } else {
        end(item.leave, calls.has(item.leave) || !ended.has(item.leave) ? 'left' : ended.get(item.leave)!);
      }
    }

    // Every moment now due, in its call's order; a bot's due events go to it as one signal.
    const now = Date.now();
    const due = new Map<string, ProviderEvent[]>();
    for (const call of [...calls.values()]) {
      while (call.moments.length && call.moments[0]!.at <= now) {
        const { events } = call.moments.shift()!;
        const at = new Date().toISOString();
        const list = due.get(call.botId) ?? [];
        list.push(...events.map((e) => ({ id: uuid4(), type: e.type, at, ...(e.data ? { data: e.data } : {}) })));
        due.set(call.botId, list);
      }
      if (!call.moments.length) end(call.botId, 'played');
    }
    if (due.size) {
      const reports = [...due].map(([botId, events]) => ({ botId, events }));
      const batches: Promise<unknown>[] = [];
      for (let i = 0; i < reports.length; i += REPORTS_PER_ACTIVITY)
        batches.push(provider.reportCalls(reports.slice(i, i + REPORTS_PER_ACTIVITY)));
      await Promise.all(batches);
    }
    if (inbox.length) continue;
    // No call to play: the run ends, and the next launch starts the next run. A signal that comes
    // while this task completes makes Temporal refuse the completion and hand it over in a new task.
    if (!calls.size) return;

    const info = workflowInfo();
    if (info.continueAsNewSuggested || info.historyLength >= (state.runEvents ?? HISTORY_EVENTS_PER_RUN))
      await continueAsNew<typeof simulatedCalls>({
        calls: [...calls.values()],
        ended: [...ended],
        ...(state.runEvents ? { runEvents: state.runEvents } : {}),
      });

    let next = Infinity;
    for (const call of calls.values()) next = Math.min(next, call.moments[0]!.at);
    armFor(next);
    await condition(() => inbox.length > 0 || (timer?.fired ?? false));
  }
}

/** A call's moments from its scenario, timed from now (the task that received its launch). */
async function plan(input: SimulatedCallInput): Promise<Moment[]> {
  const start = Date.now();
  const moments: Moment[] = [];
  let offset = 0;
  let current: Moment['events'] = [];
  const wait = async (seconds: number) => {
    if (current.length) moments.push({ at: start + offset, events: current });
    current = [];
    offset += simulatedMs(seconds, input.speed);
  };
  const emit = async (type: ProviderEvent['type'], data?: ProviderEvent['data']) => {
    current.push(data ? { type, data } : { type });
  };
  await play({ ...input, startDelayed: false }, true, wait, emit);
  if (current.length) moments.push({ at: start + offset, events: current });
  return moments;
}
