import type { BotEventType } from '../domain/events';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { Bot, MeetingResult, SummaryTemplate } from '../db/entities';
import { botAndMeeting, botMeetingAndSettings, requestBotStop } from '../db/meetings';
import { changeMeeting } from '../services/meetings';
import { brandingForBot } from '../services/brand-kits';
import { settingsForMeeting } from '../db/settings';
import {
  PART_FAILURE,
  PART_GIVE_UP,
  RESULTS_PARTS,
  withPart,
  type BotStatus,
  type FailureReason,
  type PartStatus,
  type ResultsPart,
} from '../domain/meetings/state';
import { isDatabaseError, safeErrorMessage } from '../runtime/safe-error';
import { simulatorScenario } from '../domain/meetings/url';
import type { ActivityDeps } from './index';
import { InvalidMeetingUrl, TranscriptionFailed, type TranscriptOutput } from './providers/types';

export type StatusChange = {
  botId: string;
  status: BotStatus;
  reason?: FailureReason;
  failureMessage?: string;
  joinedAt?: string;
  recordingStartedAt?: string;
  leftAt?: string;
  endedAt?: string;
  /** The provider's bot, recorded with joining. */
  providerBotId?: string;
  /** bot.* events to record with the change. */
  events: BotEventType[];
  /** Results parts that can no longer be made: those still processing read failed. */
  failParts?: Part[];
  /**
   * The reason and message are those of the first part still processing (PART_GIVE_UP), when one is:
   * a results step that timed out or failed without naming its part.
   */
  reasonOfFirstUnmadePart?: boolean;
};

type Part = ResultsPart;

/**
 * Runs `work` while telling Temporal every 5 s that the worker is alive (the workflow's heartbeat
 * timeout finds dead ones). No heartbeat at the start: Temporal counts the timeout from the attempt's
 * start until a first heartbeat, so one sent at once would only cost the server a write for each
 * step (a bot's steps at full speed end before their first 5 s).
 */
async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  let ctx: Context | null = null;
  try {
    ctx = Context.current();
  } catch {
    // Called outside an activity (tests call activities directly): nothing to tell.
  }
  const timer = ctx ? setInterval(() => ctx!.heartbeat(), 5_000) : null;
  try {
    return await work();
  } finally {
    if (timer) clearInterval(timer);
  }
}

/**
 * Runs one part of the results step: whatever fails it fails the step with the part's PART_FAILURE
 * type, retryable unless the error was not. A database error leaves without its SQL and values, as
 * every activity's does (activities/index.ts).
 */
async function inPart<T>(part: ResultsPart, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const nonRetryable = err instanceof ApplicationFailure && err.nonRetryable === true;
    const message = isDatabaseError(err) ? safeErrorMessage(err) : err instanceof Error ? err.message : String(err);
    throw ApplicationFailure.create({ type: PART_FAILURE[part], message, nonRetryable });
  }
}

export function createBotActivities({ orm, log, providers, storage }: ActivityDeps) {
  const fork = () => orm.em.fork();

  /** Moves one results part, in its own transaction with its events. */
  async function setPart(
    botId: string,
    part: Part,
    status: PartStatus,
    extra: Record<string, unknown>,
    events: BotEventType[],
    store?: (r: MeetingResult) => void,
    also: {
      /** Other parts moved with it. */
      parts?: Partial<Record<Part, PartStatus>>;
      /** The bot's status that goes with this part, taken only while it is still processing. */
      bot?: 'completed';
    } = {},
  ): Promise<{ botMoved: boolean; stopRequested: boolean }> {
    const em = fork();
    let botMoved = false;
    let stopRequested = false;
    await em.transactional(async (tem) => {
      await changeMeeting(
        tem,
        { botId },
        (meeting, bots, results) => {
          for (const [other, otherStatus] of Object.entries(also.parts ?? {}) as [Part, PartStatus][])
            meeting.results = withPart(meeting.results, other, { status: otherStatus });
          const self = bots.find((x) => x.id === botId);
          // Read under the meeting's lock (requestStop takes it too), with the part: a stop asked before
          // this change is seen here. A bot no longer processing (ended by the ended-bot janitor once its
          // workflow was gone) makes nothing more either.
          stopRequested = self?.stopRequestedAt != null || self?.status !== 'processing';
          const b = also.bot && self;
          // A bot ended meanwhile (the ended-bot janitor, once its workflow is gone) keeps its end.
          if (b && b.status === 'processing') {
            b.status = also.bot!;
            botMoved = true;
          }
          meeting.results = withPart(meeting.results, part, { status, ...extra });
          if (!store) return undefined;
          // The first part stored makes the row (returned: the meeting's write inserts it); the others change it.
          const row = results ?? Object.assign(new MeetingResult(), { meetingId: meeting.id, botId });
          row.botId = botId;
          store(row);
          return results ? undefined : row;
        },
        [{ botId, types: events }],
        { results: store !== undefined, endsTransaction: true },
      );
    });
    return { botMoved, stopRequested };
  }

  /**
   * The bot, its meeting (read only) and the meeting's settings, with its results row when
   * `results`: one statement.
   */
  async function launchContext(botId: string, opts: { results?: boolean } = {}) {
    const em = fork();
    const found = await botMeetingAndSettings(em, botId, opts);
    if (!found) return null;
    return { ...found, settings: await settingsForMeeting(em, found.meeting, found.settings) };
  }

  type MeetingContext = NonNullable<Awaited<ReturnType<typeof launchContext>>>;

  /** The media part: the recording fetched from the provider, its bytes stored with the service. */
  async function mediaPart(
    ctx: { bot: Bot; meeting: { id: string } },
    durationSeconds: number,
    recordingRef: string,
  ): Promise<{ durationSeconds: number; stopRequested: boolean }> {
    const botId = ctx.bot.id;
    const recording = await providers.meetingBot.fetchRecording(
      ctx.bot.providerBotId ?? botId,
      recordingRef,
      durationSeconds,
    );
    const audioKey = `${ctx.meeting.id}/${botId}.wav`;
    await storage.put(audioKey, recording.audio);
    const { stopRequested } = await setPart(
      botId,
      'media',
      'ready',
      { duration_seconds: recording.durationSeconds },
      [],
      (r) => {
        r.media = { audio_key: audioKey, video_key: null, duration_seconds: recording.durationSeconds };
      },
    );
    return { durationSeconds: recording.durationSeconds, stopRequested };
  }

  /** The transcript part; a provider refusal marks it failed and the summary none (no retry helps). */
  async function transcriptPart(
    ctx: MeetingContext,
    durationSeconds: number,
  ): Promise<{ transcript: 'ready'; made: TranscriptOutput; stopRequested: boolean } | { transcript: 'failed' }> {
    const botId = ctx.bot.id;
    try {
      const transcript = await providers.transcription.transcribe({
        providerBotId: ctx.bot.providerBotId ?? botId,
        durationSeconds,
        language: ctx.settings.transcription.language,
        participants: ctx.meeting.participants.map((p) => ({ name: p.name, email: p.email })),
        scenario: simulatorScenario(ctx.bot.meetingUrl),
      });
      const { stopRequested } = await setPart(
        botId,
        'transcript',
        'ready',
        { language: transcript.language },
        ['bot.transcript_ready'],
        (r) => {
          r.transcript = transcript;
        },
      );
      return { transcript: 'ready', made: transcript, stopRequested };
    } catch (err) {
      if (!(err instanceof TranscriptionFailed)) throw err;
      // Nothing to summarise: the summary part ends `none` in the same change.
      await setPart(botId, 'transcript', 'failed', {}, [], undefined, { parts: { summary: 'none' } });
      return { transcript: 'failed' };
    }
  }

  /**
   * The summary part, with the meeting's template and language; `none` when there is nothing to
   * summarise. With `complete`, the bot reads completed in the same transaction (while it still reads
   * processing: one ended meanwhile keeps its end).
   */
  async function summaryPart(
    ctx: MeetingContext,
    transcript: TranscriptOutput | null,
    complete: boolean,
  ): Promise<{ summary: 'ready' | 'none'; completed: boolean }> {
    const botId = ctx.bot.id;
    const also = complete ? ({ bot: 'completed' } as const) : {};
    const answer = (summary: 'ready' | 'none', { botMoved }: { botMoved: boolean }) => {
      if (botMoved) log.info({ bot_id: botId, status: 'completed' }, 'bot status');
      return { summary, completed: botMoved };
    };
    if (!transcript || transcript.segments.length === 0) {
      return answer('none', await setPart(botId, 'summary', 'none', {}, [], undefined, also));
    }
    const language =
      ctx.settings.summary.language === 'same_as_transcript' ? transcript.language : ctx.settings.summary.language;
    const template = ctx.settings.summary.template;
    // A custom template deleted since it was chosen reads as the general one; so does one of another
    // workspace (settings assigned at the account level reach every workspace of the account).
    const custom = template.startsWith('tpl_')
      ? await fork().findOne(SummaryTemplate, { id: template, workspaceId: ctx.meeting.workspaceId })
      : null;
    const summary = await providers.summary.summarize({
      transcript,
      template: custom ? template : template.startsWith('tpl_') ? 'general' : template,
      sections: custom?.sections ?? null,
      language,
    });
    if (!summary) {
      return answer('none', await setPart(botId, 'summary', 'none', {}, [], undefined, also));
    }
    const stored = await setPart(
      botId,
      'summary',
      'ready',
      {},
      ['bot.summary_ready'],
      (r) => {
        r.summary = { template: ctx.settings.summary.template, language, ...summary };
      },
      also,
    );
    return answer('ready', stored);
  }

  /** A status change with its meeting's recording item and phase, and their events, in one transaction. */
  async function record(change: StatusChange): Promise<void> {
    // The events go with the change; the change may take them back (changeMeeting makes them after it).
    const types = [...change.events];
    let kept = false;
    await fork().transactional(async (em) => {
      await changeMeeting(
        em,
        { botId: change.botId },
        (meeting, bots) => {
          const b = bots.find((x) => x.id === change.botId)!;
          // Completed is final: a summary step that committed it and was then reported failed (its worker
          // gone before it answered), or a cancel after it, leaves the bot completed, with no event.
          if (b.status === 'completed' && change.status !== 'completed') {
            types.length = 0;
            kept = true;
            return;
          }
          b.status = change.status;
          const unmade = change.reasonOfFirstUnmadePart
            ? RESULTS_PARTS.find((p) => meeting.results[p].status === 'processing')
            : undefined;
          const reason = unmade ? PART_GIVE_UP[unmade].reason : change.reason;
          const failureMessage = unmade ? PART_GIVE_UP[unmade].message : change.failureMessage;
          if (reason) b.reason = reason;
          if (failureMessage) b.failureMessage = failureMessage;
          if (change.providerBotId) b.providerBotId = change.providerBotId;
          if (change.joinedAt && !b.joinedAt) b.joinedAt = new Date(change.joinedAt);
          if (change.recordingStartedAt && !b.recordingStartedAt)
            b.recordingStartedAt = new Date(change.recordingStartedAt);
          if (change.leftAt && !b.leftAt) b.leftAt = new Date(change.leftAt);
          // ended_at: when the recording first became available; reprocessing does not move it.
          if (change.endedAt && !b.endedAt) b.endedAt = new Date(change.endedAt);
          // Cancelled while processing: what was not made will not be.
          if (change.status === 'cancelled') {
            for (const part of RESULTS_PARTS) {
              if (meeting.results[part].status === 'processing')
                meeting.results = withPart(meeting.results, part, { status: 'none' });
            }
          }
          for (const part of change.failParts ?? []) {
            if (meeting.results[part].status === 'processing')
              meeting.results = withPart(meeting.results, part, { status: 'failed' });
          }
          // The recording is in: every part is being made (spec: Results status, none → processing),
          // and no stop asked of an earlier run of its workflow (a reset in the Temporal UI) holds.
          if (change.status === 'processing') {
            b.stopRequestedAt = null;
            for (const part of RESULTS_PARTS) {
              if (meeting.results[part].status === 'none')
                meeting.results = withPart(meeting.results, part, { status: 'processing' });
            }
          }
        },
        [{ botId: change.botId, types }],
        { endsTransaction: true },
      );
    });
    if (kept) log.info({ bot_id: change.botId, status: change.status }, 'the bot is completed: it stays completed');
    else log.info({ bot_id: change.botId, status: change.status, reason: change.reason }, 'bot status');
  }

  return {
    /** Sends the bot into the call through the configured provider. */
    async launchBot(
      botId: string,
      opts: { recordJoining?: boolean } = {},
    ): Promise<
      | { outcome: 'launched'; providerBotId: string; joiningRecorded: boolean }
      | { outcome: 'invalid_meeting_url'; message: string }
      | { outcome: 'gone' }
      | { outcome: 'recording_disabled' }
    > {
      // The outbox starts the workflow only after the bot's row committed; no row means it was removed.
      const ctx = await launchContext(botId);
      if (!ctx) return { outcome: 'gone' };
      const { bot, meeting, settings } = ctx;
      if (!settings.recording.enabled) {
        log.info(
          { bot_id: botId, meeting_id: meeting.id },
          'recording is disabled in the meeting settings: the bot does not join',
        );
        return { outcome: 'recording_disabled' };
      }
      // The meeting's resolved brand kit dresses the bot; a bot_name sent with POST /bots still wins.
      const kitId = settings.branding.brand_kit_id;
      const kit = kitId.startsWith('brk_') ? await brandingForBot(fork(), storage, kitId) : null;
      let providerBotId: string;
      try {
        ({ providerBotId } = await providers.meetingBot.launch({
          botId,
          meetingUrl: bot.meetingUrl,
          botName: kit && !bot.nameGiven ? kit.name : bot.botName,
          botAvatar: bot.botAvatar,
          welcomeMessage: bot.welcomeMessage,
          recordingStart: settings.recording.methods.bot.start,
          recordingMode: settings.recording.methods.bot.mode,
          silenceAlert: settings.recording.methods.bot.silence_detection.alert,
          scheduledEnd: meeting.endsAt?.toISOString() ?? null,
          participants: meeting.participants.map((p) => ({ name: p.name, email: p.email })),
          branding: kit?.branding ?? null,
        }));
      } catch (err) {
        if (err instanceof InvalidMeetingUrl) return { outcome: 'invalid_meeting_url', message: err.message };
        throw err;
      }
      // Asked to, the launch records the bot joining with its provider bot (one status record, made here
      // instead of by the workflow after the launch). A record the database refuses is left to the
      // workflow, whose records are retried until the database takes them: the launch is not failed.
      if (opts.recordJoining) {
        try {
          await record({ botId, status: 'joining', providerBotId, events: [] });
          return { outcome: 'launched', providerBotId, joiningRecorded: true };
        } catch (err) {
          log.warn({ bot_id: botId, err }, 'the joining record of a launched bot failed: the bot workflow records it');
        }
      }
      // The provider's bot alone (one row, no meeting lock), before the launch answers: its callbacks
      // find the bot. A failure here fails the attempt, and the launch is retried.
      await fork().nativeUpdate(Bot, { id: botId }, { providerBotId });
      return { outcome: 'launched', providerBotId, joiningRecorded: false };
    },

    /** Writes a status change with its meeting's recording item and phase, and their events, in one transaction. */
    recordStatus: record,

    async leaveCall(providerBotId: string): Promise<void> {
      await providers.meetingBot.leave(providerBotId);
    },

    /** Transcribes the recording; a provider refusal marks the transcript failed (no retry helps). */
    async makeTranscript(botId: string, durationSeconds: number): Promise<'ready' | 'failed'> {
      return heartbeating(async () => {
        const ctx = await launchContext(botId);
        if (!ctx) throw ApplicationFailure.nonRetryable(`bot ${botId} is gone`);
        return (await transcriptPart(ctx, durationSeconds)).transcript;
      });
    },

    /**
     * Summarises the transcript with the meeting's template and language; `none` when there is nothing
     * to summarise. With `complete`, the bot reads completed in the same transaction as its summary
     * (the workflow's last status record before, fewer-status-records).
     */
    async makeSummary(
      botId: string,
      opts: { complete?: boolean } = {},
    ): Promise<'ready' | 'none' | 'failed' | { summary: 'ready' | 'none'; completed: boolean }> {
      return heartbeating(async () => {
        const ctx = await launchContext(botId, { results: true });
        if (!ctx) throw ApplicationFailure.nonRetryable(`bot ${botId} is gone`);
        const made = await summaryPart(ctx, ctx.results?.transcript ?? null, opts.complete === true);
        // Without `complete` the part alone, as workflows of earlier releases read it.
        return opts.complete ? { summary: made.summary, completed: made.completed } : made.summary;
      });
    },

    /** Fetches the recording from the provider and stores its bytes with the service. */
    async makeMedia(
      botId: string,
      durationSeconds: number,
      recordingRef: string,
    ): Promise<{ durationSeconds: number }> {
      return heartbeating(async () => {
        // The bot and its meeting only: the media does not depend on the meeting's settings.
        const ctx = await botAndMeeting(fork(), botId);
        if (!ctx) throw ApplicationFailure.nonRetryable(`bot ${botId} is gone`);
        return { durationSeconds: (await mediaPart(ctx, durationSeconds, recordingRef)).durationSeconds };
      });
    },

    /**
     * The three parts of a bot's results in one step (bots started since 2026-11-28): media, then the
     * transcript, then the summary, each stored in its own transaction as it is made; the summary's
     * records the bot completed. An attempt after a failure (or after its worker died) reads what is
     * stored and makes only the parts still missing. A stop asked for the bot (`requestStop`: the
     * workflow was cancelled, from the API or from Temporal) ends the step after the part in flight,
     * as `stopped`. A part that cannot be made fails the step with that part's PART_FAILURE type.
     */
    async makeResults(
      botId: string,
      durationSeconds: number,
      recordingRef: string,
    ): Promise<{ stopped: true } | { transcript: 'failed' } | { summary: 'ready' | 'none'; completed: boolean }> {
      return heartbeating(async () => {
        const ctx = await inPart('media', async () => {
          const found = await launchContext(botId, { results: true });
          if (!found) throw ApplicationFailure.nonRetryable(`bot ${botId} is gone`);
          return found;
        });
        const { results } = ctx.meeting;
        // An attempt after one that completed the bot but could not answer: the bot stays completed.
        if (ctx.bot.status === 'completed')
          return { summary: results.summary.status === 'ready' ? 'ready' : 'none', completed: true };
        if (ctx.bot.stopRequestedAt !== null || ctx.bot.status !== 'processing') return { stopped: true };
        if (results.media.status === 'ready' && results.media.duration_seconds !== null) {
          durationSeconds = results.media.duration_seconds;
        } else {
          const media = await inPart('media', () => mediaPart(ctx, durationSeconds, recordingRef));
          if (media.stopRequested) return { stopped: true };
          durationSeconds = media.durationSeconds;
        }
        let transcript = results.transcript.status === 'ready' ? (ctx.results?.transcript ?? null) : null;
        if (!transcript) {
          const made = await inPart('transcript', () => transcriptPart(ctx, durationSeconds));
          if (made.transcript === 'failed') return { transcript: 'failed' };
          if (made.stopRequested) return { stopped: true };
          transcript = made.made;
        }
        return inPart('summary', () => summaryPart(ctx, transcript, true));
      });
    },

    /**
     * Asks the bot's results step to stop after the part it is making (makeResults reads it at each
     * part's end): its workflow was cancelled while the step ran.
     */
    async requestStop(botId: string): Promise<void> {
      await requestBotStop(fork(), botId);
    },
  };
}
