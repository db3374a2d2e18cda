import { loadOnFirstUse } from '@marketplace/service-kit/edge';
import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';

import { type RequestSchemas, requestSchemas, screenedProblem } from './json-rpc-params.js';

type Sdk = typeof import('@modelcontextprotocol/server');

/** The parts of the MCP SDK the endpoint uses. */
export type McpSdk = Pick<
  Sdk,
  | 'Server'
  | 'createMcpHandler'
  | 'isLegacyRequest'
  | 'ProtocolError'
  | 'ProtocolErrorCode'
  | 'ResourceNotFoundError'
  | 'inputRequired'
  | 'acceptedContent'
  | 'createRequestStateCodec'
  | 'CLIENT_CAPABILITIES_META_KEY'
  | 'MissingRequiredClientCapabilityError'
> & {
  LegacyTransport: Sdk['WebStandardStreamableHTTPServerTransport'];
  requestSchemas: RequestSchemas;
  jsonSchemaValidator: InstanceType<typeof import('@modelcontextprotocol/server/validators/ajv').AjvJsonSchemaValidator>;
};

/**
 * The MCP SDK (its server, both HTTP transports, its request schemas and Ajv), loaded by the first
 * MCP request rather than by every gateway process as it starts: most of the gateway's idle heap
 * after the catalogue. One Ajv serves every per-request Server (the SDK would build a fresh one,
 * formats and all, for each).
 */
export const loadMcpSdk: () => Promise<McpSdk> = loadOnFirstUse(async (): Promise<McpSdk> => {
  const [sdk, ajv] = await Promise.all([import('@modelcontextprotocol/server'), import('@modelcontextprotocol/server/validators/ajv')]);
  return {
    Server: answeringScreened(withQuietClose(sdk.Server), sdk.ProtocolError),
    createMcpHandler: sdk.createMcpHandler,
    isLegacyRequest: sdk.isLegacyRequest,
    LegacyTransport: sdk.WebStandardStreamableHTTPServerTransport,
    ProtocolError: sdk.ProtocolError,
    ProtocolErrorCode: sdk.ProtocolErrorCode,
    ResourceNotFoundError: sdk.ResourceNotFoundError,
    inputRequired: sdk.inputRequired,
    acceptedContent: sdk.acceptedContent,
    createRequestStateCodec: sdk.createRequestStateCodec,
    CLIENT_CAPABILITIES_META_KEY: sdk.CLIENT_CAPABILITIES_META_KEY,
    MissingRequiredClientCapabilityError: sdk.MissingRequiredClientCapabilityError,
    requestSchemas: requestSchemas(sdk.specTypeSchemas),
    jsonSchemaValidator: new ajv.AjvJsonSchemaValidator(),
  };
});

/**
 * The SDK's Server, whose close builds its "Connection closed" error without a stack trace. The
 * endpoint's Servers close after every answered request (its own per-request ones and the
 * 2026-07-28 handler's), when nothing is left in flight to reject with that error, and capturing
 * the trace each time was 2-4% of the gateway's CPU under MCP load. Whatever is still waiting
 * (a 2025-era session closed mid-call) gets the same error, without the trace.
 */
function withQuietClose(Server: Sdk['Server']): Sdk['Server'] {
  return class extends Server {
    protected override _onclose(): void {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        super._onclose();
      } finally {
        Error.stackTraceLimit = limit;
      }
    }
  };
}

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's Server, answering a request the endpoint screened out (json-rpc-params.ts) with its
 * -32602 before the handler's own check of the params, which for a spec method answers -32603 with
 * the schema's issues dumped. The SDK wraps every handler it registers here (its own initialize,
 * ping and server/discover too) after finding the method and, on 2026-07-28, checking the
 * envelope: those refusals still come first, as the revision orders them.
 */
function answeringScreened(Server: Sdk['Server'], ProtocolError: Sdk['ProtocolError']): Sdk['Server'] {
  return class extends Server {
    protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
      const wrapped = super._wrapHandler(method, handler);
      return async (request, ctx) => {
        const problem = screenedProblem(ctx, request.id);
        if (problem) throw new ProtocolError(problem.code, problem.message);
        return wrapped(request, ctx);
      };
    }
  };
}
