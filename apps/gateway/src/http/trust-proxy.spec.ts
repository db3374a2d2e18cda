import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { fastifyTrustProxy, trustedProxyHops } from './trust-proxy.js';

describe('trustedProxyHops', () => {
  it('reads TRUST_PROXY_HOPS, else TRUST_PROXY=true as one hop, else none', () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: 'false' })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: 'true' })).toBe(1);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: '2' })).toBe(2);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: '0', TRUST_PROXY: 'true' })).toBe(0);
    // A bad value stops the gateway, naming the variable, rather than quietly trusting no proxy.
    expect(() => trustedProxyHops({ TRUST_PROXY_HOPS: 'all' })).toThrow(/^TRUST_PROXY_HOPS="all" is not valid/);
    expect(() => trustedProxyHops({ TRUST_PROXY_HOPS: '-1' })).toThrow(/^TRUST_PROXY_HOPS=/);
    expect(() => trustedProxyHops({ TRUST_PROXY: 'yes please' })).toThrow(/^TRUST_PROXY=/);
  });

  it('with one hop, the client cannot choose its address by prepending X-Forwarded-For entries', async () => {
    const app = Fastify({ trustProxy: fastifyTrustProxy(trustedProxyHops({ TRUST_PROXY: 'true' })) });
    app.get('/ip', async (req) => ({ ip: req.ip }));
    const ip = async (xff: string) => (await app.inject({ url: '/ip', headers: { 'x-forwarded-for': xff } })).json().ip;
    // The proxy appends the address it saw; whatever the client sent before it is ignored.
    expect(await ip('203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('9.9.9.9, 8.8.8.8, 203.0.113.7')).toBe('203.0.113.7');
    await app.close();
  });

  it('with two hops, the address the outer proxy saw; with none, the socket peer', async () => {
    for (const [hops, want] of [
      [2, '198.51.100.1'],
      [0, '127.0.0.1'],
    ] as const) {
      const app = Fastify({ trustProxy: fastifyTrustProxy(hops) });
      app.get('/ip', async (req) => ({ ip: req.ip }));
      const res = await app.inject({ url: '/ip', headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.1, 10.0.0.5' } });
      expect(res.json().ip, `${hops} hops`).toBe(want);
      await app.close();
    }
  });
});
