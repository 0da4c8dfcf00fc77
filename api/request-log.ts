import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { ulid } from '../domain/ids';
import type { Logger } from '../runtime/logger';

/**
 * The request log: a request id for every request (the client's `X-Request-Id` when it is a plain
 * token, else `req_<ulid>`), answered in `X-Request-Id`, and one JSON line per request once it is
 * answered, in the shape pino-http writes (`req`, `account_id` once the key is known, `res`,
 * `responseTime`; "request completed", "request errored" at 500 and above, "request aborted").
 *
 * Written here rather than with pino-http: pino-http makes two child loggers per request (one
 * for the request, one for the key's account), each re-binding every level and running the
 * redaction, and it cost GET /api/v1/workspaces about a fifth of its throughput on the 2-core
 * machine (bench:http: 2,314 against 2,987 requests/s; README Benchmarks). Here a request's child logger is made only when something
 * logs through it (`requestLog`), and the line itself is one call of the service's logger, whose
 * redaction it passes through like every other line.
 */

/** What the request id and the lines name of a request. */
type Logged = IncomingMessage & { id?: string };

const BASE = Symbol('service logger');
const LOGGER = Symbol('request logger');
const STARTED = Symbol('request started');
const REMOTE = Symbol('client address');

/**
 * A request as the middleware marks it: the service's logger, the request's child once made, its
 * start, and the client's address as it arrived (a socket closed by the client no longer says).
 */
type Tracked = Logged & { [BASE]?: Logger; [LOGGER]?: Logger; [STARTED]?: number; [REMOTE]?: string };

const INCOMING_ID = /^[\w.-]{1,64}$/;

/**
 * The request as its lines name it: only the path (query strings may carry values integrators
 * consider private), with a connect link's token masked (it is a credential).
 */
function described(req: Tracked & { originalUrl?: string }) {
  const url = req.originalUrl ?? req.url ?? '';
  return {
    id: req.id,
    method: req.method,
    path: url.split('?')[0]!.replace(/^\/connect\/(?!callback$)[^/]+/, '/connect/[token]'),
    remote: req[REMOTE],
  };
}

/** The request id of a request the middleware saw ('' otherwise). */
export function requestIdOf(req: IncomingMessage): string {
  return (req as Logged).id ?? '';
}

/** A logger whose lines carry the request (`req`), made on first use; the service's logger otherwise. */
export function requestLog(req: IncomingMessage, fallback: Logger): Logger {
  const tracked = req as Tracked;
  const base = tracked[BASE];
  if (!base) return fallback;
  return (tracked[LOGGER] ??= base.child({ req: described(tracked) }));
}

/**
 * The middleware, mounted first (api/app.ts) so every request has its id and its line. `finished`
 * runs once for each request answered in full (not for one the client abandoned), with its duration.
 */
export function requestLogging(
  log: Logger,
  finished: (req: Request, res: Response, seconds: number) => void = () => undefined,
) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const tracked = req as unknown as Tracked;
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : `req_${ulid()}`;
    tracked.id = id;
    tracked[BASE] = log;
    tracked[STARTED] = performance.now();
    tracked[REMOTE] = req.socket.remoteAddress;
    res.setHeader('X-Request-Id', id);
    // Once per request: the first of 'close' and 'error'. A response's 'error' is logged, never
    // thrown: one after the answer (a write after the end) is a warning, not the process's end.
    let logged = false;
    const answered = (err: unknown) => {
      if (logged) {
        if (err instanceof Error)
          requestLog(req, log).warn({ err }, 'the response failed after the request was answered');
        return;
      }
      logged = true;
      const elapsed = performance.now() - tracked[STARTED]!;
      const status = res.statusCode;
      const failed = status >= 500 || err instanceof Error;
      const level = failed ? 'error' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const accountId = res.locals?.accountId as string | undefined;
      log[level](
        {
          req: described(tracked),
          ...(accountId === undefined ? {} : { account_id: accountId }),
          res: { status },
          ...(err instanceof Error ? { err } : {}),
          responseTime: Math.round(elapsed),
        },
        failed ? 'request errored' : res.writableEnded ? 'request completed' : 'request aborted',
      );
    };
    // node emits 'close' for every response, after 'finish' when it was sent in full (one listener,
    // not one for each). Every answer sent in full counts, even one whose response also failed (its
    // 'error' came first).
    res.on('close', () => {
      if (res.writableFinished) finished(req, res, (performance.now() - tracked[STARTED]!) / 1000);
      answered(undefined);
    });
    res.on('error', (err: unknown) => answered(err));
    next();
  };
}
