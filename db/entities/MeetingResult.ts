import { EntitySchema } from '@mikro-orm/core';

export type TranscriptWord = { text: string; start: number; end: number };
export type TranscriptSegment = {
  speaker: string;
  email: string | null;
  start: number;
  end: number;
  text: string;
  words: TranscriptWord[];
};
export type Transcript = { language: string; segments: TranscriptSegment[] };
export type Summary = {
  template: string;
  language: string;
  sections: { title: string; text: string }[];
  action_items: { text: string; owner: string | null }[];
};
export type MediaRef = { audio_key: string | null; video_key: string | null; duration_seconds: number };

/** The content of a meeting's results, made from its recording. */
export class MeetingResult {
  meetingId!: string;
  botId!: string;
  transcript: Transcript | null = null;
  summary: Summary | null = null;
  media: MediaRef | null = null;
  updatedAt: Date = new Date();
}

export const MeetingResultSchema = new EntitySchema<MeetingResult>({
  class: MeetingResult,
  tableName: 'meeting_results',
  properties: {
    meetingId: { type: 'string', primary: true },
    botId: { type: 'string' },
    transcript: { type: 'json', nullable: true },
    summary: { type: 'json', nullable: true },
    media: { type: 'json', nullable: true },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
