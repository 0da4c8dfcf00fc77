import { Readable } from 'node:stream';
import type { Client } from '@temporalio/client';
import { temporalGateway, type TemporalGateway } from '../../runtime/temporal-gateway';
import { simulatorScenario } from '../../domain/meetings/url';
import {
  leaveCallSignal,
  playCallSignal,
  simulatedBotWorkflowId,
  simulatedCallsTaskQueue,
  simulatedCallsWorkflowId,
} from '../../workflows/signals';
import {
  InvalidMeetingUrl,
  TranscriptionFailed,
  type BotLaunch,
  type SimulatedCall,
  type MeetingBotProvider,
  type SummaryOutput,
  type SummaryProvider,
  type TranscriptionInput,
  type TranscriptionProvider,
  type TranscriptOutput,
} from './types';

const SAMPLE_RATE = 1000;

/** 220 Hz at SAMPLE_RATE repeats every 50 samples. */
const TONE_PERIOD = 50;
const TONE = Buffer.from(
  Array.from({ length: TONE_PERIOD }, (_, i) => 128 + Math.round(8 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE))),
);

/** A small mono 8-bit WAV: a quiet tone, long enough to be the meeting. */
export function wav(durationSeconds: number): Buffer {
  const samples = Math.max(1, Math.round(durationSeconds * SAMPLE_RATE));
  const buf = Buffer.alloc(44 + samples);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(SAMPLE_RATE, 24);
  buf.writeUInt32LE(SAMPLE_RATE, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples, 40);
  // One period of the tone, repeated (a meeting is millions of samples).
  buf.fill(TONE, 44);
  return buf;
}

/** What the simulated call shows of the bot: name, tile (the image by its size, not its bytes) and chat messages. */
export function simulatedCall(bot: BotLaunch): SimulatedCall {
  const b = bot.branding;
  return {
    botName: bot.botName,
    brandKitId: b?.brandKitId ?? null,
    tile: b
      ? {
          type: b.tile.type,
          backgroundColor: b.tile.backgroundColor,
          scale: b.tile.scale,
          image: b.tile.image
            ? {
                fileId: b.tile.image.fileId,
                contentType: b.tile.image.contentType,
                bytes: Buffer.from(b.tile.image.base64, 'base64').length,
              }
            : null,
        }
      : { type: 'default', backgroundColor: null, scale: null, image: null },
    chat: b ? b.chat : null,
  };
}

/** The embedded default: plays each meeting as the scenario named by the link's `sim` parameter. */
export class SimulatedMeetingBotProvider implements MeetingBotProvider {
  readonly name = 'simulated';
  /** The simulated calls are played by a workflow too, reached through the one gateway (deadlines, one outage policy). */
  private readonly temporal: TemporalGateway;
  constructor(
    client: Client,
    private readonly taskQueue: string,
    private readonly speed: number,
    /** How long a meeting without a scheduled end lasts, in simulated seconds. */
    private readonly defaultMeetingSeconds = 30 * 60,
    callTimeoutMs = 10_000,
  ) {
    // The calls run on their own task queue, beside the service's (see simulatedCallsTaskQueue).
    this.temporal = temporalGateway(client, {
      taskQueue: simulatedCallsTaskQueue(taskQueue),
      deadlineMs: callTimeoutMs,
    });
  }

  async launch(bot: BotLaunch): Promise<{ providerBotId: string }> {
    const scenario = simulatorScenario(bot.meetingUrl);
    if (scenario === 'invalid_url')
      throw new InvalidMeetingUrl('The meeting link does not lead to a meeting the notetaker can join.');
    const meetingSeconds = bot.scheduledEnd
      ? Math.max(60, Math.round((Date.parse(bot.scheduledEnd) - Date.now()) / 1000))
      : this.defaultMeetingSeconds;
    // The call joins the task queue's simulated calls (the workflow of its share, started by the
    // first launch that finds none running). A launch retried after its call was received plays nothing twice.
    await this.temporal.signalWithStart(
      'simulatedCalls',
      simulatedCallsWorkflowId(this.taskQueue, bot.botId),
      [],
      playCallSignal.name,
      [
        {
          botId: bot.botId,
          scenario,
          speed: this.speed,
          recordingStart: bot.recordingStart,
          meetingSeconds,
          call: simulatedCall(bot),
        },
      ],
    );
    return { providerBotId: `sim_${bot.botId}` };
  }

  async leave(providerBotId: string): Promise<void> {
    const botId = providerBotId.replace(/^sim_/, '');
    // The call's moments still to come are dropped; a call launched by an earlier release is a workflow
    // of its own, ended.
    await Promise.all([
      this.temporal.signalWithStart(
        'simulatedCalls',
        simulatedCallsWorkflowId(this.taskQueue, botId),
        [],
        leaveCallSignal.name,
        [botId],
      ),
      this.temporal.terminate(simulatedBotWorkflowId(botId), 'the bot was asked to leave'),
    ]);
  }

  async fetchRecording(
    _providerBotId: string,
    _ref: string,
    durationSeconds: number,
  ): Promise<{ audio: Readable; durationSeconds: number }> {
    return { audio: Readable.from([wav(durationSeconds)]), durationSeconds };
  }
}

const PHRASES = [
  'thanks everyone for joining today',
  'let us go through the plan for this quarter',
  'the numbers from last week look better than expected',
  'we should follow up with the customer on pricing',
  'I can take the action item for the release notes',
  'does anyone have questions before we move on',
  'the design review is scheduled for Thursday',
  'let us make sure the onboarding flow is ready',
];

export class SimulatedTranscriptionProvider implements TranscriptionProvider {
  async transcribe(input: TranscriptionInput): Promise<TranscriptOutput> {
    if (input.scenario === 'transcription_error')
      throw new TranscriptionFailed('The speech-to-text engine could not process the recording.');
    const language = input.language === 'auto' || input.language === 'multi' ? 'en' : input.language;
    if (input.scenario === 'silence') return { language, segments: [] };
    const speakers = input.participants.length
      ? input.participants
      : [
          { name: 'Speaker 1', email: null },
          { name: 'Speaker 2', email: null },
        ];
    const segmentSeconds = Math.max(10, input.durationSeconds / 120);
    const segments: TranscriptOutput['segments'] = [];
    for (let start = 0, i = 0; start + 2 < input.durationSeconds; start += segmentSeconds, i++) {
      const speaker = speakers[i % speakers.length]!;
      const text = PHRASES[i % PHRASES.length]!;
      const words = text.split(' ');
      const span = Math.min(segmentSeconds - 1, words.length * 0.4);
      const step = span / words.length;
      segments.push({
        speaker: speaker.name ?? speaker.email ?? `Speaker ${(i % speakers.length) + 1}`,
        email: speaker.email,
        start: round(start),
        end: round(start + span),
        text: text[0]!.toUpperCase() + text.slice(1) + '.',
        words: words.map((w, k) => ({ text: w, start: round(start + k * step), end: round(start + (k + 1) * step) })),
      });
    }
    return { language, segments };
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Section titles of the built-in summary templates. */
export const TEMPLATE_SECTIONS: Record<string, string[]> = {
  general: ['Overview', 'Key points', 'Next steps'],
  sales: ['Customer needs', 'Objections', 'Next steps'],
  interview: ['Candidate background', 'Strengths', 'Concerns'],
  standup: ['Yesterday', 'Today', 'Blockers'],
  one_on_one: ['Wins', 'Challenges', 'Agreements'],
};

export class SimulatedSummaryProvider implements SummaryProvider {
  async summarize(input: Parameters<SummaryProvider['summarize']>[0]): Promise<SummaryOutput | null> {
    const segs = input.transcript.segments;
    if (segs.length === 0) return null;
    const titles =
      input.sections?.map((s) => s.title) ?? TEMPLATE_SECTIONS[input.template] ?? TEMPLATE_SECTIONS.general!;
    const speakers = [...new Set(segs.map((s) => s.speaker))];
    return {
      sections: titles.map((title, i) => ({
        title,
        text: `[${input.language}] ${segs[i % segs.length]!.text} (${speakers.join(', ')})`,
      })),
      action_items: segs
        .filter((s) => /action item|follow up/.test(s.text))
        .slice(0, 5)
        .map((s) => ({ text: s.text, owner: s.speaker })),
    };
  }
}
