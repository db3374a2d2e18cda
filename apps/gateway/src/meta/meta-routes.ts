import { getSearchMode, listAuthMethods } from '@marketplace/contracts';
import { BusClient, decodeJson, healthSubject } from '@marketplace/service-kit/edge';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';

import { registerApiIndex } from './api-index.js';
import { SERVICE_VERSION } from './service-version.js';

/**
 * Services whose database must answer for the API to be ready (the contract's /api/health/ready).
 * This reports dependencies; it is not the gateway's Kubernetes readiness probe, which is the
 * health server's /ready (bus only, see main.ts), so a backend outage is a 503 per operation
 * rather than every gateway leaving the Service at once.
 */
const READY_SERVICES = ['identity', 'jobs'];

export function registerMetaRoutes(app: FastifyInstance, nc: NatsConnection, openapi: () => unknown): void {
  registerApiIndex(app);
  app.route({
    method: 'GET',
    url: '/api/health',
    exposeHeadRoute: true,
    handler: async (_req, reply) => reply.type('application/json').send({ status: 'ok' }),
  });

  const bus = new BusClient(nc, 2000);
  app.get('/api/health/ready', async (req, reply) => {
    const checks: Record<string, boolean> = { bus: !nc.isClosed() };
    // What identity actually offers (email only when mail is configured); keys need no setup.
    const signInMethods = bus.call(listAuthMethods, {}, { requestId: req.id, caller: null }).then(
      (r) => r.methods.map((m) => m.id),
      () => ['api_key'],
    );
    // The jobs service knows whether an embedding model is configured; without an answer, keyword.
    const searchMode = bus.call(getSearchMode, {}, { requestId: req.id, caller: null }).then(
      (r) => r.mode,
      () => 'keyword',
    );
    await Promise.all(
      READY_SERVICES.map(async (service) => {
        try {
          const msg = await nc.request(healthSubject(service), undefined, { timeout: 2000 });
          checks[`${service}.database`] = decodeJson<{ database?: boolean }>(msg.data).database === true;
        } catch {
          checks[`${service}.database`] = false;
        }
      }),
    );
    const ok = Object.values(checks).every(Boolean);
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ready' : 'unavailable',
      checks,
      database: READY_SERVICES.every((s) => checks[`${s}.database`]),
      signInMethods: await signInMethods,
      searchMode: await searchMode,
    });
  });

  app.get('/api/version', async () => ({ version: SERVICE_VERSION }));
  app.get('/api/openapi.json', async () => openapi());
}
