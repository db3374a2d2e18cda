import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions, Resolver } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { domainToASCII } from 'node:url';

import { perService, type ServiceEnv, serviceEnv } from '../scope/service-scope.js';
import { defineSettings, setting } from '../scope/setting-declarations.js';

/**
 * The one check for requests this product makes to addresses its members give it (browser push
 * endpoints, webhook targets): only addresses on the public internet. Private, loopback,
 * link-local, unique-local, CGNAT, documentation, benchmarking, multicast and reserved ranges
 * would let a member make the service talk to its own network.
 */
const SPECIAL_USE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL_USE.addSubnet(net, prefix, 'ipv4');
// ::/96 holds the deprecated IPv4-compatible forms (::127.0.0.1 is ::7f00:1) and ::ffff:0:0:0/96 the
// IPv4-translated ones: no public host is reached by either, and each hides an IPv4 address that
// would otherwise be judged as an ordinary IPv6 one. NAT64 (64:ff9b::/96, /48), 6to4 (2002::/16)
// and Teredo (2001::/32, within 2001::/23, its client address XORed) embed IPv4 addresses too, and
// are refused whole rather than unpicked. 3fff::/20 is documentation, 5f00::/16 segment routing.
for (const [net, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  SPECIAL_USE.addSubnet(net, prefix, 'ipv6');

/**
 * A host as a URL reads it (the WHATWG host parser, which also gives every URL's hostname): IPv4
 * in hex, octal, one integer or with parts left out (0x7f.1, 017700000001, 2130706433, 127.1)
 * becomes its dotted form, IPv6 its one canonical text with any embedded IPv4 in hex (::127.0.0.1
 * is ::7f00:1), a name its lower-case ASCII. '' for what is no host: an IPv6 address with a zone
 * id, which no public internet host needs.
 */
export function canonicalHost(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 6) return domainToASCII(`[${bare}]`).replace(/^\[(.*)\]$/, '$1');
  return bare.includes(':') || bare.includes('%') ? '' : domainToASCII(bare);
}

/** An IPv4-mapped address in canonical form (::ffff:7f00:1): the IPv4 address a connection to it reaches. */
const MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * Whether an IP address, in any form (see canonicalHost), is on the public internet. An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it reaches; anything that is not an IP
 * address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalHost(address);
  const family = isIP(canonical);
  if (family === 0) return false;
  const mapped = MAPPED.exec(canonical);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return !SPECIAL_USE.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return !SPECIAL_USE.check(canonical, family === 4 ? 'ipv4' : 'ipv6');
}

/** Node's dns.lookup signature, for resolvers given in place of it (tests answer a private address with one). */
export type Lookup = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * Names that never stand for a public internet host (RFC 6761 and 6762, and the names networks
 * keep for themselves): refused without asking DNS, which may not even answer for them.
 */
export function isSpecialUseName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' || /\.(localhost|invalid|local|test|example|internal|home\.arpa)$/.test(name) || /^(invalid|local|test|example|internal)$/.test(name)
  );
}

export class NotPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC';

  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, which is not a public internet address.`);
  }
}

const DNS_SERVER = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[0-9a-f:.]+\](?::\d{1,5})?|[0-9a-f:]*:[0-9a-f:.]*)$/i;

/**
 * OUTBOUND_DNS_SERVERS: the resolvers (IP, or IP:port; comma-separated) that names members give
 * (webhook and push endpoints) are looked up with, e.g. a filtering resolver of the cluster's
 * egress; unset, the system's own lookup (/etc/hosts, then the system resolver).
 */
export const outboundSettings = defineSettings('kit', 'every service', {
  dnsServers: setting.list('OUTBOUND_DNS_SERVERS', {
    check: (s) => DNS_SERVER.test(s) && isIP(s.replace(/^\[|\](?::\d+)?$|:\d+$/g, '')) !== 0,
    expected: 'an IP address with an optional port (10.0.0.2, 10.0.0.2:53, [2001:db8::53]:53)',
    description: 'resolvers for the hosts members give (webhooks, browser push); unset: the system lookup',
  }),
});

export function outboundDnsServers(env: ServiceEnv = serviceEnv()): string[] {
  return outboundSettings.read(env).dnsServers;
}

const resolvers = new Map<string, Resolver>();

/** Looks a name up with the given DNS servers, A and AAAA both; a name with neither answers ENOTFOUND. */
function resolverLookup(servers: string[]): Lookup {
  const key = servers.join(',');
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = new Resolver({ timeout: 2_000, tries: 2 });
    resolver.setServers(servers);
    resolvers.set(key, resolver);
  }
  const ask = resolver;
  return (hostname, _options, callback) => {
    const family = (method: 'resolve4' | 'resolve6', f: 4 | 6) =>
      new Promise<LookupAddress[]>((resolve, reject) =>
        ask[method](hostname, (err, found) => (err ? reject(err) : resolve(found.map((address) => ({ address, family: f }))))),
      );
    void Promise.allSettled([family('resolve4', 4), family('resolve6', 6)]).then(([v4, v6]) => {
      const found = [v4, v6].flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      if (found.length) return callback(null, found);
      const reason = [v4, v6].map((r) => (r.status === 'rejected' ? (r.reason as NodeJS.ErrnoException) : undefined)).find((e) => e && e.code !== 'ENODATA');
      const error: NodeJS.ErrnoException = reason ?? Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
      // A name the resolver says does not exist reads as the system lookup's ENOTFOUND.
      if (error.code === 'ENODATA' || error.code === 'NOTFOUND' || error.code === 'ENOTFOUND') error.code = 'ENOTFOUND';
      callback(error, []);
    });
  };
}

/** This service's resolvers, parsed once per service rather than on every lookup. */
const configuredServers = perService((env) => outboundDnsServers(env));

/** The lookup for names members give: the service's configured resolvers, else the system's. */
const systemLookup: Lookup = (hostname, options, callback) => {
  const servers = configuredServers();
  if (servers.length) return resolverLookup(servers)(hostname, options, callback);
  return dnsLookup(hostname, options, callback);
};

/**
 * Every address a host resolves to, refused unless all are public. The host is read as a URL reads
 * it first (canonicalHost), so an IP literal in any form is judged, and connected to, as the address
 * it is, without asking the resolver.
 */
export async function publicAddresses(hostname: string, lookup: Lookup = systemLookup): Promise<LookupAddress[]> {
  const host = canonicalHost(hostname);
  if (!host) throw new NotPublicAddressError(hostname, 'no address');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await new Promise<LookupAddress[]>((resolve, reject) => lookup(host, { all: true }, (err, found) => (err ? reject(err) : resolve(found))));
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused || !addresses.length) throw new NotPublicAddressError(host, refused?.address ?? 'no address');
  return addresses;
}

type ConnectLookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s) agents and sockets that connects only to public addresses: the check
 * happens on the lookup the connection itself uses, so a name that answered a public address when
 * it was registered cannot later be pointed at an internal one (DNS rebinding).
 */
export function publicOnlyLookup(lookup: Lookup = systemLookup) {
  return (hostname: string, options: LookupOptions, callback: ConnectLookupCallback): void => {
    publicAddresses(hostname, lookup).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!wanted.length) return callback(new NotPublicAddressError(hostname, 'no address of the wanted family'), []);
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}
