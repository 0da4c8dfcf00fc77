import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { ClusterMetricsUnavailable } from '../../runtime/api-cluster';
import { loadConfig } from '../../runtime/config';
import { projectRoot } from '../../runtime/paths';
import { LocalStorage } from '../../runtime/storage';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let open: TestApi;
let guarded: TestApi;
const TOKEN = 'metrics-token-of-some-length';

beforeAll(async () => {
  db = await freshDatabase();
  open = await givenApi({ orm: db.orm, env: { RATE_LIMIT_WORKSPACES_PER_DAY: '1' } });
  guarded = await givenApi({ orm: db.orm, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => db.drop());

/** The value of one series in Prometheus text, or undefined. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('When requests, bots and refusals happen, then the Prometheus text counts them by route, status and state', async () => {
    const me = await givenAccount(open);
    for (let i = 0; i < 3; i++) assert.equal((await open.as(me).get('/workspaces')).status, 200);
    assert.equal((await open.as(me).get('/meetings/mtg_nothing')).status, 404);
    const bot = await open
      .as(me)
      .post('/bots', { workspace_id: me.workspaceId, meeting_url: 'https://meet.google.com/met-rics-abc' });
    assert.equal(bot.status, 201);
    // The day's one workspace is the account's own: the next ones are refused.
    for (const name of ['Second', 'Third']) assert.equal((await open.as(me).post('/workspaces', { name })).status, 429);

    const res = await open.http.get('/metrics');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type']!, /^text\/plain/);
    const text = res.text;
    assert.ok(
      series(text, 'notetaker_http_requests_total', { method: 'GET', route: '/api/v1/workspaces', status: '200' })! >=
        3,
    );
    assert.equal(
      series(text, 'notetaker_http_requests_total', { method: 'GET', route: '/api/v1/meetings/{id}', status: '404' }),
      1,
    );
    assert.ok(
      series(text, 'notetaker_http_request_duration_seconds_count', {
        route: '/api/v1/workspaces',
        status_class: '2xx',
      })! >= 3,
    );
    assert.ok(series(text, 'notetaker_bots', { status: 'queued' })! >= 1);
    assert.equal(series(text, 'notetaker_rate_limit_refusals_total', { limit: 'workspace_creation_rate_limited' }), 2);
    // No dispatcher runs here: the bot's start command waits in the outbox.
    assert.ok(series(text, 'notetaker_outbox_commands_pending', {})! >= 1);
    assert.ok(series(text, 'notetaker_outbox_commands_oldest_age_seconds', {})! >= 0);
    assert.match(text, /notetaker_process_resident_memory_bytes/);
  });

  it('When the Grafana dashboard in ops/ is read, then every service metric it plots is one /metrics serves', async () => {
    const dashboard = readFileSync(path.join(projectRoot(), 'ops', 'grafana-dashboard.json'), 'utf8');
    const names = new Set(
      [...dashboard.matchAll(/notetaker_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')),
    );
    assert.ok(names.size >= 10);
    const text = (await open.http.get('/metrics')).text;
    for (const name of names) assert.match(text, new RegExp(`^# TYPE ${name} `, 'm'), name);
  });

  it('When METRICS_TOKEN is set, then the metrics need it as a bearer token', async () => {
    const none = await guarded.http.get('/metrics');
    assert.equal(none.status, 401);
    assert.equal(none.body.errors[0].code, 'unauthorized');
    assert.equal(
      (await guarded.http.get('/metrics').set('Authorization', 'Bearer wrong-token-of-some-length')).status,
      401,
    );
    const ok = await guarded.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    assert.equal(ok.status, 200);
    assert.match(ok.text, /notetaker_http_requests_total/);
  });

  it('When an API process of a cluster cannot get the other processes’ metrics from the primary, then the scrape answers 503 with Retry-After, not 500', async () => {
    const { app, close } = createApp({
      orm: db.orm,
      config: loadConfig({ NODE_ENV: 'test', SIGNING_SECRET: 'test-signing-secret-of-at-least-32-chars' }),
      log: silentLog,
      temporal: null,
      storage: new LocalStorage('/nonexistent'),
      baseUrl: () => 'http://api.test/api/v1',
      // As apiProcessChannel's scrape fails when the primary does not answer within its deadline.
      clusterMetrics: () => () =>
        Promise.reject(new ClusterMetricsUnavailable('no answer for the processes’ metrics within 10 s')),
    });
    try {
      const res = await supertest(app).get('/metrics');
      assert.equal(res.status, 503);
      assert.equal(res.headers['retry-after'], '5');
      assert.equal(res.body.errors[0].code, 'provider_unavailable');
      assert.match(res.body.errors[0].message, /within 10 s/);
    } finally {
      await close();
    }
  });
});
