import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AppError, rejectUnknownFields, validateInput, type Caller, type ClientFacts,
} from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit';
import { bearerToken } from '../auth/authenticator.js';
import { renameFields } from '../http/error-reply.js';
import { SERVICE_VERSION } from '../meta/service-version.js';
import { clientFacts, requireAccess } from '../rest/rest-routes.js';
import { buildTools, COMMON_ARGS, COMMON_SCHEMA, TOOL_ERROR_NOTE, toolAccess, type Tool } from './mcp-tools.js';

const INSTRUCTIONS = `Job marketplace. You act as the human who approved this connection.
Start with get_suggested_workflow. Browse with list_open_jobs and get_job; post with post_job.
Pass conversation_id "new" on your first call and reuse the value returned.`;

const COMMON = new Set(Object.keys(COMMON_ARGS));

interface JsonRpcMessage { method?: string; params?: { name?: string } }

export interface McpDeps {
  bus: BusClient;
  publicUrl: string;
}

export function registerMcpEndpoint(app: FastifyInstance, deps: McpDeps): void {
  const tools = buildTools();
  const listed = [...tools.values()].map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
  const resourceMetadata = `${deps.publicUrl}/.well-known/oauth-protected-resource/api/mcp`;

  const challenge = (reply: FastifyReply, error: string, description: string) =>
    reply
      .code(401)
      .header('www-authenticate', `Bearer resource_metadata="${resourceMetadata}", scope="agent:read agent:write", error="${error}", error_description="${description}"`)
      .send({ error: description });

  app.post('/api/mcp', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req.headers.authorization);
    if (token?.startsWith('tl_')) {
      return challenge(reply, 'invalid_token', 'API keys are not accepted on /api/mcp; connect with OAuth sign-in.');
    }
    // OAuth sign-in for MCP is not available yet, so no bearer token can be valid here.
    if (token) return challenge(reply, 'invalid_token', 'The access token is invalid or expired.');
    const caller: Caller | null = null;

    const messages = (Array.isArray(req.body) ? req.body : [req.body]) as JsonRpcMessage[];
    for (const m of messages) {
      if (m?.method !== 'tools/call') continue;
      const tool = tools.get(String(m.params?.name));
      if (tool && toolAccess(tool) !== 'public' && !caller) {
        return challenge(reply, 'invalid_request', `Sign in to use ${tool.name}.`);
      }
    }

    const server = new Server(
      { name: 'marketplace', version: SERVICE_VERSION },
      { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = tools.get(request.params.name);
      if (!tool) return toolError(AppError.notFound(`Unknown tool ${request.params.name}.`));
      return callTool(tool, (request.params.arguments ?? {}) as Record<string, unknown>, caller, req.id, deps.bus, clientFacts(req));
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.setHeader('cache-control', 'no-store');
    reply.raw.setHeader('x-request-id', req.id);
    await server.connect(transport);
    reply.raw.on('close', () => { void transport.close(); void server.close(); });
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
}

async function callTool(
  tool: Tool, args: Record<string, unknown>, caller: Caller | null, requestId: string, bus: BusClient,
  client?: ClientFacts,
): Promise<CallToolResult> {
  try {
    requireAccess(toolAccess(tool), caller);
    const common = validateInput(COMMON_SCHEMA, Object.fromEntries(Object.entries(args).filter(([k]) => COMMON.has(k))));
    rejectUnknownFields(args, new Set([...tool.fields.map((f) => f.mcp), ...COMMON]));
    const raw: Record<string, unknown> = {};
    for (const f of tool.fields) if (args[f.mcp] !== undefined) raw[f.key] = args[f.mcp];
    const input = validateInput(tool.op.input, raw, (key) => tool.fields.find((f) => f.key === key)?.mcp ?? key);
    const data = await bus.request(tool.op.subject, tool.op.service, input, { requestId, caller, surface: 'mcp', ...(client ? { client } : {}) });
    const conversationId = !common.conversation_id || common.conversation_id === 'new' ? randomUUID() : common.conversation_id;
    return {
      content: [{ type: 'text', text: JSON.stringify(data) }],
      structuredContent: { result: data as Record<string, unknown>, conversationId },
    };
  } catch (err) {
    if (err instanceof AppError) return toolError(renameFields(err, tool.fields, 'mcp'));
    return toolError(new AppError(500, 'Something went wrong on our side.', { requestId }));
  }
}

function toolError(err: AppError): CallToolResult {
  const body = { error: err.message, status: err.status, ...err.extra };
  return { isError: true, content: [{ type: 'text', text: `${JSON.stringify(body)}\n\n${TOOL_ERROR_NOTE}` }] };
}
