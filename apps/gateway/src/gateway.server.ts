import fastifyCookie from '@fastify/cookie';
import { BusClient, type CallerSigner, type Logger, ObjectStorage, startBroadcastConsumer } from '@marketplace/service-kit/edge';
import type { NatsConnection } from '@nats-io/transport-node';
import Fastify, { type FastifyInstance } from 'fastify';

import { registerAuthRoutes } from './auth/auth-routes.js';
import { Authenticator } from './auth/authenticator.js';
import { CachedAudience } from './call/cached-audience.js';
import { PublicPageCache } from './call/public-page-cache.js';
import { frameworkError, recordRoutes, registerCrossCutting, registerMethodNotAllowed } from './http/cross-cutting.js';
import { type FrontCache, frontCachedServer } from './http/front-cache.js';
import { requestIdFrom } from './http/request-id.js';
import { fastifyTrustProxy, trustedProxyHops } from './http/trust-proxy.js';
import { AgentAlertHints } from './mcp/agent-alert-hints.js';
import { registerMcpEndpoint } from './mcp/mcp-endpoint.js';
import { McpUsageRecorder } from './mcp/mcp-usage-recorder.js';
import { registerMetaRoutes } from './meta/meta-routes.js';
import { AuthorizationServer, mountAuthorizationServer } from './oauth/authorization-server.js';
import { registerConsentPage } from './oauth/consent-page.js';
import { registerProtectedResourceMetadata } from './oauth/protected-resource.js';
import type { ServerKeys } from './oauth/server-keys.js';
import { registerApiDocs } from './openapi/api-docs-route.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { registerRestRoutes } from './rest/rest-routes.js';
import { ObjectStreamer } from './storage/object-streamer.js';
import { registerWebApp, webNotFoundPage } from './web/web-app.js';

export const BODY_LIMIT = 2_097_152;

export interface GatewayOptions {
  nc: NatsConnection;
  logger: Logger;
  publicUrl: string;
  /** Signs the caller of every request the gateway sends, so services can trust it. */
  signer: CallerSigner;
  /** Where uploads and downloads are streamed; by default from the S3_* settings. */
  storage?: ObjectStorage;
  /** The authorization server's signing and cookie keys (OAUTH_SIGNING_KEYS, OAUTH_COOKIE_KEYS). */
  oauthKeys?: ServerKeys | undefined;
  /**
   * Set while the gateway drains before it stops (GATEWAY_DRAIN_MS): /api/health/ready answers 503
   * so load balancers send new connections elsewhere, and every answer closes its connection so
   * clients open their next one there, while requests still arriving are served.
   */
  drain?: { draining: boolean };
}

/**
 * The only HTTP ingress. It has no handlers of its own: REST routes, MCP tools and the OpenAPI
 * document are all generated from the operation catalogue.
 */
export async function buildGateway(opts: GatewayOptions): Promise<FastifyInstance> {
  const bus = new BusClient(opts.nc, { signer: opts.signer });
  // Board reads answered from the cache, counted for posters: sent to jobs in batches, the last as the gateway closes.
  const audience = CachedAudience.onBus(bus, opts.logger).start();
  const pages = new PublicPageCache(Date.now, audience);
  const front: FrontCache = { closing: false };
  const proxyHops = trustedProxyHops();
  const app = Fastify({
    serverFactory: frontCachedServer({ pages, proxyHops, drain: opts.drain }, front),
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    requestIdHeader: false,
    // A number of hops, never `true`: the left-most X-Forwarded-For entries are the client's own.
    trustProxy: fastifyTrustProxy(proxyHops),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 6200 }, // an agent's client id (≤2,048 characters) URL-encoded
    return503OnClosing: true,
    frameworkErrors: frameworkError,
  });
  app.addHook('preClose', async () => {
    front.closing = true;
  });
  app.addHook('onClose', async () => audience.stop());
  const drain = opts.drain;
  if (drain) {
    app.addHook('onRequest', async (req, reply) => {
      if (!drain.draining) return;
      void reply.header('connection', 'close');
      if (req.url === '/api/health/ready') return reply.code(503).send({ status: 'draining' });
    });
  }
  registerCrossCutting(app, opts.logger, webNotFoundPage);
  const routes = recordRoutes(app);

  // Built by its first reader (GET /api/openapi.json, the docs page), not by every gateway as it starts.
  let openapi: ReturnType<typeof buildOpenApiDocument> | undefined;
  registerMetaRoutes(app, opts.nc, () => (openapi ??= buildOpenApiDocument(opts.publicUrl)));
  registerApiDocs(app);
  await app.register(fastifyCookie);
  const auth = new Authenticator(bus, opts.publicUrl);
  const storage = opts.storage ?? ObjectStorage.fromEnv();
  const streamer = new ObjectStreamer(storage, opts.logger);
  startBroadcastConsumer(opts.nc, pages, opts.logger);
  const alerts = new AgentAlertHints();
  startBroadcastConsumer(opts.nc, alerts, opts.logger);
  registerRestRoutes(app, { bus, auth, streamer, jsonBodyLimit: BODY_LIMIT, pages });
  registerAuthRoutes(app, { bus, auth, publicUrl: opts.publicUrl });
  registerWebApp(app, { bus, auth, publicUrl: opts.publicUrl, uploadStore: storage.browserUploadOrigin(), logger: opts.logger });
  const oauth = new AuthorizationServer({ bus, publicUrl: opts.publicUrl, logger: opts.logger, keys: opts.oauthKeys });
  mountAuthorizationServer(app, oauth, opts.logger);
  registerProtectedResourceMetadata(app, oauth);
  registerConsentPage(app, {
    bus,
    server: oauth,
    logger: opts.logger,
    sessionMember: (req, reply) => auth.sessionCaller(req, reply),
  });
  // MCP tool calls counted for staff, sent to admin in batches; the last ones as the gateway closes, before the bus does.
  const usage = McpUsageRecorder.onBus(bus, opts.logger).start();
  app.addHook('onClose', async () => usage.stop());
  registerMcpEndpoint(app, { bus, oauth, streamer, pages, alerts, usage });
  // Every room's routes are in once its plugins have loaded: each path answers other methods with 405.
  await app.after();
  registerMethodNotAllowed(app, routes);
  return app;
}
