import { describe, expect, it } from 'vitest';

import { backoffMs } from './backoff.js';

describe('backoffMs', () => {
  it('doubles from the first delay up to the cap', () => {
    const backoff = { firstMs: 500, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6, 60].map((attempt) => backoffMs(backoff, attempt))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('adds at most the jitter fraction at random', () => {
    const backoff = { firstMs: 1000, maxMs: 60_000, jitter: 0.2 };
    expect(backoffMs(backoff, 2, () => 0)).toBe(2000);
    expect(backoffMs(backoff, 2, () => 0.999)).toBe(2400);
  });
});
