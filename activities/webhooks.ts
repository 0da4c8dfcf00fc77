import dns from 'node:dns';
import net from 'node:net';
import { Agent, request } from 'undici';
import type { EntityManager } from '@mikro-orm/postgresql';
import { commands } from '../services/commands';
import { WebhookEndpoint, type WebhookEvent } from '../db/entities';
import type { Orm } from '../db/orm';
import { downgrade, type ResourceKind } from '../domain/versions';
import { addressProblem, hostNameProblem, isLoopback } from '../domain/webhooks/addresses';
import { signatureHeaders } from '../domain/webhooks/signature';
import type { Logger } from '../runtime/logger';
import { deliveryWorkflowId } from '../workflows/signals';

export const DELIVERY_TIMEOUT_MS = 10_000;
const RESPONSE_BODY_LIMIT = 4096;

export type WebhookDeps = { orm: Orm; log: Logger; allowLoopbackWebhooks: boolean };

function kindOf(type: string): ResourceKind | null {
  if (type.startsWith('bot.')) return 'bot';
  if (type.startsWith('meeting.')) return 'meeting';
  return null;
}

/** The body an endpoint receives, rendered once at its pinned version (retries resend these bytes). */
export function renderEnvelope(e: Pick<WebhookEvent, 'id' | 'type' | 'createdAt' | 'payload'>, version: string): string {
  const kind = kindOf(e.type);
  const object = kind ? downgrade(kind, e.payload, version, { serverOffsetMinutes: -new Date().getTimezoneOffset() }) : e.payload;
  return JSON.stringify({ id: e.id, type: e.type, created_at: e.createdAt.toISOString(), data: { object } });
}

export function subscribes(endpoint: Pick<WebhookEndpoint, 'enabledEvents'>, type: string): boolean {
  return endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);
}

/** Why a URL may not receive webhooks, or null when it may (checked at creation; addresses again at each attempt). */
export function urlProblem(url: string, allowLoopback: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url must be an absolute URL.';
  }
  // The WHATWG parser has already normalised odd IPv4 forms (0x7f.1, 2130706433) and IPv6 ones.
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const isIp = net.isIP(host) !== 0;
  const loopbackName = host === 'localhost' || host.endsWith('.localhost') || (isIp && isLoopback(host));
  if (allowLoopback && loopbackName && (u.protocol === 'http:' || u.protocol === 'https:')) return null;
  if (u.protocol !== 'https:') return 'url must use https.';
  if (u.username || u.password) return 'url must not carry credentials.';
  const problem = isIp ? addressProblem(host) : hostNameProblem(host);
  if (problem) return `url must point to a public address: ${isIp ? `the address is ${problem}` : problem}.`;
  return null;
}

/**
 * An HTTP agent whose every connection goes to an address checked at connect time: the name is
 * resolved once, the address is checked, and that same address is dialled (no DNS-rebinding window).
 */
type Resolver = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

function guardedAgent(allowLoopback: boolean, resolve: Resolver = dns.lookup): Agent {
  const check = (address: string) => addressProblem(address) === null || (allowLoopback && isLoopback(address));
  return new Agent({
    connect: {
      timeout: DELIVERY_TIMEOUT_MS,
      lookup: (hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) => {
        resolve(hostname, { ...options, all: true }, (err, addresses: dns.LookupAddress[]) => {
          if (err) return callback(err);
          const allowed = addresses.filter((a) => check(a.address));
          // The rule, never the DNS answers: what a name resolves to stays out of attempt records.
          const rules = [...new Set(addresses.map((a) => addressProblem(a.address)).filter((p) => p !== null))];
          if (allowed.length === 0) return callback(new Error(`refused: ${hostname} resolves only to addresses that are not public (${rules.join('; ')})`));
          if (options.all) return callback(null, allowed);
          callback(null, allowed[0]!.address, allowed[0]!.family);
        });
      },
    } as never,
  });
}

export type AttemptOutcome = { outcome: 'succeeded' | 'failed' | 'stopped'; statusCode: number | null; error: string | null };

/** One POST to an endpoint, with its signatures, recorded whatever happens. */
export async function postOnce(
  deps: Pick<WebhookDeps, 'allowLoopbackWebhooks'> & { resolve?: Resolver },
  endpoint: Pick<WebhookEndpoint, 'url' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  type: string,
  body: string,
): Promise<{ statusCode: number | null; responseBody: string | null; error: string | null; durationMs: number; startedAt: Date }> {
  const startedAt = new Date();
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > startedAt) secrets.push(endpoint.previousSecret);
  const problem = urlProblem(endpoint.url, deps.allowLoopbackWebhooks);
  if (problem) return { statusCode: null, responseBody: null, error: `refused: ${problem}`, durationMs: 0, startedAt };
  const agent = guardedAgent(deps.allowLoopbackWebhooks, deps.resolve);
  try {
    const res = await request(endpoint.url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'notetaker-webhooks/1',
        'x-service-event': type,
        ...Object.fromEntries(Object.entries(signatureHeaders(secrets, body, Math.floor(startedAt.getTime() / 1000))).map(([k, v]) => [k.toLowerCase(), v])),
      },
      body,
      headersTimeout: DELIVERY_TIMEOUT_MS,
      bodyTimeout: DELIVERY_TIMEOUT_MS,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    let text = '';
    for await (const chunk of res.body) {
      if (text.length < RESPONSE_BODY_LIMIT) text += Buffer.from(chunk as Buffer).toString('utf8');
    }
    return { statusCode: res.statusCode, responseBody: text.slice(0, RESPONSE_BODY_LIMIT), error: null, durationMs: Date.now() - startedAt.getTime(), startedAt };
  } catch (err) {
    const e = err as Error & { cause?: Error; code?: string };
    const message = e.name === 'TimeoutError' || e.name === 'AbortError' ? `timeout: no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : `${e.code ?? e.name}: ${e.cause?.message ?? e.message}`;
    return { statusCode: null, responseBody: null, error: message.slice(0, 500), durationMs: Date.now() - startedAt.getTime(), startedAt };
  } finally {
    await agent.close();
  }
}

/**
 * Events become their deliveries, in one transaction per batch and without any Temporal call:
 * each subscribed, enabled endpoint gets its body rendered at its pinned version (stored, so retries
 * and redeliveries send these bytes) and a command to start its delivery workflow; the events are
 * marked dispatched. Rows are claimed with SKIP LOCKED, so several dispatchers share the work.
 * Returns how many events it took.
 */
export async function fanOutEvents(orm: Orm, opts: { batchSize: number }): Promise<number> {
  return orm.em.fork().transactional(async (em) => {
    const events = await em.execute<{ id: string; workspace_id: string; type: string; created_at: Date; payload: Record<string, unknown> }[]>(
      `select id, workspace_id, type, created_at, payload from webhook_events where dispatched_at is null order by created_at, id limit ? for update skip locked`,
      [opts.batchSize],
    );
    if (events.length === 0) return 0;
    const endpoints = await em.find(WebhookEndpoint, { workspaceId: { $in: [...new Set(events.map((e) => e.workspace_id))] }, enabled: true, deletedAt: null });
    const rows: [string, string, string][] = [];
    for (const e of events) {
      for (const endpoint of endpoints) {
        if (endpoint.workspaceId !== e.workspace_id || !subscribes(endpoint, e.type)) continue;
        rows.push([e.id, endpoint.id, renderEnvelope({ id: e.id, type: e.type, createdAt: new Date(e.created_at), payload: e.payload }, endpoint.apiVersion)]);
        commands.start(em, 'webhookDelivery', deliveryWorkflowId(e.id, endpoint.id, 1), [{ eventId: e.id, endpointId: endpoint.id, series: 1 }]);
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await em.execute(
        `insert into webhook_deliveries (event_id, endpoint_id, body) values ${chunk.map(() => '(?, ?, ?)').join(', ')} on conflict (event_id, endpoint_id) do nothing`,
        chunk.flat(),
      );
    }
    await em.execute('update webhook_events set dispatched_at = now() where id in (?)', [events.map((e) => e.id)]);
    await em.flush();
    return events.length;
  });
}

async function recordAttempt(em: EntityManager, row: { eventId: string; endpointId: string; series: number; number: number; startedAt: Date; durationMs: number; statusCode: number | null; responseBody: string | null; error: string | null }, succeeded: boolean) {
  await em.transactional(async (tem) => {
    await tem.execute(
      `insert into webhook_attempts (event_id, endpoint_id, series, number, started_at, duration_ms, status_code, response_body, error)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (event_id, endpoint_id, series, number) do nothing`,
      [row.eventId, row.endpointId, row.series, row.number, row.startedAt, row.durationMs, row.statusCode, row.responseBody, row.error],
    );
    await tem.execute(
      `update webhook_deliveries set attempts = attempts + 1, last_attempt_at = ?, status = ? where event_id = ? and endpoint_id = ?`,
      [row.startedAt, succeeded ? 'succeeded' : 'pending', row.eventId, row.endpointId],
    );
  });
}

export function createWebhookActivities(deps: WebhookDeps) {
  return {
    /** One delivery attempt; the workflow owns the schedule, so this never retries by itself. */
    async attemptDelivery(input: { eventId: string; endpointId: string; series: number; number: number }): Promise<AttemptOutcome> {
      const em = deps.orm.em.fork();
      const endpoint = await em.findOne(WebhookEndpoint, { id: input.endpointId });
      if (!endpoint || endpoint.deletedAt || !endpoint.enabled) return { outcome: 'stopped', statusCode: null, error: null };
      const rows = await em.execute<{ body: string; type: string; series: number }[]>(
        'select d.body, d.series, e.type from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.event_id = ? and d.endpoint_id = ?',
        [input.eventId, input.endpointId],
      );
      if (!rows[0]) return { outcome: 'stopped', statusCode: null, error: 'no stored body' };
      // A redelivery started a newer series: this one stops (each series is a workflow of its own).
      if (rows[0].series > input.series) return { outcome: 'stopped', statusCode: null, error: 'superseded by a redelivery' };
      const result = await postOnce(deps, endpoint, rows[0].type, rows[0].body);
      const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      await recordAttempt(em, { ...input, ...result }, succeeded);
      deps.log.info({ event_id: input.eventId, endpoint_id: input.endpointId, attempt: input.number, status: result.statusCode, error: result.error }, 'webhook attempt');
      return { outcome: succeeded ? 'succeeded' : 'failed', statusCode: result.statusCode, error: result.error };
    },

    /** After the last attempt failed. */
    async markDeliveryFailed(input: { eventId: string; endpointId: string }): Promise<void> {
      await deps.orm.em.fork().execute(`update webhook_deliveries set status = 'failed' where event_id = ? and endpoint_id = ? and status = 'pending'`, [input.eventId, input.endpointId]);
    },

    /**
     * Kept for `outbox-relay` workflows started by earlier releases (the dispatcher does this work
     * now): fans out one batch of events, which the dispatcher would take anyway.
     */
    async relayUndispatched(): Promise<number> {
      return fanOutEvents(deps.orm, { batchSize: 200 });
    },
  };
}
