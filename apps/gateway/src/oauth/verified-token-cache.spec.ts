import { describe, expect, it } from 'vitest';

import { VerifiedTokenCache } from './verified-token-cache.js';

describe('verified access tokens', () => {
  it('serves a verified token until its expiry', () => {
    const cache = new VerifiedTokenCache();
    const claims = { sub: 'm', exp: 100 };
    cache.set('t1', claims, 80_000);
    expect(cache.get('t1', 99_999)).toBe(claims);
    expect(cache.get('t1', 100_000)).toBeUndefined();
    expect(cache.get('t2', 90_000)).toBeUndefined();
  });

  it('verifies again after a minute however long the token lives', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t1', { sub: 'm', exp: 10_000 }, 0);
    expect(cache.get('t1', 59_999)).toBeDefined();
    expect(cache.get('t1', 60_000)).toBeUndefined();
  });

  it('keeps nothing already expired', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t1', { sub: 'm', exp: 1 }, 5_000);
    expect(cache.get('t1', 5_000)).toBeUndefined();
  });
});
