import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { ProviderEvent } from '../activities/providers/types';

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
export const simulatedBotWorkflowId = (botId: string) => `sim/${botId}`;
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
