import { Agent, get } from 'node:https';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, isSpecialUseName, NotPublicAddressError, outboundDnsServers, publicAddresses, publicOnlyLookup, type Lookup } from './outbound-address.js';

/** A resolver that answers the given addresses for every name, as a hostile DNS server would. */
const answering = (...addresses: string[]): Lookup => (_hostname, _options, callback) =>
  callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('isPublicAddress', () => {
  it.each([
    '10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '0.0.0.0', '169.254.169.254', '100.64.0.1', '198.18.0.1',
    '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1', '2002:a00:1::', 'ff02::1', 'not-an-ip',
    // Every form that embeds an IPv4 address: mapped (dotted and hex, long and short), compatible,
    // translated, NAT64 (well-known and local-use), 6to4, Teredo; and a zone id on link-local.
    '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::127.0.0.1', '::7f00:1', '0000:0000:0000:0000:0000:0000:7f00:0001', '::10.0.0.1',
    '::8.8.8.8', '::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b:1::a00:1', '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe', 'fe80::1%eth0', '::0.0.0.1',
    // Forms of 127.0.0.1 that only inet_aton reads: a URL's host parser turns them into dotted form first.
    '0x7f.1', '2130706433', '127.1', '017700000001',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['142.250.74.10', '8.8.8.8', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true));
});

describe('isSpecialUseName', () => {
  it('knows the names that never stand for a public host, without DNS', () => {
    for (const name of ['localhost', 'LOCALHOST.', 'a.localhost', 'localhost.localdomain.invalid', 'printer.local', 'x.test', 'api.example', 'db.internal', 'nas.home.arpa']) {
      expect(isSpecialUseName(name), name).toBe(true);
    }
    for (const name of ['example.com', 'hooks.example.org', 'localhost.com', 'internal.example.net', 'test.io']) expect(isSpecialUseName(name), name).toBe(false);
  });
});

describe('publicAddresses', () => {
  it('refuses a name when any of its addresses is private', async () => {
    await expect(publicAddresses('fcm.googleapis.com', answering('142.250.74.10', '10.0.0.5'))).rejects.toBeInstanceOf(NotPublicAddressError);
    await expect(publicAddresses('fcm.googleapis.com', answering('142.250.74.10'))).resolves.toEqual([{ address: '142.250.74.10', family: 4 }]);
  });

  it('judges IP literals without asking the resolver', async () => {
    const never: Lookup = () => { throw new Error('asked the resolver'); };
    await expect(publicAddresses('[::1]', never)).rejects.toThrow(/not a public internet address/);
    await expect(publicAddresses('127.0.0.1', never)).rejects.toThrow(/not a public internet address/);
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
    expect(outboundDnsServers({ OUTBOUND_DNS_SERVERS: '10.0.0.2, 127.0.0.1:5353,[2001:db8::53]:53' })).toEqual(['10.0.0.2', '127.0.0.1:5353', '[2001:db8::53]:53']);
    for (const bad of ['dns.example.org', '10.0.0', '10.0.0.2:x', 'https://1.1.1.1']) {
      expect(() => outboundDnsServers({ OUTBOUND_DNS_SERVERS: bad }), bad).toThrow(/^OUTBOUND_DNS_SERVERS=/);
    }
  });
});
