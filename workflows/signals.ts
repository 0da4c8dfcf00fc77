import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { ProviderEvent, SimulatedCall } from '../activities/providers/types';

/** Progress reported by the meeting-bot provider (simulated or real), applied idempotently. */
export const providerEventSignal = defineSignal<[ProviderEvent]>('providerEvent');
/**
 * Events a provider reported at one moment, in their order (the simulated call's `admitted` and
 * `recording_started`, or `recording_done` and `left`): one signal and one workflow task for all.
 */
export const providerEventsSignal = defineSignal<[ProviderEvent[]]>('providerEvents');
/** Cancel the bot: it leaves the call if it is in one. */
export const cancelSignal = defineSignal('cancel');
/** A new join time (calendar reschedules). */
export const rescheduleSignal = defineSignal<[string | null]>('reschedule');
/** The bot's current status. */
export const statusQuery = defineQuery<string>('status');

export const botWorkflowId = (botId: string) => `bot/${botId}`;
/** A simulated call launched by an earlier release: a workflow of its own. */
export const simulatedBotWorkflowId = (botId: string) => `sim/${botId}`;
/**
 * How many workflows play the simulated calls of a task queue: a bot's call goes to one of them by
 * its bot id. One workflow takes one task at a time, so a single one would hold every call of a busy
 * worker in line behind the others (bench:bots: 18.3 against 31.3 skeleton bots/s with four).
 */
export const SIMULATED_CALL_SHARDS = 4;
/** The workflow that plays a bot's simulated call (calls launched since e48f8f7). */
export const simulatedCallsWorkflowId = (taskQueue: string, botId: string) =>
  simulatedCallsShardId(taskQueue, fnv1a(botId) % SIMULATED_CALL_SHARDS);
/**
 * The task queue the simulated calls of a task queue run on, polled by a worker of their own beside
 * the service's (worker/createWorker): the simulator stands for the outside world, and a call's task
 * never takes a cache slot from a bot (a bot evicted while its launch, a local activity, is in flight
 * loses the launch's result and waits out a workflow task timeout; on a worker without a cache every
 * launch would, again on every retry, as the launch itself gives the call its task).
 */
export const simulatedCallsTaskQueue = (taskQueue: string) => `${taskQueue}-simulated-calls`;
/** The workflow of one share of a task queue's simulated calls (0 to SIMULATED_CALL_SHARDS - 1). */
export const simulatedCallsShardId = (taskQueue: string, shard: number) => `simulated-calls/${taskQueue}/${shard}`;
/** FNV-1a, 32 bits: a stable spread of ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
/** A call to play (the simulated provider's launch). */
export const playCallSignal = defineSignal<[SimulatedCallInput]>('playCall');
/** The bot was asked to leave its call: the call's moments still to come are dropped. */
export const leaveCallSignal = defineSignal<[string]>('leaveCall');
/** Where a bot's simulated call stands: playing, played to its end, left by the bot, or null (not known here). */
export const simulatedCallQuery = defineQuery<'playing' | 'played' | 'left' | null, [string]>('simulatedCall');
/** A simulated call, as its launch describes it. */
export type SimulatedCallInput = {
  botId: string;
  scenario: string;
  /** 1 = real time; 30 makes a 30-minute meeting last a minute. */
  speed: number;
  recordingStart: 'on_join' | 'on_command';
  meetingSeconds: number;
  /**
   * How the bot shows in the simulated call (its name, the brand kit's tile and chat messages): the
   * simulated provider's record of the call, kept in its workflow's history.
   */
  call?: SimulatedCall;
};
/** Simulated seconds at a speed, in milliseconds (at least one). */
export const simulatedMs = (seconds: number, speed: number) => Math.max(1, Math.round((seconds * 1000) / speed));
/** How long a simulated call keeps the bot waiting to be let in, in simulated seconds. */
export const JOIN_WAIT_SECONDS = 10;
/** That wait at a speed, in milliseconds: the delay of the call's start (a timer in calls launched before). */
export const joinWaitMs = (speed: number) => simulatedMs(JOIN_WAIT_SECONDS, speed);
/** The first series keeps the plain id; each redelivery is a workflow of its own (`…/<series>`), so no run is ever repeated. */
export const deliveryWorkflowId = (eventId: string, endpointId: string, series = 1) =>
  `webhook-delivery/${eventId}/${endpointId}${series > 1 ? `/${series}` : ''}`;

/** Which upcoming meetings a settings change may reach: some members' only, or (null) all. */
export type SettingsChange = { memberIds: string[] | null };
/** Settings of a workspace changed: its fan-out re-resolves the upcoming meetings it may reach. */
export const settingsChangedSignal = defineSignal<[SettingsChange?]>('settingsChanged');
export const settingsFanoutWorkflowId = (workspaceId: string) => `settings-fanout/${workspaceId}`;

/** The provider notified a change in the calendar: sync now. */
export const calendarChangedSignal = defineSignal('calendarChanged');
/** The member consented again (a reconnect): first sync again, measured from the new connected_at. */
export const calendarReconnectedSignal = defineSignal<[string]>('calendarReconnected');
/** The connection was disconnected: the workflow ends. */
export const calendarDisconnectedSignal = defineSignal('calendarDisconnected');
export const calendarSyncWorkflowId = (connectionId: string) => `calendar-connection/${connectionId}`;
