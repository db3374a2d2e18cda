import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

import { type ServiceEnv, serviceEnv } from '@marketplace/service-kit/edge';

import { gatewaySettings } from '../gateway.settings.js';

/**
 * How many reverse proxies in front of the gateway to trust for the client address.
 *
 * `TRUST_PROXY_HOPS=<n>` trusts the n right-most X-Forwarded-For entries, the ones our own proxies
 * appended; the client address is the entry the outermost of them saw. Entries further left are
 * written by the client itself and are never believed. `TRUST_PROXY=true` (older setting) means one
 * hop; it used to trust the whole chain, which let a client choose its own address by sending
 * X-Forwarded-For itself. Unset or `false`: 0 (the socket address is the client's); anything else
 * invalid stops the gateway at start, naming the variable.
 */
export function trustedProxyHops(env: ServiceEnv = serviceEnv()): number {
  const { trustProxyHops, trustProxy } = gatewaySettings.read(env);
  return trustProxyHops ?? (trustProxy ? 1 : 0);
}

/**
 * Fastify's `trustProxy` for that many hops. Fastify refuses a bare number (it fails closed, since a
 * hop count cannot tell a proxy from a direct client), so the count is given as a function: the
 * socket peer and the entries the next hops-1 proxies appended are trusted, nothing further left.
 * Only set hops when clients cannot reach the gateway except through those proxies.
 */
export function fastifyTrustProxy(hops: number = trustedProxyHops()): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

/**
 * Fastify's `request.protocol` for a gateway trusting `hops` proxies (as `fastifyTrustProxy` tells it),
 * for code that answers before Fastify builds a request: the last X-Forwarded-Proto
 * entry when the peer is trusted (hop 0 is trusted whenever hops > 0), else the socket's own.
 */
export function requestProtocol(req: IncomingMessage, hops: number): string {
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded === 'string' && forwarded && hops > 0) {
    const last = forwarded.lastIndexOf(',');
    return (last === -1 ? forwarded : forwarded.slice(last + 1)).trim();
  }
  return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
}
