import type { Client } from '@temporalio/client';
import type { Config } from '../../runtime/config';
import type { Providers } from '../index';
import { RecallMeetingBotProvider } from './recall';
import { SimulatedMeetingBotProvider, SimulatedSummaryProvider, SimulatedTranscriptionProvider } from './simulated';

/** The providers named by configuration; the simulated ones are the embedded default. */
export function createProviders(config: Config, temporal: Client, taskQueue: string): Providers {
  const meetingBot =
    config.providers.meetingBot === 'recall'
      ? new RecallMeetingBotProvider({ baseUrl: config.providers.recallApiUrl!, apiKey: config.providers.recallApiKey! })
      : new SimulatedMeetingBotProvider(temporal, taskQueue, config.providers.simulatorSpeed, config.providers.simulatorMeetingSeconds);
  return { meetingBot, transcription: new SimulatedTranscriptionProvider(), summary: new SimulatedSummaryProvider() };
}
