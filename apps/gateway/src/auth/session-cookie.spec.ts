import { describe, expect, it } from 'vitest';
import { sessionCookieOptions } from './session-cookie.js';

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
