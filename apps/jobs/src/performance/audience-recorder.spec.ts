import { describe, expect, it } from 'vitest';

import { viewerOf } from './audience-recorder.js';

const ctx = (over: object) => ({ requestId: 'r', caller: null, surface: 'rest' as const, ...over });

describe('viewerOf', () => {
  it('is the member when signed in, else a stable hash of IP and user agent', () => {
    const member = { memberId: 'm1', via: 'key' as const, scopes: [], staff: false, emailVerified: true };
    expect(viewerOf(ctx({ caller: member, client: { ip: '1.2.3.4' } }))).toBe('m:m1');
    const a = viewerOf(ctx({ client: { ip: '1.2.3.4', userAgent: 'Firefox' } }));
    expect(a).toMatch(/^h:/);
    expect(a).not.toContain('1.2.3.4');
    expect(viewerOf(ctx({ client: { ip: '1.2.3.4', userAgent: 'Firefox' } }))).toBe(a);
    expect(viewerOf(ctx({ client: { ip: '1.2.3.5', userAgent: 'Firefox' } }))).not.toBe(a);
  });

  it('does not count crawlers or callers without client facts', () => {
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'bingbot/2.0', 'facebookexternalhit/1.1', 'Baiduspider']) {
      expect(viewerOf(ctx({ client: { ip: '1.2.3.4', userAgent: ua } }))).toBeNull();
    }
    expect(viewerOf(ctx({}))).toBeNull();
  });
});
