import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { API_INDEX, registerApiIndex } from './api-index.js';

describe('GET /api', () => {
  it('answers the index with and without the trailing slash, as the gateway routes them', async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    registerApiIndex(app);
    for (const url of ['/api', '/api/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual(API_INDEX);
    }
    await app.close();
  });

  it('points to the reference, the OpenAPI document, MCP, health and version', () => {
    expect(API_INDEX.links).toMatchObject({
      docs: '/api/docs',
      openapi: '/api/openapi.json',
      mcp: '/api/mcp',
      health: '/api/health',
      version: '/api/version',
    });
  });
});
