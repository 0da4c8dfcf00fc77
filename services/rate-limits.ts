import { hitCounter } from '../db/rate-limits';
import { clientKey } from '../domain/client-address';
import type { AppDeps } from './context';

/**
 * Counts one request from a client address in the per-IP flood limit's one-minute window (an IPv6
 * client counts by its /64): how many it made in this window, and when the window resets.
 */
export async function countRequestFrom(
  deps: Pick<AppDeps, 'orm'>,
  ip: string | undefined,
): Promise<{ count: number; resetInSeconds: number }> {
  return hitCounter(deps.orm.em.fork(), `ip:${clientKey(ip)}`, 60);
}
