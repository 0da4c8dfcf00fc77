/**
 * A typed client of the notetaker API (openapi-fetch over the generated schema.d.ts) and the webhook
 * verification helper. See clients/typescript/README.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { paths, components, operations } from './schema';
export type NotetakerClient = Client<paths>;

/**
 * A client for one personal key: `baseUrl` ends with `/api/v1`; `version` sends `Service-Version`
 * (without it the key's pin serves). Every call answers `{ data, error, response }`: `error` is the
 * API's `{ errors: [{ code, message, field? }] }`.
 */
export function createNotetakerClient(opts: {
  baseUrl: string;
  apiKey: string;
  version?: string;
  fetch?: typeof fetch;
}): NotetakerClient {
  return createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: opts.apiKey, ...(opts.version ? { 'Service-Version': opts.version } : {}) },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
}

const hmac = (secret: string, text: string | Buffer) => createHmac('sha256', secret).update(text).digest('hex');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Verifies a webhook delivery on its raw body, before parsing (spec: Signature verification). With
 * `X-Service-Signature` (`t=<unix>,v1=<hex>[,v1=…]`, one `v1` per secret during a rotation) the
 * timestamp must be within `toleranceSeconds` (default 5 minutes); otherwise `X-Webhook-Signature`
 * (`sha256=<hex>`, no replay protection: deduplicate on the event id). The secret is the whole
 * `whsec_…` value.
 */
export function verifyWebhook(opts: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Buffer;
  toleranceSeconds?: number;
  now?: Date;
}): boolean {
  // Header names in any case (Node lowercases them; other frameworks keep what was sent).
  const header = (name: string) => {
    const v = Object.entries(opts.headers).find(([k]) => k.toLowerCase() === name)?.[1];
    return Array.isArray(v) ? v[0] : v;
  };
  const body = typeof opts.rawBody === 'string' ? Buffer.from(opts.rawBody) : opts.rawBody;
  const service = header('x-service-signature');
  if (service) {
    const parts = service.split(',').map((p) => p.trim().split('=') as [string, string]);
    const t = Number(parts.find(([k]) => k === 't')?.[1]);
    if (!Number.isFinite(t)) return false;
    const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
    if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
    const expected = hmac(opts.secret, Buffer.concat([Buffer.from(`${t}.`), body]));
    return parts.some(([k, v]) => k === 'v1' && same(v, expected));
  }
  const plain = header('x-webhook-signature');
  if (!plain?.startsWith('sha256=')) return false;
  return same(plain.slice('sha256='.length), hmac(opts.secret, body));
}
