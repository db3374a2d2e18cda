import { request } from 'node:http';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MCP_PATH } from '../http/mcp-path.js';
import { allowedOrigin, isAllowedHost, readMcpOriginPolicy, registerMcpOriginGuard } from './mcp-origin.js';

const policy = readMcpOriginPolicy('https://market.example', { TRUSTED_ORIGINS: 'https://app.example/path, http://localhost:5173' });

describe('MCP origin policy', () => {
  it('a trusted origin that is not a URL stops the gateway, naming the variable', () => {
    expect(() => readMcpOriginPolicy('https://market.example', { TRUSTED_ORIGINS: 'https://app.example, not a url' })).toThrow(/^TRUSTED_ORIGINS=/);
  });

  it('allows PUBLIC_URL and TRUSTED_ORIGINS origins, absent means a non-browser client', () => {
    expect([...policy.allowedOrigins].sort()).toEqual(['http://localhost:5173', 'https://app.example', 'https://market.example']);
    expect(allowedOrigin('https://market.example', policy)).toBe('https://market.example');
    expect(allowedOrigin('https://APP.example:443', policy)).toBe('https://app.example');
    expect(allowedOrigin(undefined, policy)).toBeNull();
    for (const bad of ['https://evil.example', 'null', 'http://market.example', 'https://market.example:8443', 'garbage']) {
      expect(allowedOrigin(bad, policy), bad).toBe(false);
    }
  });

  it('checks Host only when listening on loopback: loopback names on our port, or the PUBLIC_URL host', () => {
    for (const ok of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'LOCALHOST:3000', 'market.example', 'market.example:443']) {
      expect(isAllowedHost(ok, policy, 3000), ok).toBe(true);
    }
    for (const bad of [
      'evil.example.com',
      'evil.example.com:3000',
      '127.0.0.1:3001',
      'localhost',
      '127.0.0.1.evil.example:3000',
      'market.example:80',
      'user@localhost:3000',
      '',
      undefined,
    ]) {
      expect(isAllowedHost(bad, policy, 3000), String(bad)).toBe(false);
    }
    expect(isAllowedHost('evil.example.com', policy, undefined)).toBe(true);
    expect(isAllowedHost('localhost', policy, 80)).toBe(true);
  });
});

describe('MCP origin guard on a loopback server', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    registerMcpOriginGuard(app, readMcpOriginPolicy('https://market.example', { TRUSTED_ORIGINS: 'https://app.example' }));
    // Like the MCP handler: the reply is written on the raw response.
    app.post(MCP_PATH, async (_req, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    app.route({ method: ['GET', 'OPTIONS'], url: MCP_PATH, handler: async (_req, reply) => reply.code(405).header('allow', 'POST').send() });
    app.get('/api/other', async () => ({ other: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
  });

  function send(method: string, path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end(method === 'POST' ? '{}' : undefined);
    });
  }
  const post = (headers: Record<string, string>) => send('POST', MCP_PATH, { 'content-type': 'application/json', ...headers });

  it('a request without Origin passes, with no CORS headers', async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin');
  });

  it('an allowed Origin passes and gets CORS headers on the hijacked response', async () => {
    const res = await post({ origin: 'https://app.example' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(res.headers['access-control-expose-headers']).toMatch(/www-authenticate.*mcp-session-id/);
  });

  it('a foreign Origin or Host gets 403 JSON without CORS headers', async () => {
    const refused: Array<Record<string, string>> = [{ origin: 'http://evil.example' }, { host: 'evil.example.com' }, { host: `evil.example.com:${port}` }];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body)).toHaveProperty('error');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect((await post({ host: `localhost:${port}` })).status).toBe(200);
    expect((await post({ host: 'market.example' })).status).toBe(200);
    // An allowed Host remembered from the last request lets no other Host through.
    expect((await post({ host: 'market.example' })).status).toBe(200);
    expect((await post({ host: `evil.example.com:${port}` })).status).toBe(403);
    expect((await post({})).status).toBe(200);
    expect((await post({ host: 'evil.example.com' })).status).toBe(403);
  });

  it('answers the preflight for allowed origins only', async () => {
    const preflight = (origin: string) =>
      send('OPTIONS', MCP_PATH, {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      });
    const ok = await preflight('https://market.example');
    expect(ok.status).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': 'https://market.example',
      'access-control-allow-methods': 'POST, DELETE',
      vary: 'Origin',
    });
    expect(String(ok.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id']),
    );
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(Object.keys(refused.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // Not a preflight: the route's own answer.
    expect((await send('OPTIONS', MCP_PATH, {})).status).toBe(405);
  });

  it('leaves other paths alone', async () => {
    const res = await send('GET', '/api/other', { origin: 'http://evil.example', host: 'evil.example.com' });
    expect(res.status).toBe(200);
  });
});
