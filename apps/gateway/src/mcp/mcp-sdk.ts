import { loadOnFirstUse } from '@marketplace/service-kit/edge';
import { requestSchemas } from './json-rpc-params.js';

/**
 * The MCP SDK (its server, both HTTP transports, its request schemas and Ajv), loaded by the first
 * MCP request rather than by every gateway process as it starts: most of the gateway's idle heap
 * after the catalogue. One Ajv serves every per-request Server (the SDK would build a fresh one,
 * formats and all, for each).
 */
export const loadMcpSdk = loadOnFirstUse(async () => {
  const [sdk, ajv] = await Promise.all([import('@modelcontextprotocol/server'), import('@modelcontextprotocol/server/validators/ajv')]);
  return {
    Server: sdk.Server,
    createMcpHandler: sdk.createMcpHandler,
    isLegacyRequest: sdk.isLegacyRequest,
    LegacyTransport: sdk.WebStandardStreamableHTTPServerTransport,
    ProtocolError: sdk.ProtocolError,
    ProtocolErrorCode: sdk.ProtocolErrorCode,
    ResourceNotFoundError: sdk.ResourceNotFoundError,
    requestSchemas: requestSchemas(sdk.specTypeSchemas),
    jsonSchemaValidator: new ajv.AjvJsonSchemaValidator(),
  };
});

export type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>;
