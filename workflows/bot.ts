import {
  ActivityCancellationType,
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  CancelledFailure,
  condition,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { StatusChange } from '../activities/bots';
import type { ProviderEvent } from '../activities/providers/types';
import type { BotEventType } from '../domain/events';
import {
  isCancellable,
  PART_FAILURE,
  PART_GIVE_UP,
  RESULTS_PARTS,
  type BotStatus,
  type ResultsPart,
} from '../domain/meetings/state';
import { UNTIL_THE_DATABASE_TAKES_IT } from './retries';
import { BotStatusKey } from './search-attributes';
import { cancelSignal, providerEventSignal, providerEventsSignal, rescheduleSignal, statusQuery } from './signals';

/** The short steps of a bot (launch, leave): a minute each, retried for about five minutes. */
const SHORT_STEP = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
} as const;
const acts = proxyActivities<Activities>(SHORT_STEP);
/**
 * Status records (short database writes; an event type is recorded once per bot) and the launch are
 * safe to repeat: they run as local activities, inside the workflow task that decides them, instead of
 * as an activity task and a second workflow task each. Their results are still in the history. A wait
 * between two attempts longer than 10 s is a durable timer rather than a workflow task held open.
 */
const launches = proxyLocalActivities<Activities>({ ...SHORT_STEP, localRetryThreshold: '10 seconds' });
/**
 * A status record is retried until the database takes it, however long PostgreSQL is away: the bot
 * waits where it is (its workflow failing would leave it in that state for good).
 */
const records = proxyLocalActivities<Activities>({
  startToCloseTimeout: SHORT_STEP.startToCloseTimeout,
  localRetryThreshold: '10 seconds',
  retry: { ...UNTIL_THE_DATABASE_TAKES_IT, initialInterval: '2 seconds' },
});
const PROCESSING = {
  startToCloseTimeout: '15 minutes',
  // The activities heartbeat every few seconds: one on a worker that died is retried within 30 s, not 15 minutes.
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 5 },
} as const;
const processing = proxyActivities<Activities>(PROCESSING);
/** The same steps, where a cancel of the workflow lets the step in flight finish (and write its part) first. */
const processingToTheEnd = proxyActivities<Activities>({
  ...PROCESSING,
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
});
/**
 * The three parts in one step (bots started since 2026-11-28): an hour an attempt, five attempts for
 * the three together, each making only the parts not stored yet. A cancel lets the part in flight finish.
 */
const results = proxyActivities<Activities>({
  ...PROCESSING,
  startToCloseTimeout: '1 hour',
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
});

/** The part a failed results step could not make (its failure type); null for a timeout or another failure. */
function failedPart(err: unknown): ResultsPart | null {
  if (!(err instanceof ActivityFailure) || !(err.cause instanceof ApplicationFailure)) return null;
  const type = err.cause.type;
  return (Object.keys(PART_FAILURE) as ResultsPart[]).find((p) => PART_FAILURE[p] === type) ?? null;
}

export type BotWorkflowInput = { botId: string; joinAt: string | null };

/** Spec Limits: bots join 3 minutes before the scheduled start. */
export const JOIN_LEAD_MS = 3 * 60_000;
/** Waiting to be admitted (or for anyone to start the call) longer than this ends the bot as no_recording. */
export const LOBBY_TIMEOUT = '15 minutes';
/** A bot leaves by itself after this long in one call. */
export const MAX_CALL = '6 hours';

/**
 * One workflow per bot (`bot/<bot_id>`): queued → joining → in_call → processing → completed, or
 * failed (with a reason) or cancelled. Provider events arrive as signals and are applied once each,
 * in the order the state machine allows; anything that arrives out of turn is ignored.
 */
export async function botWorkflow(input: BotWorkflowInput): Promise<BotStatus> {
  const { botId } = input;
  // The results made in one step (makeResults) instead of three, for a bot started since 2026-11-28.
  // Asked first, this patch also stands for every change before it: such a bot's history carries this
  // one patch marker (with its upsert of TemporalChangeVersion). Bots started before ask what they did.
  const oneStep = patched('bot-2026-11-28');
  // Every change below, for a bot started since 2026-11-27: one patch marker instead of one per change,
  // each of them a history event of every bot. Bots started before ask each change's own patch.
  const current = oneStep || patched('bot-2026-11-27');
  // Only for the changes made until 2026-11-27: a later change asks a patch of its own, never since()
  // (a bot started with this patch would take it without its marker, and fail to replay). The next one
  // goes first, as bot-2026-11-28 did, and stands for the ones before it.
  const since = (change: string) => current || patched(change);
  // Bots started before status records became local activities replay with activity tasks.
  const recordStatus = since('local-status-records') ? records.recordStatus : acts.recordStatus;
  // The launch is safe to repeat (one provider bot per bot: Recall's idempotency key, the simulated
  // call's workflow id), so it runs as a local activity too; bots started before replay with an activity task.
  const launchBot = since('local-launch') ? launches.launchBot : acts.launchBot;
  // Fewer status records, one patch for the three: the launch records the bot joining itself, in the
  // transaction that stores its provider bot; an admission that comes with the recording's start is
  // recorded with it; the summary step records the bot completed with the summary. Bots started
  // before record each after its step.
  const fewerRecords = since('fewer-status-records');
  // A cancel of the workflow itself (the Temporal UI's Cancel, `temporal workflow cancel`) ends the bot
  // cancelled, as a cancel through the API would; before, the bot stayed in its last state for good.
  // Records and the launch then finish once begun: the cancel is seen at the next wait.
  const cancelEndsTheBot = since('workflow-cancel-ends-the-bot');
  const shielded = <T>(step: () => Promise<T>): Promise<T> =>
    cancelEndsTheBot ? CancellationScope.nonCancellable(step) : step();
  const steps = cancelEndsTheBot ? processingToTheEnd : processing;
  /** A failure that is, or follows, a cancel of the workflow: the bot ends cancelled, not failed. */
  const cancelledHere = (err: unknown) =>
    cancelEndsTheBot && (isCancellation(err) || CancellationScope.current().consideredCancelled);
  let providerBotId: string | null = null;
  /** Leaving is best effort (the provider may already have dropped the bot), and never cut off half-way. */
  const leave = (id: string) => shielded(() => acts.leaveCall(id)).catch(() => undefined);
  let status = 'queued' as BotStatus;
  let joinAt = input.joinAt;
  let rescheduled = false;
  let cancelRequested = false;
  const seen = new Set<string>();
  const inbox: ProviderEvent[] = [];

  setHandler(statusQuery, () => status);
  setHandler(cancelSignal, () => {
    cancelRequested = true;
  });
  setHandler(rescheduleSignal, (at) => {
    joinAt = at;
    rescheduled = true;
  });
  const receive = (e: ProviderEvent) => {
    if (seen.has(e.id)) return; // a provider retried its callback
    seen.add(e.id);
    inbox.push(e);
  };
  setHandler(providerEventSignal, receive);
  setHandler(providerEventsSignal, (events) => {
    if (Array.isArray(events)) events.forEach(receive);
  });

  /** The status as the workflow shows it (its query, the BotStatus search attribute); `move` also records it. */
  const show = (next: BotStatus) => {
    status = next;
    upsertSearchAttributes([{ key: BotStatusKey, value: next }]);
  };
  const move = async (
    next: BotStatus,
    change: Omit<StatusChange, 'botId' | 'status' | 'events'> & { events?: BotEventType[] } = {},
  ) => {
    show(next);
    await shielded(() => recordStatus({ botId, status: next, events: change.events ?? [], ...change }));
  };
  /** Ends the bot failed with its reason; the parts named read failed. */
  const giveUp = async (
    reason: 'no_recording' | 'transcription_failed' | 'bot_error',
    failureMessage: string,
    failParts: ('media' | 'transcript' | 'summary')[],
  ) => {
    await move('failed', { reason, failureMessage, failParts, events: ['bot.failed'] });
    return status;
  };
  /** Ends the bot failed with the reason of the results part that could not be made. */
  const giveUpOn = (part: ResultsPart) =>
    giveUp(PART_GIVE_UP[part].reason, PART_GIVE_UP[part].message, PART_GIVE_UP[part].failParts);

  /**
   * Runs the results step; a cancel meanwhile (the API's signal, or Temporal's) asks it through the
   * bot's row to stop after the part in flight, and the step is waited for.
   */
  const askingToStop = async <T>(step: () => Promise<T>): Promise<T> => {
    let running = true;
    let asked: Promise<void> | undefined;
    const ask = () => {
      if (running) asked ??= CancellationScope.nonCancellable(() => records.requestStop(botId));
    };
    CancellationScope.current().cancelRequested.catch(ask);
    const watch = new CancellationScope();
    watch.run(() => condition(() => cancelRequested)).then(ask, () => undefined);
    try {
      return await step();
    } finally {
      running = false;
      watch.cancel();
      if (asked) await asked;
    }
  };

  /** The three parts of the results in one step (bots started since 2026-11-28). */
  const makeResults = async (recorded: { durationSeconds: number; ref: string }): Promise<BotStatus> => {
    let made: Awaited<ReturnType<typeof results.makeResults>>;
    try {
      made = await askingToStop(() => results.makeResults(botId, recorded.durationSeconds, recorded.ref));
    } catch (err) {
      if (cancelledHere(err)) throw err;
      // After its retries, the part the step could not make ends the bot with that part's reason; the
      // parts left read failed and meeting.finished follows. A step that timed out (its workers kept
      // dying) or failed otherwise: the record takes the reason of the first part still being made.
      const part = failedPart(err);
      if (part) return giveUpOn(part);
      await move('failed', {
        reason: 'bot_error',
        failureMessage: 'The results could not be made.',
        failParts: [...RESULTS_PARTS],
        reasonOfFirstUnmadePart: true,
        events: ['bot.failed'],
      });
      return status;
    }
    if ('stopped' in made) {
      // Cancelled from Temporal: the bot is recorded cancelled below, and the workflow closes cancelled.
      if (CancellationScope.current().consideredCancelled)
        throw new CancelledFailure('The workflow was cancelled while the results were made.');
      await move('cancelled', { events: ['bot.cancelled'] });
      return status;
    }
    // The provider refused the recording: the transcript reads failed and the summary none already.
    if ('transcript' in made) return giveUpOn('transcript');
    // The summary's transaction recorded the bot completed; one ended meanwhile keeps its end.
    if (made.completed) show('completed');
    return status;
  };

  const lifecycle = async (): Promise<BotStatus> => {
    // 1. Wait for the join time (a durable timer), following reschedules; a cancel ends it here.
    for (;;) {
      const wait = joinAt ? Date.parse(joinAt) - JOIN_LEAD_MS - Date.now() : 0;
      if (wait <= 0 || cancelRequested) break;
      rescheduled = false;
      await condition(() => cancelRequested || rescheduled, wait);
      if (!rescheduled && !cancelRequested) break;
    }
    if (cancelRequested) {
      await move('cancelled', { events: ['bot.cancelled'] });
      return status;
    }

    // 2. Send it into the call.
    let launch: Awaited<ReturnType<typeof launchBot>>;
    try {
      // A cancel already in sends no bot into the call (one begun is finished, then leaves).
      if (cancelEndsTheBot && CancellationScope.current().consideredCancelled)
        throw new CancelledFailure('The workflow was cancelled before the launch.');
      launch = await shielded(() => launchBot(botId, fewerRecords ? { recordJoining: true } : undefined));
    } catch (err) {
      if (cancelledHere(err)) throw err;
      // The provider could not take the bot after the launch's retries: the bot ends failed instead of
      // staying queued (workflows of earlier releases failed here; the patch is asked only on this path).
      if (!since('launch-failures-end-the-bot')) throw err;
      return giveUp('bot_error', 'The meeting bot provider could not send the bot into the call.', []);
    }
    if (launch.outcome === 'gone') return status;
    if (launch.outcome === 'recording_disabled') {
      // The meeting's settings say not to record it (settings.recording.enabled false at join time).
      await move('cancelled', { events: ['bot.cancelled'] });
      return status;
    }
    if (launch.outcome === 'invalid_meeting_url') {
      await move('failed', { reason: 'invalid_meeting_url', failureMessage: launch.message, events: ['bot.failed'] });
      return status;
    }
    providerBotId = launch.providerBotId;
    if (fewerRecords && launch.joiningRecorded) show('joining');
    else await move('joining', fewerRecords ? { providerBotId } : {});

    // 3. Follow the call.
    let recording: { startedAt: string } | null = null;
    /** An admission recorded with the recording's start that came with it. */
    let admittedAt: string | undefined;
    let recorded: { durationSeconds: number; ref: string; at: string } | null = null;
    let outcome:
      | { kind: 'left'; reason?: string; at: string }
      | { kind: 'error'; message: string; at: string }
      | { kind: 'timeout'; why: string }
      | { kind: 'cancelled' }
      | null = null;

    while (!outcome) {
      const timeout = status === 'joining' ? LOBBY_TIMEOUT : MAX_CALL;
      const woke = await condition(() => inbox.length > 0 || cancelRequested, timeout);
      if (cancelRequested) {
        outcome = { kind: 'cancelled' };
        break;
      }
      if (!woke) {
        outcome = {
          kind: 'timeout',
          why:
            status === 'joining'
              ? 'The notetaker was not admitted to the call in time.'
              : 'The call outlasted the longest recording allowed.',
        };
        break;
      }
      const e = inbox.shift()!;
      switch (e.type) {
        case 'joining':
        case 'in_waiting_room':
          break;
        case 'admitted':
          if (status !== 'joining') break;
          // Admitted with the recording started in the same moment (one batch of the provider's): one
          // status record for both, the join time the admission's. Bots started before record each.
          if (fewerRecords && inbox[0]?.type === 'recording_started' && !recording) {
            admittedAt = e.at;
            break;
          }
          await move('in_call', { joinedAt: e.at });
          break;
        case 'recording_started':
          if (!recording && (status === 'joining' || status === 'in_call')) {
            recording = { startedAt: e.at };
            await move('in_call', {
              joinedAt: admittedAt ?? e.at,
              recordingStartedAt: e.at,
              events: ['bot.recording_started'],
            });
          }
          break;
        case 'recording_done':
          if (recording && !recorded) {
            recorded = {
              durationSeconds: e.data?.duration_seconds ?? 0,
              ref: e.data?.recording_ref ?? botId,
              at: e.at,
            };
          }
          break;
        case 'left':
          outcome = { kind: 'left', reason: e.data?.reason, at: e.at };
          break;
        case 'error':
          outcome = { kind: 'error', message: e.data?.message ?? 'The meeting bot reported an error.', at: e.at };
          break;
      }
    }

    if (outcome.kind === 'cancelled' || outcome.kind === 'timeout') {
      await leave(launch.providerBotId);
    }
    if (outcome.kind === 'cancelled') {
      await move('cancelled', { leftAt: new Date().toISOString(), events: ['bot.cancelled'] });
      return status;
    }
    if (outcome.kind === 'error') {
      await move('failed', {
        reason: 'bot_error',
        failureMessage: outcome.message,
        leftAt: outcome.at,
        events: ['bot.failed'],
      });
      return status;
    }
    if (!recorded) {
      const why =
        outcome.kind === 'timeout'
          ? outcome.why
          : outcome.reason === 'rejected'
            ? 'The notetaker was refused entry to the call.'
            : 'The notetaker left the call without a recording.';
      await move('failed', {
        reason: 'no_recording',
        failureMessage: why,
        leftAt: outcome.kind === 'left' ? outcome.at : new Date().toISOString(),
        events: ['bot.failed'],
      });
      return status;
    }

    // 4. The recording is in: make the results.
    await move('processing', {
      leftAt: outcome.kind === 'left' ? outcome.at : new Date().toISOString(),
      endedAt: recorded.at,
      events: ['bot.recording_completed'],
    });
    if (oneStep) return makeResults(recorded);
    // Cancelled while processing: the parts not made yet stay unmade (they read `none`).
    const stopped = () => since('cancel-while-processing') && cancelRequested;
    // A part that cannot be made after its retries ends the bot failed, the parts left read failed and
    // meeting.finished follows: nothing stays processing (workflows of earlier releases threw here).
    const settles = since('processing-failures-end-the-bot');
    // Media first: the stored recording is what gets transcribed, and it knows its own length.
    let media: { durationSeconds: number };
    try {
      media = await steps.makeMedia(botId, recorded.durationSeconds, recorded.ref);
    } catch (err) {
      if (!settles || cancelledHere(err)) throw err;
      return giveUpOn('media');
    }
    if (stopped()) {
      await move('cancelled', { events: ['bot.cancelled'] });
      return status;
    }
    let transcript: 'ready' | 'failed';
    try {
      transcript = await steps.makeTranscript(botId, media.durationSeconds);
    } catch (err) {
      if (!settles || cancelledHere(err)) throw err;
      return giveUpOn('transcript');
    }
    if (transcript === 'failed') {
      await move('failed', {
        reason: PART_GIVE_UP.transcript.reason,
        failureMessage: PART_GIVE_UP.transcript.message,
        events: ['bot.failed'],
      });
      return status;
    }
    if (stopped()) {
      await move('cancelled', { events: ['bot.cancelled'] });
      return status;
    }
    let made: Awaited<ReturnType<typeof steps.makeSummary>>;
    try {
      made = await steps.makeSummary(botId, fewerRecords ? { complete: true } : undefined);
    } catch (err) {
      if (!settles || cancelledHere(err)) throw err;
      return giveUpOn('summary');
    }
    if (typeof made !== 'object') {
      // A worker of the release before ran the step (or the bot began before): the bot is completed here.
      await move('completed');
    } else if (made.completed) {
      // The summary step recorded the bot completed with the summary.
      show('completed');
    }
    // (Not completed by the step: the bot was ended meanwhile and keeps its end.)
    return status;
  };

  try {
    return await lifecycle();
  } catch (err) {
    if (!cancelledHere(err)) throw err;
    // Cancelled from Temporal: the provider's bot leaves, the bot reads cancelled with bot.cancelled
    // (the parts still being made read none), and the workflow still closes as cancelled.
    await CancellationScope.nonCancellable(async () => {
      const inCall = status === 'joining' || status === 'in_call';
      if (inCall && providerBotId) await leave(providerBotId);
      if (isCancellable(status))
        await move('cancelled', { ...(inCall ? { leftAt: new Date().toISOString() } : {}), events: ['bot.cancelled'] });
    });
    // A step that failed after the cancel still closes the workflow Cancelled.
    throw isCancellation(err) ? err : new CancelledFailure('The workflow was cancelled.', [], err as Error);
  }
}
