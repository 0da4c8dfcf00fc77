import { randomFillSync } from 'node:crypto';

/** Typed prefixes of the spec (General conventions, 6). */
export const ID_PREFIXES = {
  account: 'acc',
  workspace: 'wks',
  member: 'mem',
  meeting: 'mtg',
  bot: 'bot',
  calendarEvent: 'cev',
  calendarConnection: 'cal',
  connectLink: 'ccl',
  settingsAssignment: 'asg',
  settings: 'set',
  brandKit: 'brk',
  file: 'file',
  event: 'evt',
  summaryTemplate: 'tpl',
  webhookEndpoint: 'we',
  request: 'req',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
let lastMs = 0;
let lastRandom: Buffer = Buffer.alloc(10);

/**
 * Random bytes are drawn 4 KiB at a time and handed out 10 at a time (as node's own randomUUID
 * does): each draw of the system's generator is a job of its own (about 5 µs of a request in the
 * API's profile, where a request id is made for every request), a slice of the pool is a copy.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

function randomTen(): Buffer {
  if (poolOffset + 10 > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 10;
  return Buffer.from(pool.subarray(poolOffset - 10, poolOffset));
}

function encodeBase32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A 26-character, time-ordered identifier body (ULID layout, lowercase Crockford base32).
 * Ids made later in the same process sort after earlier ones, so keyset pagination on the id
 * is creation order.
 */
export function ulid(now = Date.now()): string {
  let random: Buffer;
  if (now <= lastMs) {
    now = lastMs;
    random = Buffer.from(lastRandom);
    for (let i = random.length - 1; i >= 0; i--) {
      random[i] = (random[i]! + 1) & 0xff;
      if (random[i] !== 0) break;
    }
  } else {
    random = randomTen();
  }
  lastMs = now;
  lastRandom = random;
  const time = Buffer.alloc(6);
  time.writeUIntBE(now, 0, 6);
  return encodeBase32(Buffer.concat([time, random])).slice(0, 26);
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${ulid()}`;
}

export function hasPrefix(kind: IdKind, value: string): boolean {
  return value.startsWith(`${ID_PREFIXES[kind]}_`) && value.length > ID_PREFIXES[kind].length + 1;
}
