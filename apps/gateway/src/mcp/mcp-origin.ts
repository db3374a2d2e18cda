import { type AddressInfo, isIP } from 'node:net';

import { AppError } from '@marketplace/contracts';
import { originSettings, type ServiceEnv, serviceEnv } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { sendError } from '../http/error-reply.js';
import { MCP_PATH } from '../http/mcp-path.js';

/** What a browser-hosted MCP client may send and read (CORS); never `*`. */
export const MCP_CORS = {
  methods: 'POST, DELETE',
  allowHeaders: 'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  exposeHeaders: 'www-authenticate, mcp-session-id, mcp-protocol-version, x-request-id, retry-after, ratelimit, ratelimit-policy',
  maxAge: '600',
} as const;

/** Host names that always mean this machine when the gateway listens on a loopback address. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface McpOriginPolicy {
  /** Serialized origins (scheme://host[:port]) a browser page may call /api/mcp from. */
  allowedOrigins: ReadonlySet<string>;
  /** PUBLIC_URL's host name and port (the scheme's default when it names none). */
  publicHost: { name: string; port: string };
}

function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `name[:port]` of a Host header (or a URL's host), lower-cased; undefined when it is not one. */
function hostParts(host: string, defaultPort: string): { name: string; port: string } | undefined {
  if (!host || /[\s/?#@\\]/.test(host)) return undefined;
  try {
    const url = new URL(`http://${host}`);
    return { name: url.hostname, port: /:\d+$/.test(host) ? String(Number(host.slice(host.lastIndexOf(':') + 1))) : defaultPort };
  } catch {
    return undefined;
  }
}

/**
 * Allowed origins are PUBLIC_URL's and the comma-separated TRUSTED_ORIGINS (the same setting
 * identity reads for sign-in redirects); an entry that is not a URL stops the gateway at start.
 */
export function readMcpOriginPolicy(publicUrl: string, env: ServiceEnv = serviceEnv()): McpOriginPolicy {
  const url = new URL(publicUrl);
  const trusted = originSettings.read(env).trustedOrigins;
  return {
    allowedOrigins: new Set([url.origin, ...trusted.map(originOf).filter((o): o is string => !!o)]),
    publicHost: hostParts(url.host, DEFAULT_PORT[url.protocol] ?? '80')!,
  };
}

/** The port the server listens on when that is a loopback address, else undefined (no Host check). */
function loopbackPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  if (!address || typeof address !== 'object') return undefined;
  const ip = (address as AddressInfo).address.replace(/^::ffff:/i, '');
  const loopback = isIP(ip) === 4 ? ip.startsWith('127.') : ip === '::1';
  return loopback ? (address as AddressInfo).port : undefined;
}

/** DNS-rebinding protection: bound to loopback, only loopback names on our port or PUBLIC_URL's host. */
export function isAllowedHost(host: string | undefined, policy: McpOriginPolicy, port: number | undefined): boolean {
  if (port === undefined) return true;
  const asLoopback = hostParts(host ?? '', '80');
  if (asLoopback && LOOPBACK_NAMES.has(asLoopback.name) && asLoopback.port === String(port)) return true;
  const asPublic = hostParts(host ?? '', policy.publicHost.port);
  return !!asPublic && asPublic.name === policy.publicHost.name && asPublic.port === policy.publicHost.port;
}

/** The request's Origin when one of the allowed ones; null when it sent none; false when refused. */
export function allowedOrigin(origin: string | undefined, policy: McpOriginPolicy): string | null | false {
  if (origin === undefined || origin === '') return null;
  const normalized = originOf(origin);
  return normalized && policy.allowedOrigins.has(normalized) ? normalized : false;
}

function isMcpRequest(req: FastifyRequest): boolean {
  if (req.routeOptions.url === MCP_PATH) return true;
  const path = req.url.split('?')[0]!.replace(/\/+$/, '');
  return path === MCP_PATH;
}

/**
 * Guards every request to /api/mcp before routing reaches its handler (or the 405 answer):
 * the Host check when listening on loopback, then the Origin check (403 when present and not
 * allowed; absent means a non-browser client), and CORS for browser-hosted clients on allowed
 * origins only, including the OPTIONS preflight.
 */
export function registerMcpOriginGuard(app: FastifyInstance, policy: McpOriginPolicy): void {
  // The address is fixed once listening: asked of the socket once then, not on every request.
  let port: { value: number | undefined } | undefined;
  // The Host a client sends is the same on every request: once found allowed (with the address
  // fixed), it is not parsed as a URL again, which was 1.3% of the gateway's CPU under MCP load.
  let lastAllowedHost: string | undefined;
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isMcpRequest(req)) return;
    if (!port && app.server.listening) port = { value: loopbackPort(app) };
    // The MCP handler writes to the raw response, so CORS headers go there (Fastify merges them).
    reply.raw.setHeader('vary', 'Origin');
    const host = req.headers.host;
    if (host === undefined || host !== lastAllowedHost) {
      if (!isAllowedHost(host, policy, port ? port.value : loopbackPort(app))) {
        return sendError(reply, AppError.forbidden('This server does not answer to that Host name.'), req.id);
      }
      if (port) lastAllowedHost = host;
    }
    const origin = allowedOrigin(req.headers.origin, policy);
    if (origin === false) {
      return sendError(reply, AppError.forbidden('Requests from this origin may not use the MCP endpoint.'), req.id);
    }
    if (origin === null) return;
    reply.raw.setHeader('access-control-allow-origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      return reply
        .code(204)
        .header('access-control-allow-methods', MCP_CORS.methods)
        .header('access-control-allow-headers', MCP_CORS.allowHeaders)
        .header('access-control-max-age', MCP_CORS.maxAge)
        .send();
    }
    reply.raw.setHeader('access-control-expose-headers', MCP_CORS.exposeHeaders);
  });
}
