import { loadOnFirstUse } from '@marketplace/service-kit/edge';
import { requestSchemas } from './json-rpc-params.js';

/**
 * The MCP SDK (its server, the Streamable HTTP transport, its zod request schemas and Ajv), loaded
 * by the first MCP request rather than by every gateway process as it starts: most of the gateway's
 * idle heap after the catalogue. One Ajv serves every per-request Server (the SDK would build a
 * fresh one, formats and all, for each).
 */
export const loadMcpSdk = loadOnFirstUse(async () => {
  const [server, transport, types, ajv] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]);
  return {
    Server: server.Server,
    StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
    CallToolRequestSchema: types.CallToolRequestSchema,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    requestSchemas: requestSchemas(types),
    jsonSchemaValidator: new ajv.AjvJsonSchemaValidator(),
  };
});
