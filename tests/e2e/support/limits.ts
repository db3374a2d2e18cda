import type { FixedWindowProbe } from '@marketplace/testing';
import { expect } from 'vitest';

/**
 * What a limit of `max` per clock-aligned window must show, whatever the time the test runs at
 * (see probeFixedWindow): the first `max` attempts allowed, a count that can reset at most once,
 * exactly `max` whenever the run provably stayed inside one window, and a Retry-After that
 * points into the current window.
 */
export function expectFixedWindowLimit<R>(probe: FixedWindowProbe<R>, max: number, windowSeconds: number): void {
  expect(probe.allowed, 'attempts allowed before the first refusal').toBeGreaterThanOrEqual(max);
  expect(probe.allowed, 'one boundary crossed at most, so one reset at most').toBeLessThanOrEqual(2 * max);
  if (probe.oneWindow) expect(probe.allowed, 'every attempt fell into one window').toBe(max);
  expect(probe.retryAfter).toBeGreaterThanOrEqual(1);
  expect(probe.retryAfter).toBeLessThanOrEqual(windowSeconds);
}
