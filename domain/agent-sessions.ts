import { createHash, randomBytes } from 'node:crypto';

/** Spec Limits: an agent handoff code is valid 5 minutes after the page showing it loads. */
export const HANDOFF_CODE_TTL_MS = 5 * 60_000;

// Crockford's base32: no I, L, O or U, so a code read aloud or retyped survives.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code: 20 characters of base32 (100 random bits) in groups of four, `XXXX-XXXX-XXXX-XXXX-XXXX`. */
export function generateHandoffCode(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]!);
  return [0, 4, 8, 12, 16].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** What a pasted code means: case, spaces and dashes do not matter; null when it cannot be a code. */
export function normalizeHandoffCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{20}$/.test(s) ? s : null;
}

/** Codes carry 100 random bits: a plain SHA-256 of the normalised code is a sound lookup hash. */
export function hashHandoffCode(normalized: string): string {
  return createHash('sha256').update(`agent-session:${normalized}`, 'utf8').digest('hex');
}
