import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Svix-style webhook signatures (used by hosted bot APIs such as Recall.ai): base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` keyed with the base64 part of a `whsec_` secret, sent as
 * `svix-signature: v1,<sig> [v1,<sig>…]`.
 */
export function svixSign(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

export function svixVerify(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(svixSign(secret, id, Number(timestamp), body));
  return signature.split(' ').some((candidate) => {
    const got = Buffer.from(candidate);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
