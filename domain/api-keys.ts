import * as crypto from 'node:crypto';
import { createHash, randomBytes } from 'node:crypto';

/** `crypto.hash`, absent before node 20.12. */
const oneShot = (crypto as { hash?: typeof crypto.hash }).hash;

/** A new personal API key: shown once, stored only as its hash. */
export function generateApiKey(): string {
  return `ntk_${randomBytes(30).toString('base64url')}`;
}

/** Keys carry 240 random bits, so a plain SHA-256 is a sound lookup hash (no salt needed to resist guessing). */
export function hashApiKey(key: string): string {
  // Every request hashes its key: node's one-shot hash where it has one (20.12 and later), a third of the cost.
  return oneShot ? oneShot('sha256', key, 'hex') : createHash('sha256').update(key, 'utf8').digest('hex');
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
