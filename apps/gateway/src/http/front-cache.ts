import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';

import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

import { HEADER_CREDENTIALS } from '../call/header-credentials.js';
import {
  asksForFresh,
  matchesIfNoneMatch,
  PAGE_CONTENT_TYPE,
  PUBLIC_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_VARY,
  type PublicPageCache,
} from '../call/public-page-cache.js';
import { requestIdFrom } from './request-id.js';
import { strictTransport } from './strict-transport.js';
import { fastifyTrustProxy, requestProtocol } from './trust-proxy.js';

export interface FrontCacheOptions {
  pages: PublicPageCache;
  /** TRUST_PROXY_HOPS: above 0, the socket's peer is a proxy whose X-Forwarded-Proto is believed. */
  proxyHops: number;
  /** The gateway's drain flag: while set, every answer closes its connection. */
  drain?: { draining: boolean } | undefined;
}

/** Set when the gateway starts closing: from then on Fastify answers everything (503, as configured). */
export interface FrontCache {
  closing: boolean;
}

/**
 * Fastify's `serverFactory`: an HTTP server that answers anonymous reads of a page the shared cache
 * holds before Fastify sees the request, and hands every other request to Fastify.
 *
 * Such a page was stored by its route for this exact URL and a reader without credentials, so the
 * route would answer the same bytes. The hit does not need the request and reply objects, the
 * routing, the hooks or the handler, and on the cached board those were a third of the gateway's
 * CPU per request; the rest is the socket write every answer pays. A credential or any cookie,
 * another method, `Cache-Control: no-cache`, a page not held, and a closing gateway all go to
 * Fastify, which is also what answers them whenever this path is unsure.
 *
 * The answer carries what the route's would (and counts the read as the route does): the request id, Cache-Control, ETag and
 * Vary, HSTS over https, `Connection: close` while draining, and 304 to a matching If-None-Match.
 * tests/e2e/public-cache.e2e.ts compares the two paths' headers.
 */
export function frontCachedServer(options: FrontCacheOptions, front: FrontCache) {
  // The client's address as Fastify's request.ip reads it (the same trust, the same library).
  const trust = fastifyTrustProxy(options.proxyHops) || (() => false);
  const clientIp = (req: IncomingMessage) => proxyAddr(req, trust);
  return (fastify: RequestListener, serverOptions: FastifyServerOptions): Server => {
    const server = createServer((req, res) => {
      if (!front.closing && answerFromCache(req, res, options, clientIp)) return;
      fastify(req, res);
    });
    // What Fastify sets on the server it makes itself.
    server.keepAliveTimeout = serverOptions.keepAliveTimeout!;
    server.requestTimeout = serverOptions.requestTimeout!;
    server.setTimeout(serverOptions.connectionTimeout!);
    if (serverOptions.maxRequestsPerSocket) server.maxRequestsPerSocket = serverOptions.maxRequestsPerSocket;
    return server;
  };
}

function answerFromCache(req: IncomingMessage, res: ServerResponse, options: FrontCacheOptions, clientIp: (req: IncomingMessage) => string): boolean {
  const headers = req.headers;
  if (req.method !== 'GET' || headers.authorization !== undefined || headers.cookie !== undefined) return false;
  if (CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined) || asksForFresh(headers)) return false;
  const page = options.pages.get(req.url!);
  if (!page) return false;
  options.pages.served(page, clientIp(req), headers['user-agent']);
  // The headers as one flat list straight to writeHead: no header map is built for an answer this plain.
  const answer = [
    'x-request-id',
    requestIdFrom(headers['x-request-id']),
    'cache-control',
    PUBLIC_PAGE_CACHE_CONTROL,
    'etag',
    page.etag,
    'vary',
    PUBLIC_PAGE_VARY,
  ];
  const hsts = strictTransport({ protocol: requestProtocol(req, options.proxyHops) });
  if (hsts) answer.push('strict-transport-security', hsts);
  if (options.drain?.draining) answer.push('connection', 'close');
  if (matchesIfNoneMatch(headers['if-none-match'], page.etag)) {
    res.writeHead(304, answer).end();
    return true;
  }
  answer.push('content-type', PAGE_CONTENT_TYPE, 'content-length', String(page.body.length));
  res.writeHead(page.status, answer).end(page.body);
  return true;
}

/** Headers that carry a credential of their own (a record link's token): Fastify decides those. */
const CREDENTIAL_HEADERS = Object.values(HEADER_CREDENTIALS).map((credential) => credential.header);
