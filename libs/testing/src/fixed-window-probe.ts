export interface FixedWindowProbe<R> {
  /** Attempts allowed before the first refusal. */
  allowed: number;
  /** The first refusal, as `attempt` answered it. */
  refusal: R;
  /** Its Retry-After, in seconds. */
  retryAfter: number;
  /**
   * True when every attempt provably fell into the refusal's window (it began before the first
   * attempt): `allowed` is then exactly the limit. False only when a run may have crossed a
   * window boundary, where a count may reset once.
   */
  oneWindow: boolean;
}

export interface FixedWindowProbeOptions<R> {
  /** The limit: attempts allowed per window. */
  max: number;
  /** The window's length (60 for a clock minute). */
  windowSeconds: number;
  /** One counted attempt; `i` counts from 0. */
  attempt: (i: number) => Promise<R>;
  /**
   * Seconds to wait when `r` is the limit's refusal, `undefined` when the attempt was allowed.
   * Anything else should throw, so an unrelated failure never counts as either.
   */
  retryAfterOf: (r: R) => number | undefined;
}

/**
 * Finds a fixed, clock-aligned limit (N per calendar minute, say) without waiting for a window to
 * start, so no test depends on the time it runs at. It fires `max` attempts at once, then one at
 * a time until the first refusal. A run much shorter than the window crosses at most one
 * boundary, and a count can only reset there, so whatever the time:
 * - all of the first `max` attempts are allowed, and a refusal comes within `2·max + 1`;
 * - the refusal's Retry-After tells how long ago its window started; when that is before the run
 *   began, every attempt was counted in that one window and exactly `max` were allowed.
 * Only durations measured here are compared, so the server's clock need not agree with ours.
 */
export async function probeFixedWindow<R>(opts: FixedWindowProbeOptions<R>): Promise<FixedWindowProbe<R>> {
  const { max, windowSeconds, attempt, retryAfterOf } = opts;
  const started = performance.now();
  const found = (refusal: R, retryAfter: number, allowed: number): FixedWindowProbe<R> => {
    const elapsed = (performance.now() - started) / 1000;
    // The refusal's window began windowSeconds - retryAfter before it was counted (Retry-After is
    // rounded up, so at least that long ago), and it was counted before we read it.
    return { allowed, refusal, retryAfter, oneWindow: elapsed <= windowSeconds - retryAfter };
  };

  const burst = await Promise.all(Array.from({ length: max }, (_, i) => attempt(i)));
  const early = burst.map((r) => ({ r, wait: retryAfterOf(r) })).filter((x) => x.wait !== undefined);
  if (early.length) return found(early[0]!.r, early[0]!.wait!, max - early.length);

  for (let i = max; i <= 2 * max; i++) {
    const r = await attempt(i);
    const wait = retryAfterOf(r);
    if (wait !== undefined) return found(r, wait, i);
  }
  throw new Error(`no refusal in ${2 * max + 1} attempts: the limit is above ${max} per ${windowSeconds} s`);
}
