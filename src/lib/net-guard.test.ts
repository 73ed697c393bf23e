import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockedAddressError, isBlockedAddress, parseIPv6, resolveSafely, type LookupAll } from './net-guard.js';

// [address, fragment of the expected reason]
const BLOCKED: [string, string][] = [
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private 10.0.0.0/8'],
  ['172.16.0.1', 'private 172.16.0.0/12'],
  ['172.31.255.255', 'private 172.16.0.0/12'],
  ['192.168.1.1', 'private 192.168.0.0/16'],
  ['169.254.169.254', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.99', 'TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['192.88.99.1', '6to4 relay'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved 240.0.0.0/4'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback ::1'],
  ['0:0:0:0:0:0:0:1', 'loopback ::1'],
  ['fe80::1', 'link-local fe80::/10'],
  ['fe80::1%eth0', 'link-local fe80::/10'],
  ['febf::1', 'link-local fe80::/10'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['ff02::1', 'multicast ff00::/8'],
  ['2001:db8::1', 'documentation 2001:db8::/32'],
  ['3fff::1', 'documentation 3fff::/20'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'benchmarking 2001:2::/48'],
  ['100::1', 'discard-only'],
  ['fec0::1', 'site-local'],
  ['::ffff:127.0.0.1', 'IPv4-mapped IPv6 of loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped IPv6 of loopback'],
  ['::ffff:10.1.2.3', 'IPv4-mapped IPv6 of private 10'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped IPv6 of link-local'],
  ['0:0:0:0:0:ffff:c0a8:0101', 'IPv4-mapped IPv6 of private 192.168'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::8.8.8.8', 'IPv4-compatible'],
  ['64:ff9b::127.0.0.1', 'NAT64 64:ff9b::/96 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 64:ff9b::/96 of link-local'],
  ['64:ff9b:1::a00:1', 'local NAT64 64:ff9b:1::/48 of private 10'],
  ['2002:7f00:1::', '6to4 2002::/16 of loopback'],
  ['2002:a9fe:a9fe::1', '6to4 2002::/16 of link-local'],
  ['2002:c0a8:0101::1', '6to4 2002::/16 of private 192.168'],
  ['4000::1', 'outside global unicast'],
  ['not-an-ip', 'not an IP address'],
  ['1.2.3', 'not an IP address'],
  ['010.0.0.1', 'not an IP address'],
];

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just above CGNAT
  '172.15.255.255',
  '172.32.0.0',
  '169.253.255.255',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81c::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('isBlockedAddress', () => {
  it.each(BLOCKED)('%s is blocked (%s)', (address, reason) => {
    expect(isBlockedAddress(address)).toContain(reason);
  });

  it.each(ALLOWED)('%s is allowed', (address) => {
    expect(isBlockedAddress(address)).toBeNull();
  });

  it('blocks every mapped, NAT64 and 6to4 form of a blocked IPv4 address (property)', () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(privateV4, ([a, b, c, d]) => {
        const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
        const forms = [
          `${a}.${b}.${c}.${d}`,
          `::ffff:${a}.${b}.${c}.${d}`,
          `::ffff:${hex(a, b)}:${hex(c, d)}`,
          `64:ff9b::${hex(a, b)}:${hex(c, d)}`,
          `2002:${hex(a, b)}:${hex(c, d)}::1`,
        ];
        return forms.every((form) => isBlockedAddress(form) !== null);
      }),
    );
  });
});

describe('parseIPv6', () => {
  it('expands compressed forms and dotted tails', () => {
    expect([...parseIPv6('::ffff:1.2.3.4')!]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect([...parseIPv6('1:2:3:4:5:6:7:8')!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect([...parseIPv6('fe80::1%eth0')!].slice(0, 2)).toEqual([0xfe, 0x80]);
    expect(parseIPv6('1.2.3.4')).toBeNull();
  });
});

function lookupOf(answers: Record<string, string[]>): LookupAll & { calls: number } {
  const fn = Object.assign(
    async (hostname: string) => {
      fn.calls++;
      const list = answers[hostname];
      if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    { calls: 0 },
  );
  return fn;
}

describe('resolveSafely', () => {
  const lookup = lookupOf({
    'public.example': ['93.184.216.34'],
    'private.example': ['10.0.0.5'],
    'mixed.example': ['93.184.216.34', '192.168.1.10'],
    'mixed6.example': ['2606:4700::1', '::1'],
    'metadata.example': ['169.254.169.254'],
  });

  it('returns the address of a public name', async () => {
    await expect(resolveSafely('public.example', { allowPrivateNetworks: false, lookup })).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name resolving to a private address', async () => {
    const err = await resolveSafely('private.example', { allowPrivateNetworks: false, lookup }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect((err as BlockedAddressError).message).toBe('private.example resolves to 10.0.0.5, which is not allowed: private 10.0.0.0/8');
  });

  it('refuses a name with one public and one private answer', async () => {
    await expect(resolveSafely('mixed.example', { allowPrivateNetworks: false, lookup })).rejects.toThrow(/192\.168\.1\.10/);
    await expect(resolveSafely('mixed6.example', { allowPrivateNetworks: false, lookup })).rejects.toThrow(/loopback ::1/);
    await expect(resolveSafely('metadata.example', { allowPrivateNetworks: false, lookup })).rejects.toThrow(/link-local/);
  });

  it('checks literal addresses without asking DNS', async () => {
    const before = lookup.calls;
    await expect(resolveSafely('127.0.0.1', { allowPrivateNetworks: false, lookup })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveSafely('[::ffff:7f00:1]', { allowPrivateNetworks: false, lookup })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveSafely('8.8.8.8', { allowPrivateNetworks: false, lookup })).resolves.toEqual({ address: '8.8.8.8', family: 4 });
    expect(lookup.calls).toBe(before);
  });

  it('lets private addresses through when allowPrivateNetworks is set', async () => {
    await expect(resolveSafely('private.example', { allowPrivateNetworks: true, lookup })).resolves.toEqual({ address: '10.0.0.5', family: 4 });
    await expect(resolveSafely('127.0.0.1', { allowPrivateNetworks: true, lookup })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('passes DNS failures through with their code', async () => {
    await expect(resolveSafely('nowhere.example', { allowPrivateNetworks: false, lookup })).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const empty: LookupAll = async () => [];
    await expect(resolveSafely('empty.example', { allowPrivateNetworks: false, lookup: empty })).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
