import { ConnectionException, DeadlockException, LockWaitTimeoutException } from '@mikro-orm/core';

// SQLSTATE classes and codes that mean "the database cannot serve this now", not "this request is wrong":
// 08 connection exceptions, 53 insufficient resources, 57P01-57P03 shutdown / cannot connect now,
// 57014 statement timeout (query_canceled), 25P03 idle-in-transaction timeout.
const UNAVAILABLE_CODES = /^(08|53|57P0[1-3]$|57014$|25P03$)/;
const TRANSPORT = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/;

/** True when an error says PostgreSQL is unreachable or overloaded (answer 503, retry later), whatever layer raised it. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { name?: string; code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e instanceof ConnectionException || e instanceof LockWaitTimeoutException || e instanceof DeadlockException)
      return true;
    // No pooled connection within acquireConnectionTimeout: knex's error, or MikroORM's DriverException
    // made of it (which keeps only its message).
    if (e.name === 'KnexTimeoutError' || /^Knex: Timeout acquiring a connection/.test(e.message ?? '')) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.test(e.code) || TRANSPORT.test(e.code))) return true;
    if (/Connection terminated|connection is closed|Client has encountered a connection error/i.test(e.message ?? ''))
      return true;
  }
  return false;
}
