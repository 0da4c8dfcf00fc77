import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { startWorker, timeSkipping, type TemporalHarness } from '../support/temporal';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let worker: Awaited<ReturnType<typeof startWorker>>;
let api: TestApi;
let me: Awaited<ReturnType<typeof givenAccount>>;

before(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  worker = await startWorker(t, db.orm);
  api = await givenApi({ orm: db.orm, temporal: t.env.client, storage: worker.storage, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
  me = await givenAccount(api);
});
after(async () => {
  await worker.stop();
  await t.teardown();
  await db.drop();
});

async function sendBot(body: Record<string, unknown>) {
  const res = await api.http.post('/api/v1/bots').set('Authorization', me.key).send({ workspace_id: me.workspaceId, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** Lets the bot workflow run to its end, skipping time. */
async function finish(botId: string): Promise<string> {
  return t.env.client.workflow.getHandle(botWorkflowId(botId)).result();
}

async function eventTypes(objectId: string): Promise<string[]> {
  const rows = await db.orm.em.fork().execute<{ type: string }[]>('select type from webhook_events where object_id = ? order by id', [objectId]);
  return rows.map((r) => r.type);
}

const get = (path: string) => api.http.get(path).set('Authorization', me.key);

describe('the bot workflow with the simulated provider (time-skipping)', () => {
  it('When a bot is sent to a normal meeting, then it goes queued → joining → in_call → processing → completed and the meeting has its results', async () => {
    const bot = await sendBot({
      meeting_url: 'HTTPS://Meet.Google.com/abc-defg-hij?utm_source=mail#x',
      participants: [{ email: 'ann@example.com', name: 'Ann' }, { email: 'bob@example.com', name: 'Bob' }],
      summary_template: 'sales',
      metadata: { deal: 42 },
    });
    assert.equal(bot.status, 'queued');
    assert.equal(bot.meeting_url, 'https://meet.google.com/abc-defg-hij');
    assert.equal(bot.summary_template, 'sales');
    assert.deepEqual(bot.metadata, { deal: '42' });
    const meeting0 = (await get(`/api/v1/meetings/${bot.meeting_id}`)).body;
    assert.equal(meeting0.source, 'bot');
    assert.equal(meeting0.platform, 'meet');
    assert.equal(meeting0.phase, 'upcoming');
    assert.deepEqual(meeting0.recordings.map((r: { id: string; status: string }) => [r.id, r.status]), [[bot.id, 'queued']]);
    assert.equal(meeting0.settings.summary.template, 'sales');
    assert.equal(meeting0.settings.sources['summary.template'].assignment_id, meeting0.settings.assignments[0].id);
    assert.deepEqual(meeting0.settings.sources['transcription.language'], { assignment_id: null, reason: 'service_default' });

    assert.equal(await finish(bot.id), 'completed');
    const done = (await get(`/api/v1/bots/${bot.id}`)).body;
    assert.equal(done.status, 'completed');
    assert.ok(done.ended_at);
    assert.ok(!('reason' in done));
    const meeting = (await get(`/api/v1/meetings/${bot.meeting_id}`)).body;
    assert.equal(meeting.phase, 'past');
    assert.equal(meeting.recordings[0].status, 'completed');
    assert.ok(meeting.recordings[0].started_at && meeting.recordings[0].ended_at);
    assert.deepEqual(meeting.results, { status: 'ready', transcript: { status: 'ready', language: 'en' }, summary: { status: 'ready' }, media: { status: 'ready', duration_seconds: 1800 } });

    const results = (await get(`/api/v1/meetings/${bot.meeting_id}/results?include=words`)).body;
    assert.ok(results.transcript.segments.length > 10);
    assert.deepEqual([...new Set(results.transcript.segments.map((s: { speaker: string }) => s.speaker))], ['Ann', 'Bob']);
    assert.ok(results.transcript.segments[0].words.length > 1);
    assert.deepEqual(results.summary.sections.map((s: { title: string }) => s.title), ['Customer needs', 'Objections', 'Next steps']);
    const media = await api.http.get(results.media.audio_url.replace('http://api.test', ''));
    assert.equal(media.status, 200);
    assert.equal(media.headers['content-type'], 'audio/wav');
    const tampered = await api.http.get(results.media.audio_url.replace('http://api.test', '').replace(/signature=./, 'signature=0'));
    assert.equal(tampered.status, 401);
    const noWords = (await get(`/api/v1/meetings/${bot.meeting_id}/results`)).body;
    assert.ok(!('words' in noWords.transcript.segments[0]));

    assert.deepEqual(await eventTypes(bot.id), ['bot.recording_started', 'bot.recording_completed', 'bot.transcript_ready', 'bot.summary_ready']);
    const meetingEvents = await eventTypes(bot.meeting_id);
    assert.equal(meetingEvents[0], 'meeting.created');
    assert.ok(meetingEvents.includes('meeting.finished'));
    assert.ok(meetingEvents.filter((e) => e === 'meeting.updated').length >= 5);
  });
});
