import { describe, expect, it } from 'vitest';

import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('shares one computation among concurrent askers and reuses it within the TTL', async () => {
    const cache = new TtlCache<number>(10_000, 10);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('other', compute)).toBe(2);
  });

  it('recomputes after the TTL and forgets failures at once', async () => {
    const cache = new TtlCache<number>(0, 10);
    let calls = 0;
    await cache.get('k', async () => ++calls);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('k', async () => ++calls)).toBe(2);
    const failing = new TtlCache<number>(10_000, 10);
    await expect(
      failing.get('k', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await failing.get('k', async () => 7)).toBe(7);
  });
});

describe('TtlCache stale-while-refresh', () => {
  it('serves the previous answer while one refresh runs, then the new one', async () => {
    const cache = new TtlCache<number>(0, 10, 60_000);
    let calls = 0;
    let release: (() => void) | undefined;
    expect(await cache.get('k', async () => ++calls)).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    const slow = () =>
      new Promise<number>((r) => {
        release = () => r(++calls);
      });
    expect(await cache.get('k', slow)).toBe(1);
    expect(await cache.get('k', slow)).toBe(1);
    release!();
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(2);
    expect(await cache.get('k', async () => 99)).toBeGreaterThanOrEqual(2);
  });
});

describe('TtlCache stored values', () => {
  it('keeps a stored value until its own expiry or the TTL, and drops it on clear', () => {
    let now = 1_000;
    const cache = new TtlCache<string>(100, 10, 0, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B', 1_050);
    cache.set('gone', 'G', 1_000);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('gone')]).toEqual(['A', 'B', undefined]);
    now = 1_050;
    expect([cache.peek('a'), cache.peek('b')]).toEqual(['A', undefined]);
    now = 1_101;
    expect(cache.peek('a')).toBeUndefined();
    cache.set('c', 'C');
    cache.clear();
    expect(cache.peek('c')).toBeUndefined();
  });

  it('drops the oldest entry past its cap', () => {
    const cache = new TtlCache<number>(10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c'), cache.size]).toEqual([undefined, 2, 3, 2]);
  });

  it('does not keep a refresh that began before the cache was cleared', async () => {
    const cache = new TtlCache<number>(10_000, 10);
    let release: ((v: number) => void) | undefined;
    const pending = cache.get(
      'k',
      () =>
        new Promise<number>((r) => {
          release = r;
        }),
    );
    cache.clear();
    release!(1);
    expect(await pending).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });
});
