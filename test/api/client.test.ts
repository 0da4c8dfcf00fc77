import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startApi, type ApiServer } from '../../api/server';
import { projectRoot } from '../../runtime/paths';
import { createNotetakerClient, verifyWebhook } from '../../clients/typescript';
import { signatureHeaders } from '../../domain/webhooks/signature';
import { loadConfig } from '../../runtime/config';
import { LocalStorage } from '../../runtime/storage';
import { givenAccount } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';
import { testEnv } from '../support/env';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ApiServer;

beforeAll(async () => {
  db = await freshDatabase();
  server = await startApi(
    {
      orm: db.orm,
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SIGNING_SECRET: 'client-test-signing-secret-32-chars',
      }),
      log: silentLog,
      temporal: null,
      storage: new LocalStorage(path.join(testEnv().tmp, `media-client-${process.pid}`)),
    },
    { host: '127.0.0.1', port: 0 },
  );
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe('the TypeScript client (clients/typescript)', () => {
  it('When the served OpenAPI document is turned into types, then they are exactly the checked-in schema.d.ts', async () => {
    // openapi-typescript loads ESM-only modules: it runs in its own process, as `npm run client:generate` does
    // (asynchronously: it fetches the document from this process's server). A difference exits 1 and fails here.
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/generate-client.ts', '--check', '--from', `${server.baseUrl}/openapi.json`],
      { cwd: projectRoot(), timeout: 60_000 },
    );
  });

  it('When an integrator calls the API with the client, then answers and errors arrive typed', async () => {
    const me = await givenAccount({ orm: db.orm });
    const client = createNotetakerClient({ baseUrl: server.baseUrl, apiKey: me.key });
    const list = await client.GET('/workspaces', { params: { query: { limit: 10 } } });
    assert.equal(list.response.status, 200);
    assert.equal(list.data!.data[0]!.id, me.workspaceId);
    const bot = await client.POST('/bots', {
      body: { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/cli-entt-est' },
    });
    assert.equal(bot.response.status, 201);
    const meeting = await client.GET('/meetings/{id}', { params: { path: { id: bot.data!.meeting_id } } });
    // GET /meetings/{id} answers a meeting, or a bot for its deprecated bot form: the type says both.
    assert.equal(meeting.data!.object, 'meeting');
    assert.equal('platform' in meeting.data! ? meeting.data.platform : null, 'meet');
    const missing = await client.GET('/bots/{id}', { params: { path: { id: 'bot_nothing' } } });
    assert.equal(missing.response.status, 404);
    // A 404 is the API's JSON error body (a 429 of the flood limit would be plain text, hence the narrowing).
    assert.equal((missing.error as { errors: { code: string }[] }).errors[0]!.code, 'not_found');
    const older = createNotetakerClient({ baseUrl: server.baseUrl, apiKey: me.key, version: '2026-10-11' });
    const oldShape = await older.GET('/workspaces', {});
    assert.equal(oldShape.response.headers.get('service-version'), '2026-10-10');
  });

  it('When a delivery is verified with the helper, then both signature headers pass on the raw body, and a stale, tampered or rotated-out one fails', () => {
    const secret = 'whsec_client_helper_secret';
    const body = JSON.stringify({ id: 'evt_1', type: 'meeting.updated', data: { object: {} } });
    const now = new Date('2026-11-23T10:00:00Z');
    const t = Math.floor(now.getTime() / 1000);
    const headers = signatureHeaders([secret, 'whsec_previous'], body, t);
    const lower = {
      'x-service-signature': headers['X-Service-Signature'],
      'x-webhook-signature': headers['X-Webhook-Signature'],
    };
    assert.equal(verifyWebhook({ secret, headers: lower, rawBody: body, now }), true);
    assert.equal(verifyWebhook({ secret, headers, rawBody: body, now }), true, 'header names in any case');
    assert.equal(
      verifyWebhook({ secret: 'whsec_previous', headers: lower, rawBody: body, now }),
      true,
      'one v1 per secret',
    );
    assert.equal(
      verifyWebhook({ secret, headers: { 'x-webhook-signature': lower['x-webhook-signature'] }, rawBody: body, now }),
      true,
    );
    assert.equal(verifyWebhook({ secret, headers: lower, rawBody: `${body} `, now }), false, 'tampered');
    assert.equal(
      verifyWebhook({ secret, headers: lower, rawBody: body, now: new Date(now.getTime() + 301_000) }),
      false,
      'older than five minutes',
    );
    assert.equal(verifyWebhook({ secret: 'whsec_other', headers: lower, rawBody: body, now }), false);
  });
});
