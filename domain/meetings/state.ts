/** Bot, recording, results and phase rules (spec: States and transitions). */

export const BOT_STATUSES = ['queued', 'joining', 'in_call', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];
export const FAILURE_REASONS = ['no_recording', 'invalid_meeting_url', 'bot_error', 'transcription_failed'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const TERMINAL_BOT_STATUSES: BotStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminal = (s: BotStatus) => TERMINAL_BOT_STATUSES.includes(s);
/** The statuses of a bot that has not finished (its workflow owns it). */
export const LIVE_BOT_STATUSES = BOT_STATUSES.filter((s) => !isTerminal(s));

/** A live bot before processing: waiting for its call, joining it or in it (a provider bot may be there). */
export const UNDERWAY_BOT_STATUSES: BotStatus[] = ['queued', 'joining', 'in_call'];
export const isUnderway = (s: string) => (UNDERWAY_BOT_STATUSES as string[]).includes(s);

/** A place in the live bots by when they last changed (the ended-bot janitor's pages). */
export type LiveBotCursor = { updatedAt: string; id: string };

/** Cancelling makes sense until the bot has finished (processing included: its results are not made). */
export const isCancellable = (s: BotStatus) => !isTerminal(s);

/** Metadata stays editable while the bot lives and after it completed; a failed or cancelled bot is final. */
export const isEditable = (s: BotStatus) => s !== 'failed' && s !== 'cancelled';

export type RecordingStatus = 'queued' | 'joining' | 'in_call' | 'completed' | 'failed' | 'cancelled';

/**
 * A bot's status as its meeting's `recordings[]` item reads it (spec Resources › Recording item):
 * `cancelled` only for a bot cancelled before it joined. A bot cancelled after joining left the call,
 * so it reads what its recording became: `completed` when the recording came in (`endedAt`) and was
 * processed, `failed` when it left without one.
 */
export function recordingStatus(bot: {
  status: BotStatus;
  joinedAt: Date | null;
  endedAt: Date | null;
}): RecordingStatus {
  if (bot.status === 'processing') return 'completed';
  if (bot.status === 'cancelled' && bot.joinedAt) return bot.endedAt ? 'completed' : 'failed';
  return bot.status;
}

export type PartStatus = 'none' | 'processing' | 'ready' | 'failed';
export type Results = {
  status: PartStatus;
  transcript: { status: PartStatus; language: string | null };
  summary: { status: PartStatus };
  media: { status: PartStatus; duration_seconds: number | null };
};

export function emptyResults(): Results {
  return {
    status: 'none',
    transcript: { status: 'none', language: null },
    summary: { status: 'none' },
    media: { status: 'none', duration_seconds: null },
  };
}

/**
 * Overall results status: `none` until a part moves; `processing` while any part is being made;
 * then `failed` if any part failed, else `ready`.
 */
export function overallStatus(r: Omit<Results, 'status'>): PartStatus {
  const parts = [r.transcript.status, r.summary.status, r.media.status];
  if (parts.every((p) => p === 'none')) return 'none';
  if (parts.includes('processing')) return 'processing';
  if (parts.includes('failed')) return 'failed';
  return 'ready';
}

export function withPart<K extends 'transcript' | 'summary' | 'media'>(
  r: Results,
  part: K,
  value: Partial<Results[K]>,
): Results {
  const next = { ...r, [part]: { ...r[part], ...value } } as Results;
  next.status = overallStatus(next);
  return next;
}

export type Phase = 'upcoming' | 'live' | 'past' | 'cancelled';

/**
 * Meeting phase (spec: States › Meeting phase): cancelled by the calendar; live while a recording is
 * active (activity beats the calendar); past once a recording ended or the scheduled end went by.
 * A meeting that exists only because a bot was sent has no scheduled end: it is past once every
 * bot sent to it has ended (README › API notes), so a bot that never got in reads "Not recorded".
 */
export function meetingPhase(
  m: { cancelledAt: Date | null; endsAt: Date | null; source: string },
  bots: { status: BotStatus; recordingStartedAt: Date | null }[],
  now: Date,
): Phase {
  if (m.cancelledAt) return 'cancelled';
  if (bots.some((b) => b.status === 'in_call')) return 'live';
  if (bots.some((b) => b.recordingStartedAt && b.status !== 'queued' && b.status !== 'joining')) return 'past';
  if (m.endsAt && m.endsAt.getTime() <= now.getTime()) return 'past';
  if (m.source === 'bot' && bots.length > 0 && bots.every((b) => isTerminal(b.status))) return 'past';
  return 'upcoming';
}

/** Display labels of the spec's table, read from phase, recording.enabled and results.status. */
export function displayLabel(phase: Phase, recordingEnabled: boolean, results: PartStatus): string {
  if (results === 'processing') return 'Processing';
  if (results === 'ready') return 'Ready';
  if (results === 'failed') return 'Failed';
  if (phase === 'live') return 'Recording';
  if (phase === 'upcoming') return recordingEnabled ? 'Will be recorded' : 'Not going to be recorded';
  return 'Not recorded';
}

/** The parts of a meeting's results, in the order a bot makes them. */
export const RESULTS_PARTS = ['media', 'transcript', 'summary'] as const;
export type ResultsPart = (typeof RESULTS_PARTS)[number];

/**
 * The failure type the results step (makeResults) ends with when a part cannot be made, so the bot
 * workflow ends the bot with that part's reason.
 */
export const PART_FAILURE = {
  media: 'MediaFailed',
  transcript: 'TranscriptFailed',
  summary: 'SummaryFailed',
} as const satisfies Record<ResultsPart, string>;

/** How a bot ends when a part of its results cannot be made: its reason, its message, the parts that read failed. */
export const PART_GIVE_UP: Record<
  ResultsPart,
  { reason: 'no_recording' | 'transcription_failed' | 'bot_error'; message: string; failParts: ResultsPart[] }
> = {
  media: {
    reason: 'no_recording',
    message: 'The recording could not be retrieved from the meeting bot provider.',
    failParts: [...RESULTS_PARTS],
  },
  transcript: {
    reason: 'transcription_failed',
    message: 'The recording could not be transcribed.',
    failParts: ['transcript', 'summary'],
  },
  summary: { reason: 'bot_error', message: 'The summary could not be made.', failParts: ['summary'] },
};
