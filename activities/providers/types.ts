import type { Readable } from 'node:stream';
/** The world outside, behind small interfaces (DESIGN.md › Providers). */

/** What a meeting-bot provider reports about a bot; delivered to the bot workflow as a signal. */
export type ProviderEvent = {
  /** Unique per event: duplicates are ignored. */
  id: string;
  /** `joining` and `in_waiting_room` are no longer sent (the bot does nothing with them); workflows in flight may still carry them. */
  type: 'joining' | 'in_waiting_room' | 'admitted' | 'recording_started' | 'recording_done' | 'left' | 'error';
  at: string;
  /** recording_done: duration and where the provider keeps the recording; left: why; error: message. */
  data?: {
    duration_seconds?: number;
    recording_ref?: string;
    reason?: 'meeting_ended' | 'kicked' | 'rejected' | 'lobby_timeout' | 'nobody_joined';
    message?: string;
  };
};

/** What a meeting's brand kit makes the bot look like in the call (spec: Brand kit, bot). */
export type BotBranding = {
  brandKitId: string;
  tile: {
    type: 'default' | 'color' | 'logo' | 'image';
    /** The colour or logo tile's background; null for the default and image tiles. */
    backgroundColor: string | null;
    /** The logo's size in the tile (logo tile only). */
    scale: number | null;
    /** The logo or image shown (the kit's own copy), as bytes. */
    image: { fileId: string; contentType: string; base64: string } | null;
  };
  chat: { enabled: boolean; recordingMessage: string; pausedMessage: string };
};

/** How the simulated call shows the bot (the simulated provider's record of the call, in its workflow's history). */
export type SimulatedCall = {
  botName: string;
  brandKitId: string | null;
  tile: {
    type: string;
    backgroundColor: string | null;
    scale: number | null;
    image: { fileId: string; contentType: string; bytes: number } | null;
  };
  chat: { enabled: boolean; recordingMessage: string; pausedMessage: string } | null;
};

export type BotLaunch = {
  botId: string;
  meetingUrl: string;
  /** The brand kit's name when the meeting resolves one and POST /bots sent no bot_name. */
  botName: string;
  botAvatar: string | null;
  welcomeMessage: string | null;
  recordingStart: 'on_join' | 'on_command';
  recordingMode: 'audio_and_video' | 'audio_only';
  silenceAlert: boolean;
  scheduledEnd: string | null;
  participants: { name: string | null; email: string | null }[];
  /** The meeting's resolved brand kit (`branding.brand_kit_id`), or null for none. */
  branding: BotBranding | null;
};

export interface MeetingBotProvider {
  readonly name: string;
  /** Sends the bot into the call; its progress comes back as ProviderEvents. Rejects a link it cannot join with InvalidMeetingUrl. */
  launch(bot: BotLaunch): Promise<{ providerBotId: string }>;
  /** Makes the bot leave the call (cancellation). */
  leave(providerBotId: string): Promise<void>;
  /** The recording's audio (WAV), as a stream: an hour of audio is never held whole in the worker's memory. */
  fetchRecording(
    providerBotId: string,
    ref: string,
    durationSeconds: number,
  ): Promise<{ audio: Readable; durationSeconds: number }>;
}

export type TranscriptionInput = {
  providerBotId: string;
  durationSeconds: number;
  language: string;
  participants: { name: string | null; email: string | null }[];
  scenario: string;
};
export type TranscriptOutput = {
  language: string;
  segments: {
    speaker: string;
    email: string | null;
    start: number;
    end: number;
    text: string;
    words: { text: string; start: number; end: number }[];
  }[];
};
export interface TranscriptionProvider {
  transcribe(input: TranscriptionInput): Promise<TranscriptOutput>;
}

export type SummaryOutput = {
  sections: { title: string; text: string }[];
  action_items: { text: string; owner: string | null }[];
};
export interface SummaryProvider {
  /**
   * Null when there is nothing to summarise (an empty transcript). `sections` are a custom
   * template's (title and instructions); null for a built-in template, named by `template`.
   */
  summarize(input: {
    transcript: TranscriptOutput;
    template: string;
    sections: { title: string; instructions: string }[] | null;
    language: string;
  }): Promise<SummaryOutput | null>;
}

export class InvalidMeetingUrl extends Error {}
export class TranscriptionFailed extends Error {}
