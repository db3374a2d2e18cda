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
    await expect(failing.get('k', async () => { throw new Error('down'); })).rejects.toThrow('down');
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
    const slow = () => new Promise<number>((r) => { release = () => r(++calls); });
    expect(await cache.get('k', slow)).toBe(1);
    expect(await cache.get('k', slow)).toBe(1);
    release!();
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(2);
    expect(await cache.get('k', async () => 99)).toBeGreaterThanOrEqual(2);
  });
});
