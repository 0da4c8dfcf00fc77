import { EntitySchema } from '@mikro-orm/core';
import type { BotStatus, FailureReason } from '../../domain/meetings/state';

/** A notetaker sent to record a meeting (spec: Bot). */
export class Bot {
  id!: string;
  workspaceId!: string;
  meetingId!: string;
  meetingUrl!: string;
  joinAt: Date | null = null;
  status: BotStatus = 'queued';
  botName!: string;
  /** Whether POST /bots sent `bot_name` (it wins over a brand kit's name); false for the default. */
  nameGiven = false;
  botAvatar: string | null = null;
  welcomeMessage: string | null = null;
  /** A flat string map; a JSON object up to 16 KB when written by a pin before 2026-10-12. */
  metadata: Record<string, unknown> = {};
  reason: FailureReason | null = null;
  failureMessage: string | null = null;
  providerBotId: string | null = null;
  joinedAt: Date | null = null;
  recordingStartedAt: Date | null = null;
  leftAt: Date | null = null;
  endedAt: Date | null = null;
  /**
   * When the bot's workflow, cancelled while its results were being made, asked the results step to
   * stop after the part in flight (bots started since 2026-11-28: one step makes the three parts).
   */
  stopRequestedAt: Date | null = null;
  createdBy!: string;
  /** `api` (POST /bots) or `calendar` (scheduled for a calendar meeting whose settings record it). */
  origin: 'api' | 'calendar' = 'api';
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const BotSchema = new EntitySchema<Bot>({
  class: Bot,
  tableName: 'bots',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    meetingId: { type: 'string' },
    meetingUrl: { type: 'string' },
    joinAt: { type: 'Date', nullable: true },
    status: { type: 'string' },
    botName: { type: 'string' },
    nameGiven: { type: 'boolean' },
    botAvatar: { type: 'string', nullable: true },
    welcomeMessage: { type: 'string', nullable: true },
    metadata: { type: 'json' },
    reason: { type: 'string', nullable: true },
    failureMessage: { type: 'string', nullable: true },
    providerBotId: { type: 'string', nullable: true },
    joinedAt: { type: 'Date', nullable: true },
    recordingStartedAt: { type: 'Date', nullable: true },
    leftAt: { type: 'Date', nullable: true },
    endedAt: { type: 'Date', nullable: true },
    stopRequestedAt: { type: 'Date', nullable: true },
    createdBy: { type: 'string' },
    origin: { type: 'string' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
