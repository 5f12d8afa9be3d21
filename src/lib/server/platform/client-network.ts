import { isIPv4, isIPv6 } from 'node:net';

// One person's devices share a network, and a network gives its people many addresses: an IPv6 customer gets at least
// a /64, and an IPv4 /24 is what one household, office or small provider's pool of addresses rarely leaves. Counting
// senders by network means that changing address, or typing a new email, does not make a visitor a new sender.

const ipv4Network = (octets: number[]) => `${octets.slice(0, 3).join('.')}.0/24`;

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail taken as its two groups. */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = toGroups(head);
  if (tail === undefined) return front;
  const back = toGroups(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** An IPv6 address's groups' /64 prefix, written as clientNetworkOf and rateLimitClientOf give it. */
const ipv6Network = (groups: number[]) =>
  `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;

/** The groups of `address` when it is an IPv6 address, with whether it is an IPv4-mapped one; null for anything else. */
function ipv6Of(address: string): { groups: number[]; mapped: boolean } | null {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  const groups = ipv6Groups(bare.toLowerCase());
  return { groups, mapped: groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff };
}

/**
 * The client a per-client rate limit counts (every limit keyed by the client's address): an IPv6 client is its /64,
 * since its provider hands it the whole /64 and it may use a new address from it for every request; an IPv4 address,
 * also when written IPv4-mapped (`::ffff:203.0.113.9`, as a dual-stack socket reports IPv4 peers), is itself.
 * clientNetworkOf gives a /64 back unchanged, so reports can still tell senders apart by network from it.
 */
export function rateLimitClientOf(address: string): string {
  const ipv6 = ipv6Of(address);
  if (!ipv6) return address;
  if (!ipv6.mapped) return ipv6Network(ipv6.groups);
  const [g6, g7] = [ipv6.groups[6]!, ipv6.groups[7]!];
  return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
}

/**
 * The network `address` belongs to, as the text of its prefix: an IPv4 /24 (`203.0.113.0/24`), an IPv6 /64
 * (`2001:db8:0:7::/64`), and for an IPv4-mapped IPv6 address (`::ffff:203.0.113.9`) its IPv4 /24. Anything that is
 * no IP address (a socket without a peer gives `unknown`) is its own network.
 */
export function clientNetworkOf(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Network(bare.split('.').map(Number));
  const ipv6 = ipv6Of(address);
  if (!ipv6) return address;
  const { groups, mapped } = ipv6;
  return mapped ? ipv4Network([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8]) : ipv6Network(groups);
}
