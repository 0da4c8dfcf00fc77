import type { Client } from '@temporalio/client';
import type { Orm } from '../db/orm';
import type { Logger } from '../runtime/logger';
import type { MediaStorage } from '../runtime/storage';
import { createBotActivities } from './bots';
import { createMaintenanceActivities } from './maintenance';
import { createSettingsActivities } from './settings';
import { createWebhookActivities } from './webhooks';
import type { MeetingBotProvider, SummaryProvider, TranscriptionProvider } from './providers/types';

export type Providers = { meetingBot: MeetingBotProvider; transcription: TranscriptionProvider; summary: SummaryProvider };

export type ActivityDeps = { orm: Orm; log: Logger; temporal: Client; providers: Providers; storage: MediaStorage; taskQueue: string; allowLoopbackWebhooks: boolean };

/** Every activity the worker registers (STYLE: a factory with its dependencies passed in). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createMaintenanceActivities(deps),
    ...createBotActivities(deps),
    ...createWebhookActivities(deps),
    ...createSettingsActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
