import type { EntityManager } from '@mikro-orm/postgresql';
import type { Account } from '../db/entities';
import { accountByKeyHash, pinVersionIfUnpinned } from '../db/accounts';
import { hashApiKey } from '../domain/api-keys';
import { CURRENT_VERSION } from '../domain/versions';

/**
 * How long a process trusts what it read about a key: a key revoked (regenerated, rotated) or an
 * account disabled by another process is refused by this one at most this long after. The process
 * that revokes forgets the key at once (forgetAccountKeys). README › Benchmarks / Authentication.
 */
export const KEY_CACHE_TTL_MS = 500;
/** At most this many keys are remembered; the oldest go first. */
const KEY_CACHE_MAX = 10_000;

type Entry = { account: Account; readAt: number };
type KeyCache = {
  entries: Map<string, Entry>;
  /** One lookup per key hash at a time: a burst of requests with an expired key makes one query. */
  inFlight: Map<string, Promise<Account | null>>;
  /** Bumped by every forget: a lookup that started before it does not keep what it read. */
  epoch: number;
};

// One cache per database (the ORM's configuration): tests run several apps on several databases in one process.
const caches = new WeakMap<object, KeyCache>();
function cacheOf(em: EntityManager): KeyCache {
  let cache = caches.get(em.config);
  if (!cache) caches.set(em.config, (cache = { entries: new Map(), inFlight: new Map(), epoch: 0 }));
  return cache;
}

/**
 * The account a key belongs to, or null. A key without a pin is pinned to the version current at
 * its first call (spec Versioning, 3). Keys are looked up by their hash and remembered for
 * KEY_CACHE_TTL_MS (by hash only; an unknown key is never remembered).
 */
export async function accountForKey(em: EntityManager, key: string, now = Date.now()): Promise<Account | null> {
  const hash = hashApiKey(key);
  const cache = cacheOf(em);
  const hit = cache.entries.get(hash);
  if (hit && now - hit.readAt < KEY_CACHE_TTL_MS) return hit.account;
  let lookup = cache.inFlight.get(hash);
  if (!lookup) {
    const epoch = cache.epoch;
    lookup = (async () => {
      try {
        const account = await accountByKeyHash(em, hash);
        if (account && account.versionPin === null) {
          account.versionPin = CURRENT_VERSION;
          await pinVersionIfUnpinned(em, account.id, CURRENT_VERSION);
        }
        if (cache.epoch === epoch) {
          cache.entries.delete(hash);
          if (account) {
            if (cache.entries.size >= KEY_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
            cache.entries.set(hash, { account, readAt: now });
          }
        }
        return account;
      } finally {
        if (cache.inFlight.get(hash) === lookup) cache.inFlight.delete(hash);
      }
    })();
    cache.inFlight.set(hash, lookup);
  }
  return lookup;
}

/** Where a forget is told to the other API processes of a cluster (set by scripts/start.ts). */
let relay: ((accountId: string) => void) | null = null;
export function relayKeyForgets(to: ((accountId: string) => void) | null): void {
  relay = to;
}

/**
 * Forgets every remembered key of an account (its key was replaced, its pin changed or it was
 * disabled): the next request reads it again, in this process and (`relayKeyForgets`) in the other
 * API processes of its cluster. `relayed`: the forget came from another process.
 */
export function forgetAccountKeys(em: EntityManager, accountId: string, opts: { relayed?: boolean } = {}): void {
  if (!opts.relayed) relay?.(accountId);
  const cache = cacheOf(em);
  cache.epoch += 1;
  cache.inFlight.clear();
  for (const [hash, entry] of cache.entries) if (entry.account.id === accountId) cache.entries.delete(hash);
}
