import { signIn } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const mailDir = inject('mailDir');

// The system under test trusts one proxy hop (TRUST_PROXY=true); a request that says
// X-Forwarded-Proto: https is one that reached that proxy over https.
const OVER_HTTPS = { 'x-forwarded-proto': 'https' };

const me = (headers: Record<string, string>) => fetch(`${base}/api/me`, { headers });

describe('behind https', () => {
  it('honours only the __Host- session cookie, never the unprefixed one a sibling subdomain could plant', async () => {
    const { token } = await signIn(base, mailDir);
    // On plain http the unprefixed cookie is the session cookie.
    expect((await me({ cookie: `mk_session=${token}` })).status).toBe(200);

    expect((await me({ ...OVER_HTTPS, cookie: `mk_session=${token}` })).status).toBe(401);
    expect((await me({ ...OVER_HTTPS, cookie: `__Host-mk_session=${token}` })).status).toBe(200);
    // A planted unprefixed cookie beside the real one changes nothing.
    expect((await me({ ...OVER_HTTPS, cookie: `mk_session=${'x'.repeat(43)}; __Host-mk_session=${token}` })).status).toBe(200);
  });

  it('signing out over https clears both names, so a planted unprefixed cookie goes too', async () => {
    const { token } = await signIn(base, mailDir);
    const out = await fetch(`${base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...OVER_HTTPS, cookie: `__Host-mk_session=${token}`, origin: new URL(base).origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(
      out.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['__Host-mk_session', 'mk_session']);
    expect((await me({ ...OVER_HTTPS, cookie: `__Host-mk_session=${token}` })).status).toBe(401);
  });

  it('sends Strict-Transport-Security on every answer over https, and none over plain http', async () => {
    for (const path of ['/api/health', '/api/no-such-path', '/', '/api/me']) {
      const res = await fetch(`${base}${path}`, { headers: OVER_HTTPS });
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      const plain = await fetch(`${base}${path}`);
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
    }
    // A board page the gateway holds is answered before any route runs, with the same rule.
    const board = '/api/jobs?limit=3';
    expect((await fetch(`${base}${board}`)).status).toBe(200);
    const held = await fetch(`${base}${board}`, { headers: OVER_HTTPS });
    expect(held.status).toBe(200);
    expect(held.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await fetch(`${base}${board}`)).headers.get('strict-transport-security')).toBeNull();
    // The MCP endpoint and the OAuth server write their answers themselves.
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hsts-check', version: '1' } },
    });
    const mcp = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { ...OVER_HTTPS, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    });
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const oauth = await fetch(`${base}/.well-known/oauth-authorization-server`, { headers: OVER_HTTPS });
    expect(oauth.status).toBe(200);
    expect(oauth.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
