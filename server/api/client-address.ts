import { isIPv4, isIPv6 } from 'node:net';

/**
 * The visitor's address behind `trustedHops` proxies of our own (TRUST_PROXY=N). Each proxy appends the
 * address it received the request from to X-Forwarded-For, so the entry the last trusted proxy appended is
 * the N-th from the right, counting the peer itself: whatever the client wrote further left is ignored, so a
 * rotating first entry changes nothing. With no trusted proxy, or a header too short, the peer address.
 */
export function clientAddress(forwardedFor: string | undefined, peer: string | undefined, trustedHops: number): string {
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    peer ?? 'unknown',
  ];
  const hops = Math.max(0, Math.floor(trustedHops));
  const address = hops > 0 && chain.length > hops ? chain[chain.length - 1 - hops]! : chain[chain.length - 1]!;
  return address.slice(0, 64);
}

/** TRUST_PROXY: the number of proxies of our own in front of the server, 1 to 9 ('1' for one reverse proxy); anything else 0. */
export function trustedHops(setting: string | undefined): number {
  const n = Number(setting);
  return Number.isInteger(n) && n > 0 && n < 10 ? n : 0;
}

/**
 * The key a rate limit counts an address under: an IPv4 address as it is (an IPv4-mapped IPv6 address too),
 * an IPv6 address by its /64, the smallest block a home or a server is given, so its 2^64 addresses count once.
 */
export function rateKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
