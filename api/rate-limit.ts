import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../services/context';
import { clientKey } from '../domain/client-address';

/**
 * The per-IP flood limit (spec: Limits, every request): answered in plain text, as the layer in
 * front of the API would, before any routing or key check. Old counters are pruned by the
 * `rateLimitJanitor` workflow.
 */
export function ipRateLimit(deps: AppDeps) {
  const limit = deps.config.rateLimits.ipPerMinute;
  // Counted in process, shared through PostgreSQL in batches (no database write per request).
  const counter = deps.limits.ip;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // req.ip honours TRUST_PROXY; an IPv6 client counts by its /64.
    const { count, resetInSeconds } = await counter.hit(`ip:${clientKey(req.ip)}`);
    if (count > limit) {
      res
        .status(429)
        .setHeader('Retry-After', String(resetInSeconds))
        .type('text/plain')
        .send(`Too many requests from this address: at most ${limit} a minute. Retry in ${resetInSeconds} seconds.\n`);
      return;
    }
    next();
  };
}
