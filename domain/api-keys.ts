import { createHash, randomBytes } from 'node:crypto';

/** A new personal API key: shown once, stored only as its hash. */
export function generateApiKey(): string {
  return `ntk_${randomBytes(30).toString('base64url')}`;
}

/** Keys carry 240 random bits, so a plain SHA-256 is a sound lookup hash (no salt needed to resist guessing). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The key out of an Authorization header: the bare key, or `Bearer <key>` / `Token <key>` with the
 * scheme word in any case (spec: Authentication, 1). Null when nothing usable is there.
 */
export function keyFromAuthorization(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (value === '') return null;
  const m = /^(bearer|token)\s+(\S+)$/i.exec(value);
  return m ? m[2]! : value;
}
