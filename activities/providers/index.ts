import type { Client } from '@temporalio/client';
import type { Config } from '../../runtime/config';
import type { CalendarProviders } from './calendar';
import type { MeetingBotProvider, SummaryProvider, TranscriptionProvider } from './types';
import type { Vault } from '../../runtime/vault';
import type { Orm } from '../../db/orm';
import { createVault } from '../../runtime/vault';
import { appUrlOf, createCalendarProviders } from './calendar';
import { RecallMeetingBotProvider } from './recall';
import { SimulatedMeetingBotProvider, SimulatedSummaryProvider, SimulatedTranscriptionProvider } from './simulated';

export type Providers = {
  meetingBot: MeetingBotProvider;
  transcription: TranscriptionProvider;
  summary: SummaryProvider;
  calendars: CalendarProviders;
  /** Seals calendar tokens at rest. */
  vault: Vault;
  /** Public address of the API (ending /api/v1) providers can push change notifications to; null: no push, periodic syncs only. */
  publicApiUrl: string | null;
};

/** The providers named by configuration; the simulated ones are the embedded default. */
export function createProviders(config: Config, temporal: Client, taskQueue: string, orm: Orm): Providers {
  const meetingBot =
    config.providers.meetingBot === 'recall'
      ? new RecallMeetingBotProvider({
          baseUrl: config.providers.recallApiUrl!,
          apiKey: config.providers.recallApiKey!,
        })
      : new SimulatedMeetingBotProvider(
          temporal,
          taskQueue,
          config.providers.simulatorSpeed,
          config.providers.simulatorMeetingSeconds,
          config.temporal.callTimeoutMs,
        );
  const apiUrl = () => config.baseUrl ?? `http://${config.host}:${config.port}/api/v1`;
  return {
    meetingBot,
    transcription: new SimulatedTranscriptionProvider(),
    summary: new SimulatedSummaryProvider(),
    calendars: createCalendarProviders(config, orm, appUrlOf(config, apiUrl)),
    vault: createVault(config.signingSecret ?? ''),
    publicApiUrl: config.baseUrl,
  };
}
