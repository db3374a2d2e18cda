/**
 * A window over which attempts are counted. `sliding` looks back `seconds` from now; `fixed`
 * counts within epoch-aligned periods of `seconds`, so 86,400 is exactly a UTC day and 60 a clock
 * minute (Unix time has no leap seconds).
 */
export interface LimitWindow {
  kind: 'sliding' | 'fixed';
  seconds: number;
  max: number;
  /** What the caller reads in the 429; it names this window, not the bucket's others. */
  message: string;
}

export type FixedWindow = LimitWindow & { kind: 'fixed' };

/**
 * Counts every attempt allowed by all its windows, one row per attempt, under a lock per
 * subject: exact for sliding windows, and refused attempts do not count.
 */
export interface LogBucket {
  readonly name: string;
  readonly counting: 'log';
  readonly windows: readonly LimitWindow[];
}

/**
 * One counter row per fixed window, bumped by a single upsert: cheap enough for every request,
 * at the price of a clock-aligned window and refused requests counting too.
 */
export interface CounterBucket {
  readonly name: string;
  readonly counting: 'counter';
  readonly window: FixedWindow;
}

export type LimitBucket = LogBucket | CounterBucket;

export const perMinute = (max: number, message: string): LimitWindow => ({ kind: 'sliding', seconds: 60, max, message });
export const perHour = (max: number, message: string): LimitWindow => ({ kind: 'sliding', seconds: 3600, max, message });
export const perUtcDay = (max: number, message: string): FixedWindow => ({ kind: 'fixed', seconds: 86_400, max, message });
export const perClockMinute = (max: number, message: string): FixedWindow => ({ kind: 'fixed', seconds: 60, max, message });
/** At most one attempt in any `hours`-long stretch: a gap, not a quota. */
export const onceEvery = (hours: number, message: string): LimitWindow => ({ kind: 'sliding', seconds: hours * 3600, max: 1, message });

export function logBucket(name: string, ...windows: LimitWindow[]): LogBucket {
  if (windows.length === 0) throw new Error(`Limit bucket ${name} needs at least one window.`);
  return { name, counting: 'log', windows };
}

export function counterBucket(name: string, window: FixedWindow): CounterBucket {
  return { name, counting: 'counter', window };
}

/** How long a row must be kept for every window of its bucket to see it. */
export function longestWindowSeconds(bucket: LimitBucket): number {
  return bucket.counting === 'counter' ? bucket.window.seconds : Math.max(...bucket.windows.map((w) => w.seconds));
}
