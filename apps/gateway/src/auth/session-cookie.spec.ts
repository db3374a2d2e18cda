import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

import { clearSessionCookie, sessionCookieName, sessionCookieOptions, sessionToken, setSessionCookie } from './session-cookie.js';

describe('sessionCookieOptions', () => {
  it('is HttpOnly, SameSite=Lax and Path=/, Secure only behind an https public URL', () => {
    expect(sessionCookieOptions('http://127.0.0.1:3000')).toEqual({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(sessionCookieOptions('https://market.example').secure).toBe(true);
  });

  it('carries the session expiry as Expires and Max-Age', () => {
    const expires = new Date(Date.now() + 30 * 86400_000);
    const options = sessionCookieOptions('https://market.example', expires);
    expect(options.expires).toBe(expires);
    expect(options.maxAge).toBeGreaterThan(30 * 86400 - 5);
  });
});

describe('session cookie name', () => {
  const token = 'x'.repeat(43);
  const recorder = () => {
    const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
    const cleared: { name: string; options: Record<string, unknown> }[] = [];
    const reply = {
      setCookie: (name: string, value: string, options: Record<string, unknown>) => set.push({ name, value, options }),
      clearCookie: (name: string, options: Record<string, unknown>) => cleared.push({ name, options }),
    } as unknown as FastifyReply;
    return { reply, set, cleared };
  };

  it('is __Host-mk_session behind https, set Secure with Path=/ and no Domain', () => {
    expect(sessionCookieName('https://market.example')).toBe('__Host-mk_session');
    const { reply, set } = recorder();
    setSessionCookie(reply, 'https://market.example', token, new Date(Date.now() + 86400_000));
    expect(set).toHaveLength(1);
    expect(set[0]!.name).toBe('__Host-mk_session');
    expect(set[0]!.options).toMatchObject({ secure: true, path: '/' });
    expect(set[0]!.options).not.toHaveProperty('domain');
  });

  it('stays mk_session on plain http, where browsers refuse the prefix without Secure', () => {
    expect(sessionCookieName('http://127.0.0.1:3000')).toBe('mk_session');
    const { reply, set } = recorder();
    setSessionCookie(reply, 'http://127.0.0.1:3000', token, new Date(Date.now() + 86400_000));
    expect(set[0]!.name).toBe('mk_session');
    expect(set[0]!.options.secure).toBe(false);
  });

  it('behind https reads only the prefixed name, whether the public URL or the request says https', () => {
    const req = (cookies: Record<string, string>, protocol = 'http') => ({ cookies, protocol }) as unknown as FastifyRequest;
    expect(sessionToken(req({ mk_session: token }), 'https://market.example')).toBeUndefined();
    expect(sessionToken(req({ mk_session: token }, 'https'), 'http://127.0.0.1:3000')).toBeUndefined();
    expect(sessionToken(req({ '__Host-mk_session': token, mk_session: 'y'.repeat(43) }, 'https'), 'http://127.0.0.1:3000')).toBe(token);
  });

  it('on plain http reads either name, preferring the prefixed one', () => {
    const req = (cookies: Record<string, string>) => ({ cookies }) as unknown as FastifyRequest;
    const http = 'http://127.0.0.1:3000';
    expect(sessionToken(req({ mk_session: token }), http)).toBe(token);
    expect(sessionToken(req({ '__Host-mk_session': token }), http)).toBe(token);
    expect(sessionToken(req({ '__Host-mk_session': token, mk_session: 'y'.repeat(43) }), http)).toBe(token);
    expect(sessionToken(req({ '__Host-mk_session': 'short', mk_session: token }), http)).toBe(token);
    expect(sessionToken(req({}), http)).toBeUndefined();
  });

  it('clearing behind https clears both names; on http only mk_session', () => {
    const https = recorder();
    clearSessionCookie(https.reply, 'https://market.example');
    expect(https.cleared.map((c) => c.name).sort()).toEqual(['__Host-mk_session', 'mk_session']);
    const http = recorder();
    clearSessionCookie(http.reply, 'http://127.0.0.1:3000');
    expect(http.cleared.map((c) => c.name)).toEqual(['mk_session']);
  });
});
