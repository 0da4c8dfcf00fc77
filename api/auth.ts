import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { Account } from '../db/entities';
import { hashApiKey, keyFromAuthorization } from '../domain/api-keys';
import { CURRENT_VERSION } from '../domain/versions';
import { ApiError } from '../domain/errors';

/** Spec Authentication, 4: the three 401s, with their exact codes and messages. */
export async function authenticate(req: Request, em: EntityManager): Promise<Account> {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new ApiError(401, 'missing_api_key', 'No API key was sent: send your API key as the Authorization header (the bare key, or "Bearer <key>").');
  }
  const key = keyFromAuthorization(header);
  // Raw SQL on the hot path: one indexed lookup, mapped without the ORM's query building.
  const rows = key ? await em.execute<Record<string, unknown>[]>('select * from accounts where api_key_hash = ? limit 1', [hashApiKey(key)]) : [];
  const account = rows[0] ? em.map(Account, rows[0]) : null;
  if (!account) throw new ApiError(401, 'invalid_api_key', 'Invalid API key.');
  if (account.versionPin === null) {
    // Spec Versioning, 3: pinned to the version current at its first call.
    account.versionPin = CURRENT_VERSION;
    await em.nativeUpdate(Account, { id: account.id, versionPin: null }, { versionPin: CURRENT_VERSION });
  }
  return account;
}
