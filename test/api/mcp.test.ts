import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApi, type ApiServer } from '../../api/server';
import { loadConfig } from '../../runtime/config';
import { LocalStorage } from '../../runtime/storage';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';
import { testEnv } from '../support/env';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ApiServer;
let api: TestApi;
const opened: Client[] = [];

beforeAll(async () => {
  db = await freshDatabase();
  api = await givenApi({ orm: db.orm });
  server = await startApi(
    {
      orm: db.orm,
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SIGNING_SECRET: 'mcp-test-signing-secret-of-32-chars',
      }),
      log: silentLog,
      temporal: null,
      storage: new LocalStorage(path.join(testEnv().tmp, `media-mcp-${process.pid}`)),
    },
    { host: '127.0.0.1', port: 0 },
  );
});
afterAll(async () => {
  for (const c of opened) await c.close().catch(() => undefined);
  await server?.stop();
  await db?.drop();
});

/** The SDK's own client, on the Streamable HTTP transport, with a personal key. */
async function mcpAs(key: string): Promise<Client> {
  const client = new Client({ name: 'notetaker-test', version: '1.0.0' });
  const origin = new URL(server.baseUrl).origin;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { requestInit: { headers: { Authorization: key } } }),
  );
  opened.push(client);
  return client;
}

const json = (r: unknown) => JSON.parse((r as { content: { text: string }[] }).content[0]!.text) as any;

describe('the MCP server at /mcp', () => {
  it('When an agent connects with a personal key, then it lists, searches and reads meetings, transcripts and summaries', async () => {
    const me = await givenAccount(api);
    const bot = await api.as(me).post('/bots', {
      workspace_id: me.workspaceId,
      meeting_url: 'https://meet.google.com/mcp-abcd-efg',
      participants: [{ email: 'dana@acme.test', name: 'Dana Scully' }],
    });
    assert.equal(bot.status, 201);
    const meetingId = bot.body.meeting_id as string;
    await db.orm.em
      .fork()
      .execute(
        `insert into meeting_results (meeting_id, bot_id, transcript, summary, updated_at) values (?, ?, ?::jsonb, ?::jsonb, now())`,
        [
          meetingId,
          bot.body.id,
          JSON.stringify({
            language: 'en',
            segments: [
              {
                speaker: 'Dana Scully',
                email: 'dana@acme.test',
                start: 65,
                end: 70,
                text: 'The truth is out there.',
                words: [],
              },
            ],
          }),
          JSON.stringify({
            template: 'general',
            language: 'en',
            sections: [{ title: 'Decisions', text: 'Keep looking.' }],
            action_items: [{ text: 'File the report', owner: 'Dana Scully' }],
          }),
        ],
      );

    const client = await mcpAs(me.key);
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(tools, ['get_meeting', 'get_summary', 'get_transcript', 'list_meetings', 'search_meetings']);
    const listed = json(await client.callTool({ name: 'list_meetings', arguments: { workspace_id: me.workspaceId } }));
    assert.deepEqual(
      listed.meetings.map((m: { id: string }) => m.id),
      [meetingId],
    );
    const searched = json(
      await client.callTool({ name: 'search_meetings', arguments: { workspace_id: me.workspaceId, text: 'scully' } }),
    );
    assert.equal(searched.meetings[0].id, meetingId);
    const none = json(
      await client.callTool({ name: 'search_meetings', arguments: { workspace_id: me.workspaceId, text: 'mulder' } }),
    );
    assert.deepEqual(none.meetings, []);
    const meeting = json(await client.callTool({ name: 'get_meeting', arguments: { meeting_id: meetingId } }));
    assert.equal(meeting.platform, 'meet');
    const transcript = json(await client.callTool({ name: 'get_transcript', arguments: { meeting_id: meetingId } }));
    assert.deepEqual(transcript.lines, ['[01:05] Dana Scully: The truth is out there.']);
    const summary = json(await client.callTool({ name: 'get_summary', arguments: { meeting_id: meetingId } }));
    assert.equal(summary.sections[0].title, 'Decisions');
    assert.equal(summary.action_items[0].text, 'File the report');
  });

  it('When another account’s agent asks for the meeting, or no key is sent, then it gets the API’s errors', async () => {
    const owner = await givenAccount(api);
    const bot = await api.as(owner).post('/bots', {
      workspace_id: owner.workspaceId,
      meeting_url: 'https://meet.google.com/mcp-priv-ate',
    });
    const stranger = await givenAccount(api);
    const client = await mcpAs(stranger.key);
    const refused = await client.callTool({ name: 'get_meeting', arguments: { meeting_id: bot.body.meeting_id } });
    assert.equal(refused.isError, true);
    assert.equal(json(refused).errors[0].code, 'not_found');
    const foreign = await client.callTool({ name: 'list_meetings', arguments: { workspace_id: owner.workspaceId } });
    assert.equal(foreign.isError, true);
    assert.equal(json(foreign).errors[0].code, 'unauthorized');

    const origin = new URL(server.baseUrl).origin;
    const anonymous = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(anonymous.status, 401);
    const malformed = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0",',
    });
    assert.equal(malformed.status, 400, 'a body that cannot be read is the client’s 400, not a 500');
    assert.equal(((await malformed.json()) as { errors: { code: string }[] }).errors[0]!.code, 'invalid_json');
    assert.equal(((await anonymous.json()) as { errors: { code: string }[] }).errors[0]!.code, 'missing_api_key');
  });
});
