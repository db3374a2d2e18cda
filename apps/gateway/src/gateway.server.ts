import Fastify, { type FastifyInstance } from 'fastify';
import type { NatsConnection } from '@nats-io/transport-node';
import { BusClient, type Logger } from '@marketplace/service-kit';
import { Authenticator } from './auth/authenticator.js';
import { registerCrossCutting, registerMethodNotAllowed } from './http/cross-cutting.js';
import { requestIdFrom } from './http/request-id.js';
import { registerMcpEndpoint } from './mcp/mcp-endpoint.js';
import { registerMetaRoutes } from './meta/meta-routes.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { registerJoinPage } from './pages/join-page.js';
import { registerRestRoutes } from './rest/rest-routes.js';

export const BODY_LIMIT = 2_097_152;

export interface GatewayOptions {
  nc: NatsConnection;
  logger: Logger;
  publicUrl: string;
}

/**
 * The only HTTP ingress. It has no handlers of its own: REST routes, MCP tools and the OpenAPI
 * document are all generated from the operation catalogue.
 */
export async function buildGateway(opts: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    requestIdHeader: false,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  });
  const bus = new BusClient(opts.nc);
  registerCrossCutting(app, opts.logger);

  const openapi = buildOpenApiDocument(opts.publicUrl);
  const meta = registerMetaRoutes(app, opts.nc, () => openapi);
  const auth = new Authenticator(bus);
  const rest = registerRestRoutes(app, { bus, auth });
  const pages = registerJoinPage(app, { bus, auth });
  registerMcpEndpoint(app, { bus, publicUrl: opts.publicUrl });
  registerMethodNotAllowed(app, new Map([...meta, ...rest, ...pages, ['/api/mcp', new Set(['POST'])]]));
  return app;
}
