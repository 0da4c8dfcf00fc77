import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { randomUUID } from 'node:crypto';
import { InvalidMeetingUrl, type BotLaunch, type MeetingBotProvider, type ProviderEvent } from './types';

/** The message posted when the bot joins: the bot's welcome message, else the brand kit's recording message. */
function chatOf(bot: BotLaunch) {
  const kitChat = bot.branding?.chat;
  const message = bot.welcomeMessage ?? (kitChat?.enabled ? kitChat.recordingMessage : null);
  return message ? { on_bot_join: { send_to: 'everyone', message } } : undefined;
}

/** The kit's logo or image as the bot's video tile (the hosted API takes JPEG bytes only). */
function tileOf(bot: BotLaunch) {
  const image = bot.branding?.tile.image;
  if (!image || image.contentType !== 'image/jpeg') return undefined;
  return { in_call_recording: { kind: 'jpeg', b64_data: image.base64 } };
}

/**
 * A hosted meeting-bot API in the style of Recall.ai's v1 bot API: `POST /api/v1/bot/` creates a
 * bot, `POST /api/v1/bot/{id}/leave_call/` removes it, `GET /api/v1/bot/{id}/` describes it with
 * its recordings, and status changes arrive as `bot.status_change` webhooks, which
 * `eventFromRecallWebhook` turns into the provider events the bot workflow consumes.
 */
export class RecallMeetingBotProvider implements MeetingBotProvider {
  readonly name = 'recall';
  constructor(private readonly opts: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {}

  private async call(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Response> {
    const res = await (this.opts.fetch ?? fetch)(`${this.opts.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        Authorization: `Token ${this.opts.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return res;
  }

  async launch(bot: BotLaunch): Promise<{ providerBotId: string }> {
    const res = await this.call(
      'POST',
      '/api/v1/bot/',
      {
        meeting_url: bot.meetingUrl,
        bot_name: bot.botName,
        recording_config: {
          transcript: null,
          video_mixed_layout: bot.recordingMode === 'audio_only' ? undefined : 'speaker_view',
          start_recording_on: bot.recordingStart === 'on_command' ? 'manual' : 'call_join',
        },
        chat: chatOf(bot),
        // The brand kit's tile: the hosted API shows a JPEG image as the bot's video while it is in the call.
        automatic_video_output: tileOf(bot),
        automatic_leave: bot.silenceAlert ? { silence_detection: { timeout: 3600 } } : undefined,
        metadata: {
          notetaker_bot_id: bot.botId,
          ...(bot.branding ? { notetaker_brand_kit_id: bot.branding.brandKitId } : {}),
        },
        // One provider bot per bot: a launch retried after the worker died mid-call (the first create
        // may have succeeded unseen) gets the first answer again (the API's documented idempotency).
      },
      `notetaker-launch-${bot.botId}`,
    );
    if (res.status === 400) {
      const detail = await res.text();
      if (/meeting_url/i.test(detail))
        throw new InvalidMeetingUrl(`The bot provider refused the meeting link: ${detail.slice(0, 200)}`);
    }
    if (!res.ok) throw new Error(`bot provider answered ${res.status} to create bot`);
    const created = (await res.json()) as { id: string };
    return { providerBotId: created.id };
  }

  async leave(providerBotId: string): Promise<void> {
    const res = await this.call('POST', `/api/v1/bot/${encodeURIComponent(providerBotId)}/leave_call/`);
    // 400: the bot is not in a call any more, which is what leaving wants.
    if (!res.ok && res.status !== 400 && res.status !== 404)
      throw new Error(`bot provider answered ${res.status} to leave_call`);
  }

  async fetchRecording(
    providerBotId: string,
    _ref: string,
    durationSeconds: number,
  ): Promise<{ audio: Readable; durationSeconds: number }> {
    const res = await this.call('GET', `/api/v1/bot/${encodeURIComponent(providerBotId)}/`);
    if (!res.ok) throw new Error(`bot provider answered ${res.status} to retrieve bot`);
    const bot = (await res.json()) as {
      recordings?: {
        started_at?: string;
        completed_at?: string;
        media_shortcuts?: { audio_mixed?: { data?: { download_url?: string } } };
      }[];
    };
    const rec = bot.recordings?.[0];
    const url = rec?.media_shortcuts?.audio_mixed?.data?.download_url;
    if (!url) throw new Error('the bot provider has no mixed audio for this recording yet');
    // The whole download, body included, within the processing activity's 15 minutes (it heartbeats meanwhile).
    const audio = await (this.opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(10 * 60_000) });
    if (!audio.ok || !audio.body) throw new Error(`downloading the recording answered ${audio.status}`);
    const seconds =
      rec?.started_at && rec.completed_at
        ? Math.round((Date.parse(rec.completed_at) - Date.parse(rec.started_at)) / 1000)
        : durationSeconds;
    return { audio: Readable.fromWeb(audio.body as WebReadableStream<Uint8Array>), durationSeconds: seconds };
  }
}

/**
 * Recall status codes → provider events; the codes left out the workflow does not need, among them
 * `joining_call` and `in_waiting_room` (the bot is joining from its launch on): acknowledged, never
 * a signal, so they cost the bot workflow no task.
 */
const CODES: Record<string, ProviderEvent['type'] | ['left', NonNullable<ProviderEvent['data']>['reason']]> = {
  in_call_not_recording: 'admitted',
  in_call_recording: 'recording_started',
  call_ended: 'recording_done',
  done: ['left', 'meeting_ended'],
  recording_permission_denied: ['left', 'rejected'],
  fatal: 'error',
};

/** A `bot.status_change` webhook body → { providerBotId, event }, or null when it is not one the workflow uses. */
export function eventFromRecallWebhook(body: unknown): { providerBotId: string; event: ProviderEvent } | null {
  const b = body as {
    event?: string;
    data?: {
      bot_id?: string;
      bot?: { id?: string };
      status?: { code?: string; sub_code?: string | null; message?: string | null; created_at?: string };
    };
  };
  if (b?.event !== 'bot.status_change') return null;
  // Only text is taken where text belongs: a bot id of another kind would reach the bot lookup as a
  // query operator, a code like `constructor` would name a property of every object.
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const providerBotId = text(b.data?.bot?.id) ?? text(b.data?.bot_id);
  const code = text(b.data?.status?.code);
  if (!providerBotId || !code || !Object.hasOwn(CODES, code)) return null;
  const mapped = CODES[code]!;
  const at = text(b.data?.status?.created_at) ?? new Date().toISOString();
  // Recall repeats a status with the same created_at when it retries: that is the event's identity.
  const id = `${providerBotId}:${code}:${at}`;
  if (Array.isArray(mapped)) return { providerBotId, event: { id, type: mapped[0], at, data: { reason: mapped[1] } } };
  if (mapped === 'error')
    return {
      providerBotId,
      event: {
        id,
        type: 'error',
        at,
        data: { message: text(b.data?.status?.message) ?? text(b.data?.status?.sub_code) ?? 'fatal' },
      },
    };
  if (mapped === 'recording_done')
    return { providerBotId, event: { id, type: 'recording_done', at, data: { recording_ref: providerBotId } } };
  return { providerBotId, event: { id: id || randomUUID(), type: mapped, at } };
}
