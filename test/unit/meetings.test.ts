import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { eventFromRecallWebhook } from '../../activities/providers/recall';
import { ValidationFailed } from '../../domain/errors';
import { botFlatFields, resolveValues } from '../../domain/settings';
import {
  displayLabel,
  emptyResults,
  isCancellable,
  isEditable,
  meetingPhase,
  overallStatus,
  recordingStatus,
  withPart,
} from '../../domain/meetings/state';
import { detectPlatform, normaliseMeetingUrl } from '../../domain/meetings/url';

describe('meeting links', () => {
  it('When a link is normalised, then scheme, host case, default port, fragment and tracking noise are fixed and credentials kept', () => {
    assert.equal(normaliseMeetingUrl('meet.google.com/abc-defg-hij'), 'https://meet.google.com/abc-defg-hij');
    assert.equal(
      normaliseMeetingUrl('HTTP://US02WEB.Zoom.US:443/j/123?pwd=AbC&utm_source=x&fbclid=y#frag'),
      'https://us02web.zoom.us/j/123?pwd=AbC',
    );
    assert.equal(
      normaliseMeetingUrl('  https://teams.microsoft.com/l/meetup-join/19%3aabc/0?context=%7b%7d  '),
      'https://teams.microsoft.com/l/meetup-join/19%3aabc/0?context=%7b%7d',
    );
    assert.equal(normaliseMeetingUrl('https://meet.google.com/abc-defg-hij/'), 'https://meet.google.com/abc-defg-hij');
  });

  it('When a link is not a web address, then it is refused as invalid_format on meeting_url', () => {
    for (const bad of ['not a url', 'ftp://meet.google.com/x', 'https://localhost', 'mailto:a@b.c']) {
      assert.throws(
        () => normaliseMeetingUrl(bad),
        (e: unknown) => e instanceof ValidationFailed && e.issues[0]!.field === 'meeting_url',
        bad,
      );
    }
  });

  it('When the platform is detected, then Meet, any *.zoom.us, Teams and Teams Live are named and anything else is null', () => {
    const cases: [string, string | null][] = [
      ['https://meet.google.com/abc-defg-hij', 'meet'],
      ['https://zoom.us/j/1', 'zoom'],
      ['https://us06web.zoom.us/j/1?pwd=x', 'zoom'],
      ['https://company.zoom.us/my/room', 'zoom'],
      ['https://teams.microsoft.com/l/meetup-join/x', 'teams'],
      ['https://teams.live.com/meet/9381', 'teams'],
      ['https://acme.webex.com/meet/x', null],
      ['https://zoom.us.evil.com/j/1', null],
      ['https://dial.example.com/pin', null],
    ];
    for (const [url, platform] of cases) assert.equal(detectPlatform(url), platform, url);
    assert.equal(detectPlatform(null), null);
  });
});

describe('results, phases and labels', () => {
  it('When a bot is cancelled, then its recording reads cancelled only if it never joined, else what its recording became', () => {
    const at = new Date('2026-11-01T10:00:00Z');
    assert.equal(recordingStatus({ status: 'cancelled', joinedAt: null, endedAt: null }), 'cancelled');
    assert.equal(recordingStatus({ status: 'cancelled', joinedAt: at, endedAt: null }), 'failed');
    assert.equal(recordingStatus({ status: 'cancelled', joinedAt: at, endedAt: at }), 'completed');
    assert.equal(recordingStatus({ status: 'processing', joinedAt: at, endedAt: at }), 'completed');
    assert.equal(recordingStatus({ status: 'in_call', joinedAt: at, endedAt: null }), 'in_call');
  });

  it('When parts move, then the overall status follows: none, processing, then ready or failed', () => {
    let r = emptyResults();
    assert.equal(r.status, 'none');
    r = withPart(r, 'transcript', { status: 'processing' });
    assert.equal(r.status, 'processing');
    r = withPart(r, 'transcript', { status: 'ready', language: 'en' });
    r = withPart(r, 'media', { status: 'ready', duration_seconds: 60 });
    assert.equal(r.status, 'ready');
    assert.equal(overallStatus({ ...r, summary: { status: 'failed' } }), 'failed');
    assert.equal(overallStatus({ ...r, summary: { status: 'processing' } }), 'processing');
  });

  it('When bots and the clock move, then the phase is upcoming, live, past or cancelled as the spec says', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const m = { cancelledAt: null, endsAt: new Date('2026-11-22T13:00:00Z'), source: 'calendar_sync' };
    assert.equal(meetingPhase(m, [], now), 'upcoming');
    assert.equal(meetingPhase(m, [{ status: 'queued', recordingStartedAt: null }], now), 'upcoming');
    assert.equal(meetingPhase(m, [{ status: 'in_call', recordingStartedAt: now }], now), 'live');
    assert.equal(meetingPhase(m, [{ status: 'processing', recordingStartedAt: now }], now), 'past');
    assert.equal(meetingPhase(m, [{ status: 'failed', recordingStartedAt: null }], now), 'upcoming');
    assert.equal(meetingPhase({ ...m, endsAt: new Date('2026-11-22T11:00:00Z') }, [], now), 'past');
    assert.equal(
      meetingPhase(
        { ...m, endsAt: new Date('2026-11-22T11:00:00Z') },
        [{ status: 'in_call', recordingStartedAt: now }],
        now,
      ),
      'live',
      'activity beats the calendar',
    );
    assert.equal(
      meetingPhase({ ...m, cancelledAt: now }, [{ status: 'in_call', recordingStartedAt: now }], now),
      'cancelled',
    );
    // A bot meeting has no scheduled end: it is past once every bot sent to it has ended.
    const botMeeting = { cancelledAt: null, endsAt: null, source: 'bot' };
    assert.equal(meetingPhase(botMeeting, [{ status: 'queued', recordingStartedAt: null }], now), 'upcoming');
    assert.equal(meetingPhase(botMeeting, [{ status: 'failed', recordingStartedAt: null }], now), 'past');
    assert.equal(
      meetingPhase(
        botMeeting,
        [
          { status: 'cancelled', recordingStartedAt: null },
          { status: 'joining', recordingStartedAt: null },
        ],
        now,
      ),
      'upcoming',
    );
    assert.equal(
      meetingPhase(
        botMeeting,
        [
          { status: 'cancelled', recordingStartedAt: null },
          { status: 'failed', recordingStartedAt: null },
        ],
        now,
      ),
      'past',
    );
  });

  it('When labels are derived, then the spec table reads from phase, recording.enabled and results.status', () => {
    assert.equal(displayLabel('upcoming', true, 'none'), 'Will be recorded');
    assert.equal(displayLabel('upcoming', false, 'none'), 'Not going to be recorded');
    assert.equal(displayLabel('live', true, 'none'), 'Recording');
    assert.equal(displayLabel('past', true, 'processing'), 'Processing');
    assert.equal(displayLabel('past', true, 'ready'), 'Ready');
    assert.equal(displayLabel('past', true, 'failed'), 'Failed');
    assert.equal(displayLabel('past', true, 'none'), 'Not recorded');
    assert.equal(displayLabel('cancelled', true, 'none'), 'Not recorded');
  });

  it('When a bot has finished, then it can no longer be cancelled; failed and cancelled bots are not editable', () => {
    assert.deepEqual(
      ['queued', 'joining', 'in_call', 'processing'].map((s) => isCancellable(s as never)),
      [true, true, true, true],
    );
    assert.deepEqual(
      ['completed', 'failed', 'cancelled'].map((s) => isCancellable(s as never)),
      [false, false, false],
    );
    assert.deepEqual(
      ['completed', 'failed', 'cancelled'].map((s) => isEditable(s as never)),
      [true, false, false],
    );
  });

  it("When the meeting's settings change, then the bot's flat fields follow them", () => {
    assert.deepEqual(botFlatFields(resolveValues({})), {
      language: 'auto',
      recording_start: 'on_join',
      recording_mode: 'audio_and_video',
      silence_alert: false,
      summary_language: null,
      summary_template: 'general',
    });
    const own = {
      'summary.language': 'fr',
      'recording.methods.bot.mode': 'audio_only',
      'transcription.language': 'de',
    };
    assert.deepEqual(botFlatFields(resolveValues(own)), {
      language: 'de',
      recording_start: 'on_join',
      recording_mode: 'audio_only',
      silence_alert: false,
      summary_language: 'fr',
      summary_template: 'general',
    });
  });
});

describe('Recall-style status webhooks', () => {
  it('When a bot.status_change arrives, then it maps to the provider event the workflow understands, with a stable identity', () => {
    const body = (code: string) => ({
      event: 'bot.status_change',
      data: { bot: { id: 'rb_1' }, status: { code, created_at: '2026-11-22T10:00:00Z', message: 'boom' } },
    });
    assert.equal(eventFromRecallWebhook(body('in_call_recording'))!.event.type, 'recording_started');
    // The bot workflow does nothing with these: they are acknowledged, not signalled.
    assert.equal(eventFromRecallWebhook(body('joining_call')), null);
    assert.equal(eventFromRecallWebhook(body('in_waiting_room')), null);
    assert.deepEqual(eventFromRecallWebhook(body('done'))!.event.data, { reason: 'meeting_ended' });
    assert.deepEqual(eventFromRecallWebhook(body('fatal'))!.event.data, { message: 'boom' });
    assert.equal(eventFromRecallWebhook(body('done'))!.event.id, eventFromRecallWebhook(body('done'))!.event.id);
    assert.equal(eventFromRecallWebhook(body('media_expired')), null);
    assert.equal(eventFromRecallWebhook({ event: 'transcript.done' }), null);
  });

  it('When a status webhook holds values of the wrong kind (a code naming an object property, a bot id that is not text), then it maps to nothing', () => {
    const body = (
      bot: unknown,
      code: unknown,
      createdAt: unknown = '2026-11-22T10:00:00Z',
      message: unknown = null,
    ) => ({
      event: 'bot.status_change',
      data: { bot: { id: bot }, status: { code, created_at: createdAt, message } },
    });
    for (const code of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 7, null, { a: 1 }])
      assert.equal(eventFromRecallWebhook(body('rb_1', code)), null, `code ${JSON.stringify(code)}`);
    for (const bot of [{ $ne: null }, 7, ['rb_1'], ''])
      assert.equal(eventFromRecallWebhook(body(bot, 'in_call_recording')), null, `bot ${JSON.stringify(bot)}`);
    // A time or message of the wrong kind is not taken as one.
    const odd = eventFromRecallWebhook(body('rb_1', 'fatal', { at: 1 }, { text: 'x' }))!;
    assert.equal(typeof odd.event.at, 'string');
    assert.equal(odd.event.data?.message, 'fatal');
    for (const value of [null, 'text', 7, [], { event: 'bot.status_change', data: 'x' }])
      assert.equal(eventFromRecallWebhook(value), null);
  });
});
