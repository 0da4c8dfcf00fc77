import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, type KeyClaim } from '../db/idempotency';
import type { RequestCtx } from './context';

/**
 * Idempotency-Key of a POST, per account (Stripe's semantics): the first answer to a key is replayed
 * for 24 hours; the same key with another request is refused.
 */
export type { KeyClaim };

/** Takes the key for this request, or says what it answered before (or that it is taken). */
export function claimKey(ctx: RequestCtx, key: string, requestHash: string): Promise<KeyClaim> {
  return claimIdempotencyKey(ctx.em, ctx.account.id, key, requestHash);
}

/** Keeps the answer, to replay it to a retry with the key. */
export function completeKey(ctx: RequestCtx, key: string, status: number, body: unknown): Promise<void> {
  return completeIdempotencyKey(ctx.em, ctx.account.id, key, status, body);
}

/** The request failed without a result worth keeping: a retry with the key runs it again. */
export function releaseKey(ctx: RequestCtx, key: string): Promise<void> {
  return releaseIdempotencyKey(ctx.em, ctx.account.id, key);
}
