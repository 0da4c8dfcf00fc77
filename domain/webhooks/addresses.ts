import net from 'node:net';

/**
 * Spec Events › Delivery, 4: endpoints are public. `addressProblem` names the rule an address breaks
 * (null for a public address); the same rule is applied when an endpoint is created and to every
 * address a name resolves to when a delivery connects. Embedded IPv4 addresses (IPv4-mapped and
 * -compatible, NAT64, 6to4) are judged as the IPv4 address they carry.
 */
const V4_RULES: [string, number, string][] = [
  ['0.0.0.0', 8, 'the "this network" block 0.0.0.0/8'],
  ['10.0.0.0', 8, 'the private block 10.0.0.0/8'],
  ['100.64.0.0', 10, 'the shared (carrier-grade NAT) block 100.64.0.0/10'],
  ['127.0.0.0', 8, 'the loopback block 127.0.0.0/8'],
  ['169.254.0.0', 16, 'the link-local block 169.254.0.0/16'],
  ['172.16.0.0', 12, 'the private block 172.16.0.0/12'],
  ['192.0.0.0', 24, 'the IETF protocol assignments 192.0.0.0/24'],
  ['192.0.2.0', 24, 'the documentation block TEST-NET-1 192.0.2.0/24'],
  ['192.88.99.0', 24, 'the deprecated 6to4 relay block 192.88.99.0/24'],
  ['192.168.0.0', 16, 'the private block 192.168.0.0/16'],
  ['198.18.0.0', 15, 'the benchmarking block 198.18.0.0/15'],
  ['198.51.100.0', 24, 'the documentation block TEST-NET-2 198.51.100.0/24'],
  ['203.0.113.0', 24, 'the documentation block TEST-NET-3 203.0.113.0/24'],
  ['224.0.0.0', 4, 'the multicast block 224.0.0.0/4'],
  ['240.0.0.0', 4, 'the reserved block 240.0.0.0/4 (and the broadcast address)'],
];

const V6_RULES: [string, number, string][] = [
  ['::', 128, 'the unspecified address ::'],
  ['::1', 128, 'the loopback address ::1'],
  ['64:ff9b:1::', 48, 'the local-use NAT64 block 64:ff9b:1::/48'],
  ['100::', 64, 'the discard block 100::/64'],
  ['2001::', 32, 'the Teredo block 2001::/32'],
  ['2001:2::', 48, 'the benchmarking block 2001:2::/48'],
  ['2001:10::', 28, 'the ORCHID block 2001:10::/28'],
  ['2001:20::', 28, 'the ORCHIDv2 block 2001:20::/28'],
  ['2001:db8::', 32, 'the documentation block 2001:db8::/32'],
  ['3fff::', 20, 'the documentation block 3fff::/20'],
  ['5f00::', 16, 'the SRv6 SID block 5f00::/16'],
  ['fc00::', 7, 'the unique-local block fc00::/7'],
  ['fe80::', 10, 'the link-local block fe80::/10'],
  ['fec0::', 10, 'the deprecated site-local block fec0::/10'],
  ['ff00::', 8, 'the multicast block ff00::/8'],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function intToV4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function v6ToBigInt(address: string): bigint {
  let a = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (v4) {
    const n = v4ToInt(v4[1]!);
    a = a.slice(0, -v4[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const words = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return words.reduce((n, w) => (n << 16n) | BigInt(parseInt(w || '0', 16)), 0n);
}

const inV4 = (n: number, [base, bits]: [string, number, string]) =>
  bits === 0 || n >>> (32 - bits) === v4ToInt(base) >>> (32 - bits);
const inV6 = (n: bigint, [base, bits]: [string, number, string]) =>
  n >> BigInt(128 - bits) === v6ToBigInt(base) >> BigInt(128 - bits);

function v4Problem(address: string): string | null {
  const n = v4ToInt(address);
  const rule = V4_RULES.find((r) => inV4(n, r));
  return rule ? `in ${rule[2]}` : null;
}

function v6Problem(address: string): string | null {
  const n = v6ToBigInt(address);
  const rule = V6_RULES.find((r) => inV6(n, r));
  if (rule) return `in ${rule[2]}`;
  const low32 = Number(n & 0xffffffffn);
  const embedded = (what: string, v4: number) => {
    const inner = v4Problem(intToV4(v4));
    return inner ? `${what} embedding an IPv4 address ${inner}` : null;
  };
  if (n >> 32n === 0xffffn) return embedded('an IPv4-mapped address', low32); // ::ffff:a.b.c.d
  if (n >> 32n === 0n) return 'a deprecated IPv4-compatible address'; // ::a.b.c.d
  if (n >> 32n === v6ToBigInt('64:ff9b::') >> 32n) return embedded('a NAT64 address', low32); // 64:ff9b::/96
  if (n >> 112n === 0x2002n) return embedded('a 6to4 address', Number((n >> 80n) & 0xffffffffn)); // 2002:aabb:ccdd::/48
  return null;
}

/**
 * The rule an IP address breaks ("in the private block 10.0.0.0/8", "a 6to4 address embedding an
 * IPv4 address in …"), or null when it is public. The text never repeats the address itself, so a
 * message built from it at connect time does not reveal what a name resolved to.
 */
export function addressProblem(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (bare.includes('%')) return 'an address with a zone index, which only a local network has';
  const family = net.isIP(bare);
  if (family === 4) return v4Problem(bare);
  if (family === 6) return v6Problem(bare);
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return addressProblem(address) === null;
}

export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (!net.isIPv6(bare)) return false;
  const n = v6ToBigInt(bare);
  return n === 1n || (n >> 32n === 0xffffn && Number(n & 0xffffffffn) >>> 24 === 127);
}

// Names that never lead to the public internet (RFC 6761, 6762, 8375, 9476 and friends).
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'onion',
  'invalid',
  'test',
  'alt',
];

/** Why a host name (not an IP) may not receive webhooks, or null: it must be a public, fully qualified name. */
export function hostNameProblem(host: string): string | null {
  const h = host.toLowerCase();
  if (h.endsWith('.')) return `the host ${host} ends with a dot: write the name without it`;
  if (!h.includes('.')) return `the host ${host} is a single-label name, which only a local network resolves`;
  const suffix = LOCAL_SUFFIXES.find((s) => h === s || h.endsWith(`.${s}`));
  if (suffix) return `the host ${host} is under .${suffix}, which is not on the public internet`;
  return null;
}
