import type { CallToolResult } from '@modelcontextprotocol/server';
import Fastify from 'fastify';

import { plainEra } from '../../apps/gateway/dist/mcp/mcp-era.js';
import { sendAnswer, toWebRequest } from '../../apps/gateway/dist/mcp/mcp-http.js';
// The gateway's own way into and out of the SDK (apps/gateway is no package one imports by name:
// its compiled output is used, as single-process.ts uses the jobs service's).
import { loadMcpSdk } from '../../apps/gateway/dist/mcp/mcp-sdk.js';

/*
 * The floor of an MCP call on this machine: bare Fastify in this process answering the member's
 * list as REST bytes, and as a tools/call through the MCP SDK, taken into and out of the SDK as the
 * gateway does it (its web Request, its era shortcut, a Server per request with the shared
 * validator and the quiet close, the SDK's web-standard transport for the 2025 era and its handler
 * for 2026-07-28, the answer sent the same way), with the result shaped as the gateway shapes it
 * (the service's JSON parsed into structured content and, as the spec asks, kept as text). No
 * sign-in, no bus, no database, no tool registry: what this reaches of bare REST is the ceiling of
 * MCP/REST for this data on the SDK, measured in the same run as the product.
 */

export interface McpFloorServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Response headers that belong to one connection or one moment, not to the answer. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Serves `GET /rest` with the bytes and headers `restUrl` answered (asked with `restHeaders`), and
 * `POST /mcp` with a tools/call result of the same data on either wire.
 */
export async function startMcpFloorServer(restUrl: string, restHeaders: Record<string, string>): Promise<McpFloorServer> {
  const res = await fetch(restUrl, { headers: restHeaders });
  if (!res.ok) throw new Error(`GET ${restUrl} answered ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value;
  });
  const json = bytes.toString('utf8');

  const sdk = await loadMcpSdk();
  const result = (): CallToolResult => {
    const conversationId = crypto.randomUUID();
    return {
      content: [
        { type: 'text', text: json },
        { type: 'text', text: `conversation_id: ${conversationId}` },
      ],
      structuredContent: { result: JSON.parse(json) as Record<string, unknown>, conversationId },
    };
  };
  const buildServer = () => {
    const server = new sdk.Server({ name: 'floor', version: '1' }, { capabilities: { tools: {} }, jsonSchemaValidator: sdk.jsonSchemaValidator });
    server.setRequestHandler('tools/call', async () => result());
    return server;
  };
  const modern = sdk.createMcpHandler(() => buildServer(), { legacy: 'reject', responseMode: 'json' });

  const app = Fastify({ logger: false });
  app.get('/rest', (_req, reply) => {
    void reply.headers(headers).send(bytes);
  });
  app.post('/mcp', async (req, reply) => {
    const webRequest = toWebRequest(req);
    const era = plainEra(req.headers['mcp-protocol-version'], req.body);
    let answer: Response;
    if (era ? era === 'legacy' : await sdk.isLegacyRequest(webRequest, req.body)) {
      const server = buildServer();
      const transport = new sdk.LegacyTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        answer = await transport.handleRequest(webRequest, { parsedBody: req.body });
      } finally {
        void server.close();
      }
    } else {
      answer = await modern.fetch(webRequest, { parsedBody: req.body });
    }
    return sendAnswer(req, reply, answer.status, answer.headers, Buffer.from(await answer.arrayBuffer()));
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: address,
    stop: async () => {
      await modern.close();
      await app.close();
    },
  };
}
