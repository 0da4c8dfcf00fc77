import type { EntityManager } from '@mikro-orm/postgresql';
import type { Account } from '../db/entities';
import { accountByKeyHash, pinVersionIfUnpinned } from '../db/accounts';
import { hashApiKey } from '../domain/api-keys';
import { CURRENT_VERSION } from '../domain/versions';

/**
 * The account a key belongs to, or null. A key without a pin is pinned to the version current at
 * its first call (spec Versioning, 3).
 */
export async function accountForKey(em: EntityManager, key: string): Promise<Account | null> {
  const account = await accountByKeyHash(em, hashApiKey(key));
  if (account && account.versionPin === null) {
    account.versionPin = CURRENT_VERSION;
    await pinVersionIfUnpinned(em, account.id, CURRENT_VERSION);
  }
  return account;
}
