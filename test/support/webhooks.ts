import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { botWorkflowId } from '../../workflows/signals';
import { givenAccount, type TestApi } from './api';
import { serviceFixture, type TemporalHarness } from './temporal';

/** The spec's verification steps, followed literally by a receiver. */
export function verifyLikeTheSpec(
  secret: string,
  headers: Record<string, string>,
  rawBody: string,
  nowSeconds: number,
): boolean {
  const parts = headers['x-service-signature']!.split(',');
  const t = Number(parts.find((p) => p.startsWith('t='))!.slice(2));
  if (Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return parts.filter((p) => p.startsWith('v1=')).some((p) => p.slice(3) === expected);
}

type Received = {
  headers: Record<string, string>;
  body: string;
  json: { id: string; type: string; data: { object: Record<string, unknown> } };
};

/** A receiver on loopback: records every request and answers with the next scripted status (default 200). */
export class Receiver {
  received: Received[] = [];
  script: number[] = [];
  always: number | null = null;
  /** While set, answers wait for it (a request in flight). */
  held: Promise<void> | null = null;
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    this.received.push({ headers: req.headers as Record<string, string>, body, json: JSON.parse(body) });
    if (this.held) await this.held;
    const status = this.always ?? this.script.shift() ?? 200;
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'try later');
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
}

/**
 * Everything a webhook test needs: a database, a time-skipping server with a worker that dispatches
 * on commit, the API (loopback endpoints allowed), an account, and a receiver.
 */
export async function webhookFixture() {
  const service = await serviceFixture({ server: 'time-skipping', env: { ALLOW_LOOPBACK_WEBHOOKS: 'true' } });
  const { db, t, worker, api } = service;
  const me = await givenAccount(api);
  const receiver = new Receiver();
  await receiver.start();
  const close = async () => {
    receiver.server.close();
    await service.close();
  };
  return { db, t, worker, api, me, receiver, close, ...helpers(api, t, receiver) };
}

function helpers(api: TestApi, t: TemporalHarness, receiver: Receiver) {
  return {
    async createEndpoint(key: string, workspaceId: string, body: Record<string, unknown> = {}) {
      const res = await api
        .as(key)
        .post('/webhook_endpoints', { workspace_id: workspaceId, url: receiver.url, enabled_events: ['*'], ...body });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body as { id: string; secret: string; api_version: string };
    },

    async sendBot(key: string, workspaceId: string, meetingUrl = 'https://meet.google.com/hook-abcd-efg') {
      const res = await api.as(key).post('/bots', { workspace_id: workspaceId, meeting_url: meetingUrl });
      assert.equal(res.status, 201);
      return res.body as { id: string; meeting_id: string };
    },

    /** Ends a bot workflow a test no longer needs (it may have ended by itself). */
    async stopBot(botId: string) {
      await t.env.client.workflow
        .getHandle(botWorkflowId(botId))
        .terminate('test over')
        .catch(() => undefined);
    },
  };
}
