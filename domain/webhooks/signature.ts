import { createHmac } from 'node:crypto';

/** Spec Events › Signature verification: lowercase hex HMAC-SHA256 keyed with the whole `whsec_` secret. */
export function hmacHex(secret: string, text: string | Buffer): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/**
 * The two signature headers for a body, `secrets` newest first. During a rotation every secret still
 * signing adds a `v1=` digest to `X-Service-Signature`; `X-Webhook-Signature` keeps the spec's single
 * `sha256=<hex_digest>` form, signed with the newest secret (spec Events › Request headers).
 */
export function signatureHeaders(
  secrets: [string, ...string[]],
  body: string,
  unixSeconds: number,
): { 'X-Service-Signature': string; 'X-Webhook-Signature': string } {
  const v1 = secrets.map((s) => `v1=${hmacHex(s, `${unixSeconds}.${body}`)}`).join(',');
  return {
    'X-Service-Signature': `t=${unixSeconds},${v1}`,
    'X-Webhook-Signature': `sha256=${hmacHex(secrets[0], body)}`,
  };
}
