import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { RecallMeetingBotProvider } from '../../activities/providers/recall';
import { wav } from '../../activities/providers/simulated';
import { startApi, type ApiServer } from '../../api/server';
import { Bot } from '../../db/entities';
import { svixSign } from '../../domain/svix';
import { loadConfig } from '../../runtime/config';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';
import { startWorker, timeSkipping, type TemporalHarness, resultOf } from '../support/temporal';
import { until } from '../support/until';

const API_KEY = 'recall-test-key';
const WEBHOOK_SECRET = `whsec_${Buffer.from('a-webhook-secret-of-32-bytes-long!').toString('base64')}`;

/**
 * A local stand-in for the hosted bot API, following its documented contract: create bot,
 * leave call, retrieve bot with recordings, and Svix-signed `bot.status_change` webhooks.
 */
class FakeRecall {
  server = http.createServer((req, res) => void this.handle(req, res));
  bots = new Map<string, { meeting_url: string; left: boolean }>();
  /** Documented idempotency: a POST repeated with its Idempotency-Key answers the first response again. */
  idempotent = new Map<string, { status: number; value: unknown }>();
  requests: string[] = [];
  callbackUrl = '';
  url = '';

  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : null;
    this.requests.push(`${req.method} ${req.url}`);
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (!req.url!.startsWith('/download/') && req.headers.authorization !== `Token ${API_KEY}`)
      return json(401, { detail: 'Invalid token.' });
    const key =
      typeof req.headers['idempotency-key'] === 'string'
        ? `${req.method} ${req.url} ${req.headers['idempotency-key']}`
        : null;
    if (key && this.idempotent.has(key)) {
      const first = this.idempotent.get(key)!;
      return json(first.status, first.value);
    }
    if (req.method === 'POST' && req.url === '/api/v1/bot/') {
      if (String(body.meeting_url).includes('invalid'))
        return json(400, { meeting_url: ['This meeting URL is not supported.'] });
      const id = `rb_${this.bots.size + 1}`;
      this.bots.set(id, { meeting_url: body.meeting_url, left: false });
      const created = { id, meeting_url: body.meeting_url, status_changes: [] };
      if (key) this.idempotent.set(key, { status: 201, value: created });
      json(201, created);
      this.play(id).catch(() => undefined); // the test may end before the call does
      return;
    }
    const leave = /^\/api\/v1\/bot\/(\w+)\/leave_call\/$/.exec(req.url!);
    if (req.method === 'POST' && leave) {
      const bot = this.bots.get(leave[1]!);
      if (!bot) return json(404, { detail: 'Not found.' });
      bot.left = true;
      return json(200, { id: leave[1] });
    }
    const get = /^\/api\/v1\/bot\/(\w+)\/$/.exec(req.url!);
    if (req.method === 'GET' && get) {
      return json(200, {
        id: get[1],
        recordings: [
          {
            started_at: '2026-11-22T10:00:00Z',
            completed_at: '2026-11-22T10:02:00Z',
            media_shortcuts: { audio_mixed: { data: { download_url: `${this.url}/download/${get[1]}` } } },
          },
        ],
      });
    }
    if (req.method === 'GET' && req.url!.startsWith('/download/'))
      return res.writeHead(200, { 'Content-Type': 'audio/wav' }).end(wav(120));
    json(404, { detail: 'Not found.' });
  }

  /** Status changes of a normal call, each webhook sent twice as a retrying sender would. */
  private async play(id: string) {
    const codes = [
      'joining_call',
      'in_waiting_room',
      'in_call_not_recording',
      'in_call_recording',
      'call_ended',
      'done',
    ];
    for (const [i, code] of codes.entries()) {
      await new Promise((r) => setTimeout(r, 30));
      const payload = JSON.stringify({
        event: 'bot.status_change',
        data: { bot: { id }, status: { code, created_at: new Date(Date.UTC(2026, 10, 22, 10, 0, i)).toISOString() } },
      });
      for (let attempt = 0; attempt < 2; attempt++) {
        const msgId = `msg_${id}_${i}_${attempt}`;
        const ts = Math.floor(Date.now() / 1000);
        await fetch(this.callbackUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'svix-id': msgId,
            'svix-timestamp': String(ts),
            'svix-signature': svixSign(WEBHOOK_SECRET, msgId, ts, payload),
          },
          body: payload,
        });
      }
    }
  }
}

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let worker: Awaited<ReturnType<typeof startWorker>>;
let fake: FakeRecall;
let api: ApiServer;
let me: Awaited<ReturnType<typeof givenAccount>>;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  fake = new FakeRecall();
  await fake.start();
  const provider = new RecallMeetingBotProvider({ baseUrl: fake.url, apiKey: API_KEY });
  worker = await startWorker(t, db.orm, { providers: { meetingBot: provider } });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    TEMPORAL_TASK_QUEUE: t.taskQueue,
    SIGNING_SECRET: 'test-signing-secret-of-at-least-32-chars',
    MEETING_BOT_PROVIDER: 'recall',
    RECALL_API_URL: fake.url,
    RECALL_API_KEY: API_KEY,
    RECALL_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  api = await startApi(
    { orm: db.orm, config, log: silentLog, temporal: t.env.client, storage: worker.storage },
    { host: '127.0.0.1', port: 0 },
  );
  fake.callbackUrl = `${api.baseUrl}/provider_callbacks/recall`;
  me = await givenAccount(db);
});
afterAll(async () => {
  await api.stop();
  fake.server.close();
  await worker.stop();
  await t.teardown();
  await db.drop();
});

async function sendBot(meetingUrl: string) {
  const res = await fetch(`${api.baseUrl}/bots`, {
    method: 'POST',
    headers: { Authorization: me.key },
    body: JSON.stringify({ workspace_id: me.workspaceId, meeting_url: meetingUrl }),
  });
  assert.equal(res.status, 201);
  return (await res.json()) as { id: string; meeting_id: string };
}

async function waitForStatus(botId: string, statuses: string[]) {
  const bot = await until(() => db.orm.em.fork().findOneOrFail(Bot, { id: botId }), {
    what: `the bot to reach ${statuses.join('/')}`,
    timeoutMs: 10_000,
    intervalMs: 50,
    accept: (b) => statuses.includes(b.status),
  });
  return bot.status;
}

describe('the Recall-style adapter against a local fake of its API', () => {
  it('When the provider reports a call through signed webhooks (each sent twice), then the bot completes with the recording fetched from the provider', async () => {
    const bot = await sendBot('https://meet.google.com/rec-abcd-efg');
    await waitForStatus(bot.id, ['processing', 'completed']);
    assert.equal(await resultOf(t, botWorkflowId(bot.id)), 'completed');
    const meeting = (await (
      await fetch(`${api.baseUrl}/meetings/${bot.meeting_id}`, { headers: { Authorization: me.key } })
    ).json()) as { results: { media: { duration_seconds: number } } };
    assert.equal(meeting.results.media.duration_seconds, 120);
    // The recording streamed from the provider's download link to storage arrives whole.
    const results = (await (
      await fetch(`${api.baseUrl}/meetings/${bot.meeting_id}/results`, { headers: { Authorization: me.key } })
    ).json()) as { media: { audio_url: string } };
    const audio = await fetch(new URL(results.media.audio_url, api.baseUrl));
    assert.equal(audio.status, 200);
    assert.equal(audio.headers.get('content-type'), 'audio/wav');
    assert.equal(audio.headers.get('content-length'), String(wav(120).length));
    assert.deepEqual(Buffer.from(await audio.arrayBuffer()), wav(120));
    assert.ok(fake.requests.includes('POST /api/v1/bot/'));
    assert.ok(fake.requests.some((r) => /^GET \/api\/v1\/bot\/rb_\d+\/$/.test(r)));
    const events = await db.orm.em
      .fork()
      .execute<{ type: string }[]>('select type from webhook_events where object_id = ? order by id', [bot.id]);
    assert.deepEqual(
      events.map((e) => e.type),
      ['bot.recording_started', 'bot.recording_completed', 'bot.transcript_ready', 'bot.summary_ready'],
    );
  });

  it('When the provider refuses the link, then the bot fails with invalid_meeting_url', async () => {
    const bot = await sendBot('https://meet.google.com/invalid-link');
    assert.equal(await resultOf(t, botWorkflowId(bot.id)), 'failed');
    assert.equal((await db.orm.em.fork().findOneOrFail(Bot, { id: bot.id })).reason, 'invalid_meeting_url');
  });

  it('When a callback is unsigned or signed with another secret, then it is refused with 401', async () => {
    const payload = JSON.stringify({
      event: 'bot.status_change',
      data: { bot: { id: 'rb_1' }, status: { code: 'done' } },
    });
    const unsigned = await fetch(fake.callbackUrl, { method: 'POST', body: payload });
    assert.equal(unsigned.status, 401);
    const ts = Math.floor(Date.now() / 1000);
    const wrong = await fetch(fake.callbackUrl, {
      method: 'POST',
      headers: {
        'svix-id': 'm',
        'svix-timestamp': String(ts),
        'svix-signature': svixSign(`whsec_${Buffer.from('other').toString('base64')}`, 'm', ts, payload),
      },
      body: payload,
    });
    assert.equal(wrong.status, 401);
    const stale = await fetch(fake.callbackUrl, {
      method: 'POST',
      headers: {
        'svix-id': 'm',
        'svix-timestamp': String(ts - 3600),
        'svix-signature': svixSign(WEBHOOK_SECRET, 'm', ts - 3600, payload),
      },
      body: payload,
    });
    assert.equal(stale.status, 401, 'a replayed old callback is refused');
  });

  it('When a bot in a call is cancelled, then the provider is asked to leave', async () => {
    const provider = new RecallMeetingBotProvider({ baseUrl: fake.url, apiKey: API_KEY });
    const { providerBotId } = await provider.launch({
      botId: 'bot_x',
      meetingUrl: 'https://meet.google.com/leave',
      botName: 'N',
      botAvatar: null,
      welcomeMessage: 'hi',
      recordingStart: 'on_command',
      recordingMode: 'audio_only',
      silenceAlert: false,
      scheduledEnd: null,
      participants: [],
      branding: null,
    });
    await provider.leave(providerBotId);
    assert.equal(fake.bots.get(providerBotId)!.left, true);
    await provider.leave('rb_unknown');
    const bad = new RecallMeetingBotProvider({ baseUrl: fake.url, apiKey: 'wrong' });
    await assert.rejects(
      bad.launch({
        botId: 'b',
        meetingUrl: 'https://meet.google.com/x',
        botName: 'N',
        botAvatar: null,
        welcomeMessage: null,
        recordingStart: 'on_join',
        recordingMode: 'audio_and_video',
        silenceAlert: false,
        scheduledEnd: null,
        participants: [],
        branding: null,
      }),
      /401/,
    );
  });

  it('When the launch is retried for the same bot (the worker died after the create went out), then the provider creates one bot', async () => {
    const provider = new RecallMeetingBotProvider({ baseUrl: fake.url, apiKey: API_KEY });
    const launch: Parameters<RecallMeetingBotProvider['launch']>[0] = {
      botId: 'bot_retried',
      meetingUrl: 'https://meet.google.com/once',
      botName: 'N',
      botAvatar: null,
      welcomeMessage: null,
      recordingStart: 'on_join',
      recordingMode: 'audio_only',
      silenceAlert: false,
      scheduledEnd: null,
      participants: [],
      branding: null,
    };
    const before = fake.bots.size;
    const first = await provider.launch(launch);
    const again = await provider.launch(launch);
    assert.equal(again.providerBotId, first.providerBotId);
    assert.equal(fake.bots.size, before + 1, 'one bot at the provider');
    const other = await provider.launch({ ...launch, botId: 'bot_other' });
    assert.notEqual(other.providerBotId, first.providerBotId, 'another bot gets its own');
    await provider.leave(first.providerBotId);
    await provider.leave(other.providerBotId);
  });
});
