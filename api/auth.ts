import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { Account } from '../db/entities';
import { keyFromAuthorization } from '../domain/api-keys';
import { ApiError } from '../domain/errors';
import { accountForKey } from '../services/auth';

/** Spec Authentication, 4: the three 401s, with their exact codes and messages. */
export async function authenticate(req: Request, em: EntityManager): Promise<Account> {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new ApiError(
      401,
      'missing_api_key',
      'No API key was sent: send your API key as the Authorization header (the bare key, or "Bearer <key>").',
    );
  }
  const key = keyFromAuthorization(header);
  const account = key ? await accountForKey(em, key) : null;
  if (!account) throw new ApiError(401, 'invalid_api_key', 'Invalid API key.');
  return account;
}
