import { createHmac } from 'node:crypto';

/** The spec's verification steps, followed literally by a receiver. */
export function verifyLikeTheSpec(secret: string, headers: Record<string, string>, rawBody: string, nowSeconds: number): boolean {
  const parts = headers['x-service-signature']!.split(',');
  const t = Number(parts.find((p) => p.startsWith('t='))!.slice(2));
  if (Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return parts.filter((p) => p.startsWith('v1=')).some((p) => p.slice(3) === expected);
}

