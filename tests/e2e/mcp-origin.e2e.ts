import { request } from 'node:http';

import { mcp } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const { host, port } = new URL(base);

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'origin-check', version: '1.0.0' } },
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, because fetch keeps its own Host header. */
function send(method: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/mcp`, { method, headers: { host, ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const post = (headers: Record<string, string>) =>
  send(
    'POST',
    {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    INITIALIZE,
  );

const corsHeaders = (res: RawResponse) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));

describe('MCP Origin and Host checks, CORS', () => {
  it('a client that sends no Origin (not a browser) is served as before, without CORS headers', async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result.serverInfo.name).toBe('marketplace');
    expect(corsHeaders(res)).toEqual([]);
    expect((await mcp(base, 'ping')).body.result).toEqual({});
  });

  it('a foreign Origin gets 403 with a JSON error body and no CORS headers', async () => {
    for (const origin of ['https://evil.example', 'null', `http://localhost.evil.example:${port}`]) {
      const res = await post({ origin });
      expect(res.status, origin).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body).error).toMatch(/origin/i);
      expect(corsHeaders(res), origin).toEqual([]);
    }
  });

  it('the PUBLIC_URL origin is served, with the origin echoed and MCP headers exposed', async () => {
    const origin = new URL(base).origin;
    const res = await post({ origin });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers.vary).toMatch(/origin/i);
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(expect.arrayContaining(['www-authenticate', 'mcp-session-id']));
    // A browser client can read the OAuth challenge too.
    const challenge = await send(
      'POST',
      { origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'post_job', arguments: {} } }),
    );
    expect(challenge.status).toBe(401);
    expect(challenge.headers['access-control-allow-origin']).toBe(origin);
    expect(challenge.headers['www-authenticate']).toMatch(/^Bearer resource_metadata=/);
  });

  it('bound to loopback, a rebound Host name gets 403; loopback names on our port pass', async () => {
    for (const bad of ['evil.example.com', `evil.example.com:${port}`, `localhost:${Number(port) + 1}`, 'localhost']) {
      const res = await post({ host: bad });
      expect(res.status, bad).toBe(403);
      expect(JSON.parse(res.body).error).toMatch(/host/i);
    }
    for (const good of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await post({ host: good })).status, good).toBe(200);
    }
  });

  it('answers the CORS preflight for allowed origins only, never with *', async () => {
    const preflight = (origin: string) =>
      send('OPTIONS', {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      });
    const origin = new URL(base).origin;
    const ok = await preflight(origin);
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(origin);
    expect(ok.headers['access-control-allow-methods']).toBe('POST, DELETE');
    expect(String(ok.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id']),
    );

    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(corsHeaders(refused)).toEqual([]);

    // Without an Origin it is no preflight: OPTIONS is still a method /api/mcp does not serve.
    const plain = await send('OPTIONS', {});
    expect(plain.status).toBe(405);
    expect(plain.headers.allow).toContain('POST');
  });
});
