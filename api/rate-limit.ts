import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../services/context';
import type { Hit } from '../services/rate-limits';
import { clientKey } from '../domain/client-address';

/**
 * The per-IP flood limit (spec: Limits, every request): answered in plain text, as the layer in
 * front of the API would, before any routing or key check. Old counters are pruned by the
 * `rateLimitJanitor` workflow. `passed` runs for each request let through, before the next layer
 * (the API's version headers, api/app.ts: one layer of Express's router less for every request).
 */
export function ipRateLimit(deps: AppDeps, passed: (req: Request, res: Response) => void = () => undefined) {
  const limit = deps.config.rateLimits.ipPerMinute;
  // Counted in process, shared through PostgreSQL in batches (no database write per request).
  const counter = deps.limits.ip;
  // req.ip honours TRUST_PROXY, through proxy-addr at every read: without a proxy to trust it is the
  // socket's address, read directly. An IPv6 client counts by its /64.
  const addressOf =
    deps.config.trustProxy === false ? (req: Request) => req.socket.remoteAddress : (req: Request) => req.ip;
  const decide = (hit: Hit, req: Request, res: Response, next: NextFunction): void => {
    if (hit.count > limit) {
      res
        .status(429)
        .setHeader('Retry-After', String(hit.resetInSeconds))
        .type('text/plain')
        .send(
          `Too many requests from this address: at most ${limit} a minute. Retry in ${hit.resetInSeconds} seconds.\n`,
        );
      return;
    }
    passed(req, res);
    next();
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const hit = counter.hit(`ip:${clientKey(addressOf(req))}`);
    // Most hits are answered at once; one that shares the count first waits for it.
    if (hit instanceof Promise) hit.then((h) => decide(h, req, res, next), next);
    else decide(hit, req, res, next);
  };
}
