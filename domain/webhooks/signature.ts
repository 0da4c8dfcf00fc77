import { createHmac } from 'node:crypto';

/** Spec Events › Signature verification: lowercase hex HMAC-SHA256 keyed with the whole `whsec_` secret. */
export function hmacHex(secret: string, text: string | Buffer): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** The two signature headers for a body; every secret still signing contributes a digest. */
export function signatureHeaders(
  secrets: string[],
  body: string,
  unixSeconds: number,
): { 'X-Service-Signature': string; 'X-Webhook-Signature': string } {
  const v1 = secrets.map((s) => `v1=${hmacHex(s, `${unixSeconds}.${body}`)}`).join(',');
  const plain = secrets.map((s) => `sha256=${hmacHex(s, body)}`).join(',');
  return { 'X-Service-Signature': `t=${unixSeconds},${v1}`, 'X-Webhook-Signature': plain };
}
