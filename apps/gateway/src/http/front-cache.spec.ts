import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { CachedAudience } from '../call/cached-audience.js';
import { PublicPageCache } from '../call/public-page-cache.js';
import { type FrontCache, frontCachedServer } from './front-cache.js';

const policy = { sharedMaxAgeS: 5 };
const PAGE = '{"jobs":[]}';
const options = { keepAliveTimeout: 72_000, requestTimeout: 0, connectionTimeout: 0, maxRequestsPerSocket: 0 };

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose Fastify side answers 299 "fastify", so each answer says which side gave it. */
async function start(hops = 0, drain?: { draining: boolean }) {
  const pages = new PublicPageCache();
  pages.store('/api/jobs?limit=5', pages.version, Buffer.from(PAGE), policy, 200);
  const front: FrontCache = { closing: false };
  server = frontCachedServer({ pages, proxyHops: hops, drain }, front)((_req, res) => res.writeHead(299).end('fastify'), options);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    return { res, text: await res.text() };
  };
  return { pages, front, get };
}

describe('frontCachedServer', () => {
  it("counts each read it answers for the open jobs on the page, by the reader's address as Fastify reads it", async () => {
    const sent: unknown[] = [];
    const audience = new CachedAudience(
      async (readers) => {
        sent.push(...readers);
      },
      { flushMs: 60_000 },
    );
    const pages = new PublicPageCache(Date.now, audience);
    const open = '3f0c1a52-8a37-4d6f-9a44-0b1de2c4a001';
    const body = JSON.stringify({
      jobs: [
        { id: open, status: 'open' },
        { id: '3f0c1a52-8a37-4d6f-9a44-0b1de2c4a002', status: 'completed' },
      ],
    });
    pages.store('/api/jobs', pages.version, Buffer.from(body), { ...policy, audience: 'impression' }, 200);
    server = frontCachedServer({ pages, proxyHops: 1 }, { closing: false })((_req, res) => res.writeHead(299).end(), options);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/jobs`;
    // One proxy is trusted: the reader is the entry it appended, not the one the client wrote.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.7', 'user-agent': 'reader/1' } });
      expect(res.status).toBe(200);
      await res.text();
    }
    await audience.flush();
    expect(sent).toEqual([{ kind: 'impression', ip: '203.0.113.7', userAgent: 'reader/1', jobIds: [open] }]);
  });

  it("answers an anonymous read of a held page with the route's headers", async () => {
    const { pages, get } = await start();
    const { res, text } = await get('/api/jobs?limit=5', { headers: { 'x-request-id': 'reader-trace-1' } });
    expect(res.status).toBe(200);
    expect(text).toBe(PAGE);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('etag')).toBe(pages.get('/api/jobs?limit=5')!.etag);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toBe('Authorization, Cookie');
    expect(res.headers.get('x-request-id')).toBe('reader-trace-1');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // fetch adds `Cache-Control: no-cache` to a conditional request unless one is given.
    const revalidated = await get('/api/jobs?limit=5', { headers: { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.res.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('hands Fastify every request it cannot answer as the route would', async () => {
    const { front, get } = await start();
    const toFastify = [
      get('/api/jobs?limit=6'),
      get('/api/jobs?limit=5', { headers: { authorization: 'Bearer mk_live_x' } }),
      get('/api/jobs?limit=5', { headers: { cookie: 'theme=dark' } }),
      get('/api/jobs?limit=5', { headers: { 'x-recording-token': 'token' } }),
      get('/api/jobs?limit=5', { headers: { 'cache-control': 'max-age=0, no-cache' } }),
      get('/api/jobs?limit=5', { method: 'HEAD' }),
      get('/api/jobs?limit=5', { method: 'POST', body: '{}' }),
    ];
    for (const { res } of await Promise.all(toFastify)) expect(res.status).toBe(299);
    front.closing = true;
    expect((await get('/api/jobs?limit=5')).res.status).toBe(299);
  });

  it('sends HSTS only when a trusted proxy says the reader came over https', async () => {
    const direct = await start(0);
    const spoofed = await direct.get('/api/jobs?limit=5', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.res.headers.get('strict-transport-security')).toBeNull();
    await new Promise((resolve) => server!.close(resolve));

    const proxied = await start(1);
    const https = await proxied.get('/api/jobs?limit=5', { headers: { 'x-forwarded-proto': 'http, https' } });
    expect(https.res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.get('/api/jobs?limit=5', { headers: { 'x-forwarded-proto': 'https, http' } });
    expect(http.res.headers.get('strict-transport-security')).toBeNull();
  });

  it('closes the connection after answering while the gateway drains', async () => {
    const drain = { draining: false };
    const { get } = await start(0, drain);
    expect((await get('/api/jobs?limit=5')).res.headers.get('connection')).toBe('keep-alive');
    drain.draining = true;
    const { res, text } = await get('/api/jobs?limit=5');
    expect(text).toBe(PAGE);
    expect(res.headers.get('connection')).toBe('close');
  });
});
