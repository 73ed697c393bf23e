/**
 * SSRF guard: decide whether an IP address may be connected to on behalf of a user-supplied URL,
 * and resolve a hostname so that EVERY address it answers with is checked before one is used.
 *
 * Domain-free: knows nothing about webhooks. The caller connects to the address returned by
 * `resolveSafely` (never resolves the name a second time), so a DNS answer that changes between
 * the check and the connect (DNS rebinding) cannot reach a blocked address.
 *
 * Why not node's net.BlockList alone: it answers yes/no, while callers log and show WHICH range
 * refused an address, and it does not unwrap IPv4 carried inside NAT64 or 6to4 addresses. The
 * rules are plain prefix tables over the address bytes instead.
 */
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

interface Rule {
  bytes: number[];
  prefix: number;
  name: string;
}

function v4(cidr: string, name: string): Rule {
  const [addr, len] = cidr.split('/') as [string, string];
  return { bytes: addr.split('.').map(Number), prefix: Number(len), name };
}

function v6(cidr: string, name: string): Rule {
  const [addr, len] = cidr.split('/') as [string, string];
  return { bytes: [...(parseIPv6(addr) as Uint8Array)], prefix: Number(len), name };
}

// Order matters only for the reported name (broadcast sits inside 240/4).
const IPV4_RULES: readonly Rule[] = [
  v4('0.0.0.0/8', '"this network" 0.0.0.0/8'),
  v4('10.0.0.0/8', 'private 10.0.0.0/8'),
  v4('100.64.0.0/10', 'carrier-grade NAT 100.64.0.0/10'),
  v4('127.0.0.0/8', 'loopback 127.0.0.0/8'),
  v4('169.254.0.0/16', 'link-local 169.254.0.0/16 (includes cloud metadata 169.254.169.254)'),
  v4('172.16.0.0/12', 'private 172.16.0.0/12'),
  v4('192.0.0.0/24', 'IETF protocol assignments 192.0.0.0/24'),
  v4('192.0.2.0/24', 'documentation TEST-NET-1 192.0.2.0/24'),
  v4('192.88.99.0/24', '6to4 relay anycast 192.88.99.0/24'),
  v4('192.168.0.0/16', 'private 192.168.0.0/16'),
  v4('198.18.0.0/15', 'benchmarking 198.18.0.0/15'),
  v4('198.51.100.0/24', 'documentation TEST-NET-2 198.51.100.0/24'),
  v4('203.0.113.0/24', 'documentation TEST-NET-3 203.0.113.0/24'),
  v4('224.0.0.0/4', 'multicast 224.0.0.0/4'),
  v4('255.255.255.255/32', 'broadcast 255.255.255.255'),
  v4('240.0.0.0/4', 'reserved 240.0.0.0/4'),
];

// Checked after the embedded-IPv4 forms below have been unwrapped.
const IPV6_RULES: readonly Rule[] = [
  v6('::/128', 'unspecified ::'),
  v6('::1/128', 'loopback ::1'),
  v6('::/96', 'IPv4-compatible IPv6 ::/96 (deprecated)'),
  v6('100::/64', 'discard-only 100::/64'),
  v6('2001::/32', 'Teredo 2001::/32'),
  v6('2001:2::/48', 'benchmarking 2001:2::/48'),
  v6('2001:10::/28', 'ORCHID 2001:10::/28'),
  v6('2001:20::/28', 'ORCHIDv2 2001:20::/28'),
  v6('2001:db8::/32', 'documentation 2001:db8::/32'),
  v6('3fff::/20', 'documentation 3fff::/20'),
  v6('fc00::/7', 'unique-local fc00::/7'),
  v6('fe80::/10', 'link-local fe80::/10'),
  v6('fec0::/10', 'site-local fec0::/10 (deprecated)'),
  v6('ff00::/8', 'multicast ff00::/8'),
];

// IPv6 forms that carry an IPv4 address: the embedded address is what is really reached.
const EMBEDDED_V4: readonly { rule: Rule; offset: number }[] = [
  { rule: v6('::ffff:0:0/96', 'IPv4-mapped IPv6'), offset: 12 },
  { rule: v6('64:ff9b::/96', 'NAT64 64:ff9b::/96'), offset: 12 },
  { rule: v6('64:ff9b:1::/48', 'local NAT64 64:ff9b:1::/48'), offset: 12 },
  { rule: v6('2002::/16', '6to4 2002::/16'), offset: 2 },
];

function matches(bytes: ArrayLike<number>, rule: Rule): boolean {
  let bits = rule.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] as number) & mask) !== ((rule.bytes[i] as number) & mask)) return false;
  }
  return true;
}

/** Parse a textual IPv6 address (with optional dotted IPv4 tail and zone) into 16 bytes. */
export function parseIPv6(text: string): Uint8Array | null {
  const addr = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(addr) !== 6) return null;
  let head = addr;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (dotted) {
    const parts = (dotted[1] as string).split('.').map(Number);
    tail.push((parts[0]! << 8) | parts[1]!, (parts[2]! << 8) | parts[3]!);
    head = addr.slice(0, -(dotted[1] as string).length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const l = groups(left);
  const r = [...groups(right), ...tail];
  const fill = right === undefined ? [] : new Array<number>(8 - l.length - r.length).fill(0);
  const words = right === undefined ? [...l, ...tail] : [...l, ...fill, ...r];
  if (words.length !== 8) return null;
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

function checkV4(bytes: ArrayLike<number>): string | null {
  for (const rule of IPV4_RULES) if (matches(bytes, rule)) return rule.name;
  return null;
}

/**
 * Why `ip` must not be connected to (the name of its range), or null when it is a public address.
 * Anything that is not a valid IP address is refused too. IPv6 outside global unicast 2000::/3
 * is refused unless it is one of the IPv4-carrying forms whose embedded address is public.
 */
export function isBlockedAddress(ip: string): string | null {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return checkV4(ip.split('.').map(Number));
  if (family !== 6) return `not an IP address: ${ip}`;
  const bytes = parseIPv6(ip);
  if (!bytes) return `not an IP address: ${ip}`;
  for (const { rule, offset } of EMBEDDED_V4) {
    if (!matches(bytes, rule)) continue;
    const inner = bytes.subarray(offset, offset + 4);
    const reason = checkV4(inner);
    return reason ? `${rule.name} of ${reason}` : null;
  }
  for (const rule of IPV6_RULES) if (matches(bytes, rule)) return rule.name;
  // Only 2000::/3 is allocated global unicast; everything else is reserved or special-purpose.
  if (((bytes[0] as number) & 0xe0) !== 0x20) return 'reserved IPv6 (outside global unicast 2000::/3)';
  return null;
}

export interface LookupAddress {
  address: string;
  family: number;
}

/** Shaped like dns.promises.lookup(name, {all: true}); injectable so tests never query DNS. */
export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookupAll: LookupAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export class BlockedAddressError extends Error {
  readonly code = 'BLOCKED_ADDRESS';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      hostname === address
        ? `address ${address} is not allowed: ${reason}`
        : `${hostname} resolves to ${address}, which is not allowed: ${reason}`,
    );
    this.name = 'BlockedAddressError';
  }
}

export interface ResolveOptions {
  allowPrivateNetworks: boolean;
  lookup?: LookupAll;
}

/**
 * Resolve `hostname` (or take a literal IP as is) and return the one address to connect to.
 * Rejects with BlockedAddressError if ANY answer is blocked: a name that answers with one public
 * and one private address is refused outright, because the connect could pick either.
 * DNS failures reject with the resolver's own error (code ENOTFOUND etc.).
 */
export async function resolveSafely(hostname: string, options: ResolveOptions): Promise<LookupAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const answers = literal ? [{ address: bare, family: literal }] : await (options.lookup ?? systemLookupAll)(bare);
  if (answers.length === 0) {
    throw Object.assign(new Error(`${bare} did not resolve to any address`), { code: 'ENOTFOUND' });
  }
  if (!options.allowPrivateNetworks) {
    for (const answer of answers) {
      const reason = isBlockedAddress(answer.address);
      if (reason) throw new BlockedAddressError(bare, answer.address, reason);
    }
  }
  return answers[0] as LookupAddress;
}
