import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthInfo, ServerContext } from '@modelcontextprotocol/server';
import type { Caller } from '@marketplace/contracts';
import type { CallContext } from '@marketplace/service-kit/edge';
import { callContext } from '../call/operation-call.js';
import { strictTransport } from '../http/strict-transport.js';
import type { ToolGroup } from './mcp-tools.js';
import type { ConsentCodec } from './mcp-request-state.js';

/*
 * How an MCP request crosses from Fastify into the SDK and back: the web Request the SDK reads,
 * the call handed through it to the handlers, and the answer sent back through Fastify.
 */

/** What a per-request Server needs of the HTTP request it serves. */
export interface McpCall {
  req: FastifyRequest; caller: Caller | null; malformed: Map<string, Error & { code: number }>;
  /** Seals and opens the consent question's request state. */
  consent: ConsentCodec;
  /** The tool groups the endpoint URL asked tools/list for; null for every tool. */
  groups: ReadonlySet<ToolGroup> | null;
}

/** The request a handler serves, as the endpoint handed it through the SDK (authInfo). */
export function callOf(ctx: ServerContext): McpCall {
  return (ctx.http?.authInfo?.extra as { call: McpCall }).call;
}

/** The call context (caller, request id, surface) of the request a handler serves. */
export function callContextOf(ctx: ServerContext): CallContext {
  const call = callOf(ctx);
  return callContext(call.req, call.caller, 'mcp');
}

/** The caller the gateway already authenticated, handed through the SDK to the per-request Server. */
export function authInfoOf(token: string | undefined, call: { caller: Caller | null }): AuthInfo {
  return { token: token ?? '', clientId: call.caller?.clientId ?? 'anonymous', scopes: [...(call.caller?.scopes ?? [])], extra: { call } };
}

/**
 * The request as the SDK's web-standard transports read it, without a body (they are always handed
 * it already parsed and screened as `parsedBody`), and with only the headers they read: the media
 * types, Host and Origin, Last-Event-ID and the MCP headers (protocol version, session, the
 * standard Mcp-Method/Mcp-Name and Mcp-Param-* ones). Copying every header into undici's Headers
 * was a visible share of each MCP request's CPU.
 */
export function toWebRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || !(SDK_HEADERS.has(name) || name.startsWith('mcp-'))) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${req.hostname || 'localhost'}/api/mcp`, { method: req.method, headers });
}

const SDK_HEADERS = new Set(['accept', 'content-type', 'host', 'origin', 'last-event-id']);

/** Sends the SDK's answer through Fastify, with the headers every MCP answer carries. */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, status: number, headers: Headers, body: Buffer | Readable): FastifyReply {
  reply.code(status);
  headers.forEach((value, name) => { if (name !== 'content-length') void reply.header(name, value); });
  reply.header('cache-control', 'no-store');
  const hsts = strictTransport(req);
  if (hsts) reply.header('strict-transport-security', hsts);
  return reply.send(body);
}

/** A JSON-RPC error the endpoint answers itself, before the SDK (400, never cached). */
export function rpcError(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(400).header('cache-control', 'no-store').send({ jsonrpc: '2.0', id: null, error: { code, message } });
}
