import { HELP_ON_FAILURE } from '@marketplace/contracts';
import type { Logger } from '@marketplace/service-kit/edge';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { frameworkError, registerCrossCutting, registerMethodNotAllowed } from './cross-cutting.js';

const quiet = { warn: () => undefined, error: () => undefined } as unknown as Logger;

async function app() {
  const server = Fastify({ frameworkErrors: frameworkError, routerOptions: { maxParamLength: 100 } });
  registerCrossCutting(server, quiet);
  server.get('/api/health', async () => ({ status: 'ok' }));
  server.get('/api/jobs/:id', async () => ({ ok: true }));
  registerMethodNotAllowed(
    server,
    new Map([
      ['/api/health', new Set(['GET'])],
      ['/api/jobs/:id', new Set(['GET'])],
    ]),
  );
  await server.ready();
  return server;
}

describe('cross-cutting error answers', () => {
  it('405 carries Allow and an error body, except where the contract fixes an empty one', async () => {
    const server = await app();
    const wrong = await server.inject({ method: 'DELETE', url: '/api/jobs/1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.json()).toEqual({ error: 'DELETE is not allowed here; this path answers GET, HEAD.', code: 'method_not_allowed' });
    const health = await server.inject({ method: 'POST', url: '/api/health' });
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.body).toBe('');
  });

  it('405 for every method the server parses, before any body is read (TRACE, QUERY, a broken JSON body)', async () => {
    const server = await app();
    for (const method of ['TRACE', 'QUERY', 'POST', 'PUT', 'PATCH', 'OPTIONS'] as const) {
      const withBody = method !== 'TRACE';
      const res = await server.inject({
        method,
        url: '/api/jobs/1',
        ...(withBody ? { headers: { 'content-type': 'application/json' }, payload: '{"a":' } : {}),
      });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
      expect(res.json(), method).toEqual({ error: `${method} is not allowed here; this path answers GET, HEAD.`, code: 'method_not_allowed' });
    }
    // QUERY without a Content-Type, which the framework itself would refuse with 400.
    expect((await server.inject({ method: 'QUERY', url: '/api/jobs/1' })).statusCode).toBe(405);
  });

  it('a URL that does not decode, or a path segment over the limit, answers the error body', async () => {
    const server = await app();
    for (const url of ['/api/jobs/%E0%A4%A', '/api/jobs/%ED%A0%80', '/api/jobs/%']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: expect.stringMatching(/percent-encode/), code: 'invalid_input' });
      expect(res.headers['x-request-id'], url).toBeDefined();
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const long = await server.inject({ method: 'GET', url: `/api/jobs/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: expect.any(String), code: 'uri_too_long' });
  });

  it('other refusals of the framework keep their 4xx status, in the error body; anything else is a 500', async () => {
    const server = Fastify();
    registerCrossCutting(server, quiet);
    server.get('/refused', async () => {
      throw Object.assign(new Error('Unsupported Content-Encoding: br'), { statusCode: 415 });
    });
    server.get('/broken', async () => {
      throw new TypeError('x is not a function');
    });
    const refused = await server.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ error: 'Unsupported Content-Encoding: br', code: 'unsupported_media_type' });
    const broken = await server.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    // A failure on our side says where to take it (the contract's `help`).
    expect(broken.json()).toEqual({ error: 'Something went wrong on our side.', code: 'internal', requestId: expect.any(String), help: HELP_ON_FAILURE });
  });
});
