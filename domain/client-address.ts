import ipaddr from 'ipaddr.js';

/**
 * The per-IP limit's key for a client address: an IPv4 address as it is (IPv4-mapped IPv6 forms
 * included), an IPv6 address by its /64, the smallest block one subscriber usually holds, so
 * rotating through one's own /64 does not multiply the limit.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown:';
  // Every request asks, mostly for the few addresses of the moment: remembered (the parse costs
  // about 6 µs of a request in the API's profile, the lookup a fraction of one). Only what could be
  // an address is (a forwarded header can hold anything).
  if (address.length > 64) return keyOf(address);
  let key = recentKeys.get(address);
  if (key === undefined) {
    if (recentKeys.size >= RECENT_KEYS_MAX) recentKeys.clear();
    recentKeys.set(address, (key = keyOf(address)));
  }
  return key;
}

/** At most this many addresses are remembered; past it the memory starts again empty. */
const RECENT_KEYS_MAX = 10_000;
const recentKeys = new Map<string, string>();

function keyOf(address: string): string {
  if (!ipaddr.isValid(address)) return `unknown:${address}`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/**
 * TRUST_PROXY: `false` (no proxy: the connection's address counts), a number of proxy hops in
 * front of the API, or a comma-separated list of proxy addresses or CIDR blocks (Express's names
 * `loopback`, `linklocal`, `uniquelocal` too). `true` is refused: trusting any X-Forwarded-For
 * would let every client pick its own address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') {
    throw new Error(
      'TRUST_PROXY=true would trust any X-Forwarded-For: give the number of proxies in front of the API (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,::1)',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) continue;
    const [addr, bits] = entry.split('/');
    const ok =
      ipaddr.isValid(addr!) &&
      (bits === undefined ||
        (/^\d+$/.test(bits) && Number(bits) <= (ipaddr.parse(addr!).kind() === 'ipv4' ? 32 : 128)));
    if (!ok)
      throw new Error(
        `TRUST_PROXY entry "${entry}" is not an address, a CIDR block or one of loopback, linklocal, uniquelocal`,
      );
  }
  return entries;
}
