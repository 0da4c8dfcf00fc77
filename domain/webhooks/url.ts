import net from 'node:net';
import { addressProblem, hostNameProblem, isLoopback } from './addresses';

/**
 * Why a URL may not receive webhooks, or null when it may (spec Events › Delivery, 4): checked when an
 * endpoint is created or changed; its addresses are checked again at each attempt.
 */
export function urlProblem(url: string, allowLoopback: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url must be an absolute URL.';
  }
  // The WHATWG parser has already normalised odd IPv4 forms (0x7f.1, 2130706433) and IPv6 ones.
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const isIp = net.isIP(host) !== 0;
  const loopbackName = host === 'localhost' || host.endsWith('.localhost') || (isIp && isLoopback(host));
  if (allowLoopback && loopbackName && (u.protocol === 'http:' || u.protocol === 'https:')) return null;
  if (u.protocol !== 'https:') return 'url must use https.';
  if (u.username || u.password) return 'url must not carry credentials.';
  const problem = isIp ? addressProblem(host) : hostNameProblem(host);
  if (problem) return `url must point to a public address: ${isIp ? `the address is ${problem}` : problem}.`;
  return null;
}
