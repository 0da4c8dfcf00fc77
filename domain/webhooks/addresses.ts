import net from 'node:net';

/**
 * Spec Events › Delivery, 4: endpoints are public. Refuses loopback, private, link-local, CGNAT,
 * multicast, reserved and unspecified addresses, in IPv4 and IPv6 (mapped forms included).
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return isPublicV4(address);
  if (family === 6) return isPublicV6(address);
  return false;
}

export function isLoopback(address: string): boolean {
  if (net.isIPv4(address)) return address.startsWith('127.');
  const a = address.toLowerCase();
  return a === '::1' || (a.startsWith('::ffff:') && net.isIPv4(a.slice(7)) && a.slice(7).startsWith('127.'));
}

function isPublicV4(address: string): boolean {
  const [a, b] = address.split('.').map(Number) as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127) return false; // unspecified/"this network", private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // CGNAT 100.64/10
  if (a === 169 && b === 254) return false; // link-local
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0) return false; // 192.0.0/24 protocol assignments, 192.0.2/24 documentation
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

function expandV6(address: string): number[] {
  let a = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (v4) {
    const [p, q, r, s] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    a = a.replace(v4[1]!, `${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`);
  }
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((x) => parseInt(x || '0', 16));
}

function isPublicV6(address: string): boolean {
  const w = expandV6(address);
  if (w.every((x) => x === 0)) return false; // ::
  if (w.slice(0, 7).every((x) => x === 0) && w[7] === 1) return false; // ::1
  if (w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff) {
    return isPublicV4(`${w[6]! >> 8}.${w[6]! & 255}.${w[7]! >> 8}.${w[7]! & 255}`); // ::ffff:a.b.c.d
  }
  if (w.slice(0, 6).every((x) => x === 0)) return false; // deprecated IPv4-compatible
  if (w[0] === 0x64 && w[1] === 0xff9b) return isPublicV4(`${w[6]! >> 8}.${w[6]! & 255}.${w[7]! >> 8}.${w[7]! & 255}`); // NAT64
  const first = w[0]!;
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return false; // site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && w[1] === 0x0db8) return false; // documentation
  return true;
}
