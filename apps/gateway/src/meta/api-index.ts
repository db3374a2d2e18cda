import type { FastifyInstance } from 'fastify';

import { SERVICE_VERSION } from './service-version.js';

/**
 * What `GET /api` answers: where everything else is, so a person or an agent that only knows the
 * API's root finds the reference, the OpenAPI document and the MCP endpoint in one step instead of
 * a bare 404. Paths, not URLs: they hold behind any proxy or host name the client came through.
 */
export const API_INDEX = {
  name: 'Job marketplace API',
  version: SERVICE_VERSION,
  links: {
    docs: '/api/docs',
    openapi: '/api/openapi.json',
    mcp: '/api/mcp',
    health: '/api/health',
    ready: '/api/health/ready',
    version: '/api/version',
    workflow: '/api/suggested-workflow',
  },
} as const;

/** `/api` and, with the server's ignoreTrailingSlash, `/api/`; Cache-Control no-store comes from the cross-cutting hook. */
export function registerApiIndex(app: FastifyInstance): void {
  app.get('/api', async (_req, reply) => reply.type('application/json').send(API_INDEX));
}
