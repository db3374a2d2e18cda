import type { Readable } from 'node:stream';

import type { Caller } from '@marketplace/contracts';
import type { CallContext } from '@marketplace/service-kit/edge';
import type { AuthInfo, ServerContext } from '@modelcontextprotocol/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { callContext } from '../call/operation-call.js';
import { strictTransport } from '../http/strict-transport.js';
import type { Malformed } from './json-rpc-params.js';
import type { ConsentCodec } from './mcp-request-state.js';
import type { ToolGroup } from './mcp-tools.js';
import type { ResultTextMode } from './result-text.js';

/*
 * How an MCP request crosses from Fastify into the SDK and back: the web Request the SDK reads,
 * the call handed through it to the handlers, and the answer sent back through Fastify.
 */

/** What a per-request Server needs of the HTTP request it serves. */
export interface McpCall {
  req: FastifyRequest;
  caller: Caller | null;
  /** The requests screened out, by id: the Server answers them their -32602 (json-rpc-params.ts). */
  malformed: Malformed;
  /** Seals and opens the consent question's request state. */
  consent: ConsentCodec;
  /** The tool groups the endpoint URL asked tools/list for; null for every tool. */
  groups: ReadonlySet<ToolGroup> | null;
  /** How tool results' text is written, as the endpoint URL asked (`?text=json`); concise by default. */
  textMode: ResultTextMode;
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
  headers.forEach((value, name) => {
    if (name !== 'content-length') void reply.header(name, value);
  });
  reply.header('cache-control', 'no-store');
  const hsts = strictTransport(req);
  if (hsts) reply.header('strict-transport-security', hsts);
  return reply.send(body);
}

/** A JSON-RPC error the endpoint answers itself, before the SDK (400, never cached). */
export function rpcError(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(400).header('cache-control', 'no-store').send({ jsonrpc: '2.0', id: null, error: { code, message } });
}

/** Fastify's refusals of a body it could not read as JSON: malformed, empty, or shorter than its Content-Length. */
const UNREADABLE_JSON = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_CONTENT_LENGTH']);

/**
 * The MCP POST's error handler: a body that is not JSON is JSON-RPC's parse error (-32700), which
 * MCP clients read, rather than the REST error body. Anything else goes on to the app's handler.
 */
export async function parseErrorAsJsonRpc(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  if (!UNREADABLE_JSON.has(err.code)) throw err;
  return rpcError(reply, -32700, 'Parse error: send one JSON-RPC message as JSON.');
}

/**
 * Adds a route whose body is never read: every content type reaches it unparsed. A DELETE ends a
 * session and carries no message, and the Python MCP SDK sends it with Content-Type:
 * application/json and no body, which Fastify's JSON parser refuses (400) before the route runs.
 */
export function withoutBody(app: FastifyInstance, add: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    add(scope);
  });
}
