import { Agent, get } from 'node:https';

import { describe, expect, it } from 'vitest';

import {
  canonicalHost,
  isPublicAddress,
  isSpecialUseName,
  type Lookup,
  NotPublicAddressError,
  outboundDnsServers,
  publicAddresses,
  publicOnlyLookup,
} from './outbound-address.js';

/** A resolver that answers the given addresses for every name, as a hostile DNS server would. */
const answering =
  (...addresses: string[]): Lookup =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('isPublicAddress', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '0.0.0.0',
    '169.254.169.254',
    '100.64.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    'ff02::1',
    'not-an-ip',
    // Every form that embeds an IPv4 address: mapped (dotted and hex, long and short), compatible,
    // translated, NAT64 (well-known and local-use), 6to4, Teredo; and a zone id on link-local.
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::127.0.0.1',
    '::7f00:1',
    '0000:0000:0000:0000:0000:0000:7f00:0001',
    '::10.0.0.1',
    '::8.8.8.8',
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    'fe80::1%eth0',
    '::0.0.0.1',
    // Forms of 127.0.0.1 and 10.0.0.1 that inet_aton and a URL's host parser read: hex, octal, one integer, parts left out.
    '0x7f.1',
    '2130706433',
    '127.1',
    '017700000001',
    '0x7f000001',
    '0177.0.0.1',
    '167772161',
    '0xa.1',
    '012.0.0.1',
    // The same in brackets and upper case, as a URL's host or a resolver may write them.
    '[::127.0.0.1]',
    '[::FFFF:7F00:1]',
    '::FFFF:127.0.0.1',
    '[64:FF9B::A00:1]',
    // NAT64 local-use and well-known prefixes with other private addresses inside; 6to4 of 192.168.1.1 and 169.254.169.254.
    '64:ff9b::c0a8:101',
    '64:ff9b::169.254.169.254',
    '2002:c0a8:101::1',
    '2002:a9fe:a9fe::',
    // Teredo whose client is 10.0.0.1 (XORed: f5ff:fffe), and any Teredo server.
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '2001::1',
    // A zone id is refused whatever the address: no public host needs one.
    '2a00:1450:4001:82b::200a%eth0',
    '::1%lo',
    'fe80::1%25eth0',
    '8.8.8.8%eth0',
    // Unspecified, loopback, link-local, unique-local, site-local, multicast, discard, documentation, segment routing.
    '::0',
    '0:0:0:0:0:0:0:1',
    'fe80::a:b:c:d',
    'febf::1',
    'fdff:ffff::1',
    'fec0::1',
    'ff0e::1',
    '100::1',
    '2001:db8::1',
    '3fff::1',
    '5f00::1',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    '0.0.0.1',
    '1',
    '',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '142.250.74.10',
    '8.8.8.8',
    '2a00:1450:4001:82b::200a',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '[2606:4700::1111]',
    // A public address in another written form is still that public address.
    '0x8.0x8.0x8.0x8',
    '134744072',
  ])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('canonicalHost', () => {
  it('reads a host as a URL does: IPv4 forms dotted, IPv6 canonical with embedded IPv4 in hex, zones refused', () => {
    expect(canonicalHost('0x7f.1')).toBe('127.0.0.1');
    expect(canonicalHost('2130706433')).toBe('127.0.0.1');
    expect(canonicalHost('017700000001')).toBe('127.0.0.1');
    expect(canonicalHost('[::127.0.0.1]')).toBe('::7f00:1');
    expect(canonicalHost('0:0:0:0:0:FFFF:127.0.0.1')).toBe('::ffff:7f00:1');
    expect(canonicalHost('64:ff9b::10.0.0.1')).toBe('64:ff9b::a00:1');
    expect(canonicalHost('Hooks.Example.ORG')).toBe('hooks.example.org');
    expect(canonicalHost('fe80::1%eth0')).toBe('');
    expect(canonicalHost('[fe80::1%25eth0]')).toBe('');
    expect(canonicalHost('127.0.0.1%eth0')).toBe('');
  });
});

describe('isSpecialUseName', () => {
  it('knows the names that never stand for a public host, without DNS', () => {
    for (const name of [
      'localhost',
      'LOCALHOST.',
      'a.localhost',
      'localhost.localdomain.invalid',
      'printer.local',
      'x.test',
      'api.example',
      'db.internal',
      'nas.home.arpa',
    ]) {
      expect(isSpecialUseName(name), name).toBe(true);
    }
    for (const name of ['example.com', 'hooks.example.org', 'localhost.com', 'internal.example.net', 'test.io'])
      expect(isSpecialUseName(name), name).toBe(false);
  });
});

describe('publicAddresses', () => {
  it('refuses a name when any of its addresses is private', async () => {
    await expect(publicAddresses('fcm.googleapis.com', answering('142.250.74.10', '10.0.0.5'))).rejects.toBeInstanceOf(NotPublicAddressError);
    await expect(publicAddresses('fcm.googleapis.com', answering('142.250.74.10'))).resolves.toEqual([{ address: '142.250.74.10', family: 4 }]);
  });

  it('judges IP literals in every form without asking the resolver, and answers the address they are', async () => {
    const never: Lookup = () => {
      throw new Error('asked the resolver');
    };
    for (const literal of [
      '[::1]',
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      '017700000001',
      '[::127.0.0.1]',
      '[::7f00:1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::a00:1]',
      '[2002:a00:1::1]',
      '[2001:0:4136:e378:8000:63bf:f5ff:fffe]',
      '[fe80::1%eth0]',
      '[::]',
    ]) {
      await expect(publicAddresses(literal, never), literal).rejects.toBeInstanceOf(NotPublicAddressError);
    }
    await expect(publicAddresses('0x8.0x8.0x8.0x8', never)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    await expect(publicAddresses('[2606:4700:0:0:0:0:0:1111]', never)).resolves.toEqual([{ address: '2606:4700::1111', family: 6 }]);
  });

  it('refuses a name whose resolver answers an embedded private IPv4, in whichever form the resolver writes it', async () => {
    // glibc and c-ares write IPv4-compatible answers dotted (::10.0.0.1 for ::a00:1).
    for (const answer of ['::10.0.0.1', '::a00:1', '::8.8.8.8', '::ffff:10.0.0.1', '::ffff:a00:1', '64:ff9b::a00:1', '2002:a00:1::', 'fe80::1%eth0']) {
      await expect(publicAddresses('hooks.example.org', answering('142.250.74.10', answer)), answer).rejects.toBeInstanceOf(NotPublicAddressError);
    }
  });

  it('never hands the integer, hex or octal forms of 127.0.0.1 to a resolver as names, where a DNS server could answer anything', async () => {
    for (const host of ['2130706433', '0x7f.1', '017700000001', '127.1']) {
      await expect(publicAddresses(host, answering('142.250.74.10')), host).rejects.toThrow(/127\.0\.0\.1 resolves to 127\.0\.0\.1, which is not a public/);
    }
  });
});

describe('publicOnlyLookup', () => {
  it('stops a connection to a name that resolves to a private address before it connects', async () => {
    const agent = new Agent({ lookup: publicOnlyLookup(answering('127.0.0.1')) });
    const failure = await new Promise<NodeJS.ErrnoException>((resolve) => {
      get('https://push.example.test/x', { agent }, () => resolve(new Error('connected') as NodeJS.ErrnoException)).on('error', resolve);
    });
    expect(failure.code).toBe('ENOTPUBLIC');
  });
});

describe('OUTBOUND_DNS_SERVERS', () => {
  it('takes IP addresses with optional ports, and stops the service at start on anything else, naming the variable', () => {
    expect(outboundDnsServers({})).toEqual([]);
    expect(outboundDnsServers({ OUTBOUND_DNS_SERVERS: '10.0.0.2, 127.0.0.1:5353,[2001:db8::53]:53' })).toEqual([
      '10.0.0.2',
      '127.0.0.1:5353',
      '[2001:db8::53]:53',
    ]);
    for (const bad of ['dns.example.org', '10.0.0', '10.0.0.2:x', 'https://1.1.1.1']) {
      expect(() => outboundDnsServers({ OUTBOUND_DNS_SERVERS: bad }), bad).toThrow(/^OUTBOUND_DNS_SERVERS=/);
    }
  });
});
