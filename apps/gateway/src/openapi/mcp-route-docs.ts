import { AGENT_SCOPES, OAUTH_BASE } from '../oauth/authorization-server.js';

type Json = Record<string, unknown>;

/** The MCP endpoint's security scheme's name (see the document's other schemes in openapi-document.ts). */
export const MCP_OAUTH = 'mcpOAuth';

/** What each agent scope lets a token do on POST /api/mcp. */
const SCOPE_DESCRIPTIONS: Record<(typeof AGENT_SCOPES)[number], string> = {
  'agent:read': 'Tools that read (jobs, your applications, messages, files)',
  'agent:write': 'Tools that change something for the member (post, apply, hire, message, turn work in)',
};

/**
 * The MCP endpoint's own credential: an access token from this server's OAuth 2.1 authorization
 * server (authorization code with PKCE; clients register dynamically or by a metadata document).
 */
export function mcpOAuthScheme(publicUrl: string): Json {
  const url = (path: string) => `${publicUrl}${OAUTH_BASE}${path}`;
  return {
    type: 'oauth2',
    description:
      'OAuth 2.1 access tokens for POST /api/mcp only (API keys and browser sessions are not accepted there): ' +
      `authorization code with PKCE (S256); register at ${OAUTH_BASE}/register or name a client metadata document; ` +
      "server metadata at /.well-known/oauth-authorization-server, the resource's at /.well-known/oauth-protected-resource/api/mcp.",
    flows: {
      authorizationCode: {
        authorizationUrl: url('/authorize'),
        tokenUrl: url('/token'),
        refreshUrl: url('/token'),
        scopes: Object.fromEntries(AGENT_SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]])),
      },
    },
  };
}

/**
 * One JSON-RPC 2.0 message, as the endpoint reads it (the MCP SDK's schemas, which are strict): a
 * request or notification (a method), or a client's response to a question it was asked (a result
 * or an error). Ids and codes are whole numbers JavaScript holds exactly.
 */
const SAFE_INTEGER: Json = { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const JSON_RPC_ID: Json = { anyOf: [{ type: 'string' }, SAFE_INTEGER] };
const JSON_RPC_MESSAGE: Json = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['jsonrpc', 'method'],
      properties: {
        jsonrpc: { const: '2.0' },
        id: JSON_RPC_ID,
        method: { type: 'string' },
        params: { type: 'object', properties: { _meta: { type: 'object' } } },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['jsonrpc', 'id', 'result'],
      properties: { jsonrpc: { const: '2.0' }, id: JSON_RPC_ID, result: { type: 'object', properties: { _meta: { type: 'object' } } } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['jsonrpc', 'error'],
      properties: {
        jsonrpc: { const: '2.0' },
        id: JSON_RPC_ID,
        error: {
          type: 'object',
          additionalProperties: false,
          required: ['code', 'message'],
          properties: { code: SAFE_INTEGER, message: { type: 'string' }, data: {} },
        },
      },
    },
  ],
  example: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
};

/**
 * Who may call POST /api/mcp: anyone for the public tools (and initialize, tools/list), else a
 * token with the scope the tool needs (a 401 or 403 challenge names it).
 */
const MCP_SECURITY = [{}, ...AGENT_SCOPES.map((scope) => ({ [MCP_OAUTH]: [scope] }))];

/**
 * The MCP endpoint as HTTP sees it (the methods inside are MCP's own, listed by tools/list and
 * server/discover): one JSON-RPC message per POST on every revision; a 2025-era client that
 * declares elicitation at initialize gets a session, whose tool calls answer as an event stream
 * (the question to the human, then the result) and which DELETE ends.
 */
export function mcpPathItem(): Json {
  const jsonRpcError = (description: string, code: number, message: string): Json => ({
    description,
    content: {
      'application/json': {
        schema: { type: 'object', properties: { jsonrpc: { const: '2.0' }, id: {}, error: { type: 'object' } } },
        example: { jsonrpc: '2.0', id: null, error: { code, message } },
      },
    },
  });
  const challenge = (description: string): Json => ({
    description,
    headers: { 'WWW-Authenticate': { description: 'Bearer, naming resource_metadata and every scope the call needs', schema: { type: 'string' } } },
    content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } } } } },
  });
  const session = {
    name: 'Mcp-Session-Id',
    in: 'header',
    description: 'The session a 2025-era initialize that declared elicitation was given',
    schema: { type: 'string' },
  };
  const refused = {
    '401': challenge('No, or no valid, OAuth access token for a call that needs one (API keys are not accepted here)'),
    '403': { $ref: '#/components/responses/Error403' },
    '404': jsonRpcError('The session is unknown or has ended: initialize again', -32001, 'Session not found: it ended or expired. Initialize again.'),
  };
  return {
    post: {
      summary: 'MCP endpoint (Streamable HTTP) for revisions 2025-06-18, 2025-11-25 and 2026-07-28, chosen per request',
      description:
        'One JSON-RPC message per request, with Accept: application/json, text/event-stream (406 otherwise). 2026-07-28 requests are stateless and carry their own _meta envelope; ' +
        '2025-era requests are answered statelessly too, except for a client that declares elicitation at initialize: it is ' +
        'given an Mcp-Session-Id, and its tool calls that need the human answer as an event stream carrying the question. ' +
        'Before sign-in a client address may hold a few such sessions and open a few a minute (MCP_UNCLAIMED_SESSIONS_PER_ADDRESS, ' +
        'MCP_SESSIONS_PER_MINUTE); past that its initialize is still answered 200, without an Mcp-Session-Id (served statelessly, ' +
        'explicit arguments instead of questions), never 429. ' +
        'A 403 also answers a Host or Origin this server does not serve, a scope the token lacks (with a WWW-Authenticate ' +
        'challenge), and a session opened by another member or client.',
      tags: ['mcp'],
      parameters: [session, { name: 'Mcp-Protocol-Version', in: 'header', schema: { type: 'string', example: '2026-07-28' } }],
      security: MCP_SECURITY,
      requestBody: { required: true, content: { 'application/json': { schema: JSON_RPC_MESSAGE } } },
      responses: {
        '200': {
          description: 'The JSON-RPC response; in a 2025-era session, an event stream of the questions to the human and then the response',
          content: { 'application/json': { schema: { type: 'object' } }, 'text/event-stream': { schema: { type: 'string' } } },
        },
        '202': { description: 'A notification or a client response (an answer to the human question in a session), accepted' },
        '406': jsonRpcError(
          'The Accept header does not name both application/json and text/event-stream, as Streamable HTTP asks',
          -32000,
          'Not Acceptable: Client must accept both application/json and text/event-stream',
        ),
        '400': jsonRpcError(
          'A batch (-32600), params that do not fit the method, or an unknown tool group in ?tools=',
          -32600,
          'Send one JSON-RPC message per request; batches are not accepted.',
        ),
        ...refused,
      },
    },
    delete: {
      summary: 'End a 2025-era MCP session',
      tags: ['mcp'],
      security: MCP_SECURITY,
      parameters: [{ ...session, required: true }],
      responses: {
        '200': { description: 'The session is ended' },
        '400': jsonRpcError(
          'No Mcp-Session-Id: there is nothing to end',
          -32600,
          'DELETE ends an MCP session: send its Mcp-Session-Id header. Other requests are POSTs.',
        ),
        ...refused,
      },
    },
  };
}
