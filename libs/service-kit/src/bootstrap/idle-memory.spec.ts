import { setTimeout as sleep } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { heapModeAfter, IDLE_MEMORY_DEFAULTS, shouldReduce, startIdleMemoryReducer } from './idle-memory.js';

const MIB = 1024 * 1024;

describe('idle memory reducer', () => {
  it('collects only when the loop was idle and the process grew since it last shrank', () => {
    const options = IDLE_MEMORY_DEFAULTS;
    expect(shouldReduce({ utilization: 0.01, rss: 120 * MIB, rssAfterLast: undefined }, options)).toBe(true);
    expect(shouldReduce({ utilization: 0.5, rss: 120 * MIB, rssAfterLast: undefined }, options)).toBe(false);
    expect(shouldReduce({ utilization: 0.01, rss: 104 * MIB, rssAfterLast: 100 * MIB }, options)).toBe(false);
    expect(shouldReduce({ utilization: 0.01, rss: 110 * MIB, rssAfterLast: 100 * MIB }, options)).toBe(true);
    expect(shouldReduce({ utilization: 0.03, rss: 110 * MIB, rssAfterLast: 100 * MIB }, options)).toBe(false);
  });

  it('serves from the first busy sample on, and a busy sample never ends it', () => {
    const options = IDLE_MEMORY_DEFAULTS;
    expect(heapModeAfter('idle', 0.05, options)).toBe('idle');
    expect(heapModeAfter('idle', 0.1, options)).toBe('serving');
    expect(heapModeAfter('serving', 0, options)).toBe('serving');
  });

  it('switches to serving while the loop is busy and back once a window was idle', async () => {
    const reducer = startIdleMemoryReducer({}, { ...IDLE_MEMORY_DEFAULTS, checkEveryMs: 600, sampleEveryMs: 100, idleUtilization: 0.2 });
    try {
      expect(reducer?.mode).toBe('idle');
      // Keep the loop busy for 300 ms in short turns, as a server under load does.
      const until = Date.now() + 300;
      while (Date.now() < until) {
        const turn = Date.now() + 20;
        while (Date.now() < turn) {
          /* work */
        }
        await sleep(1);
      }
      await sleep(150);
      expect(reducer!.mode).toBe('serving');
      const deadline = Date.now() + 5_000;
      while (reducer!.mode === 'serving' && Date.now() < deadline) await sleep(50);
      expect(reducer!.mode).toBe('idle');
      // Its first idle window also ran the first collection (nothing to compare RSS with yet).
      expect(reducer!.reductions).toBe(1);
    } finally {
      reducer?.stop();
    }
  });

  // How much memory a collection gives back is a figure for npm run footprint (bench/), not an assertion here.
  // Room for its own 5 s wait for the idle window plus the 0.7 s after it, on a busy machine.
  it('collects once the process is idle after a burst, and not again while it does not grow', { timeout: 15_000 }, async () => {
    // A burst of short-lived objects, with enough surviving each scavenge for V8 to grow the young generation.
    let keep: { n: number; s: string }[] = [];
    for (let i = 0; i < 3_000_000; i += 1) {
      keep.push({ n: i, s: `item ${i}` });
      if (keep.length > 200_000) keep = [];
    }
    keep = [];
    const reducer = startIdleMemoryReducer({}, { ...IDLE_MEMORY_DEFAULTS, checkEveryMs: 200, idleUtilization: 0.5 });
    try {
      expect(reducer).toBeDefined();
      expect(startIdleMemoryReducer({})).toBe(reducer); // one per process
      const deadline = Date.now() + 5_000;
      while (reducer!.reductions === 0 && Date.now() < deadline) await sleep(100);
      expect(reducer!.reductions).toBe(1);
      // Idle and not grown again: no second collection.
      await sleep(700);
      expect(reducer!.reductions).toBe(1);
    } finally {
      reducer?.stop();
    }
  });

  it('stays off when the environment says so', () => {
    expect(startIdleMemoryReducer({ IDLE_MEMORY_REDUCER: 'off' })).toBeUndefined();
  });
});
