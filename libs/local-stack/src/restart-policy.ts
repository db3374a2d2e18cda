import { type Backoff, backoffMs } from '@marketplace/service-kit/backoff';

export interface RestartPolicyOptions {
  /** The wait before each restart: 0.5 s, doubling to 10 s. */
  backoff: Backoff;
  /** A run that lasted this long was healthy: the next crash waits the first delay again. */
  healthyAfterMs: number;
  /** Given up on at the crash that makes this many within `windowMs`. */
  maxCrashes: number;
  windowMs: number;
}

/**
 * 0.5, 1, 2, 4 s: a service that crashes as it starts is tried four more times over about half a
 * minute (its start-ups included), and its fifth crash within the minute is the last, rather than
 * a loop that fills the log for good. One that ran a minute before crashing starts over at 0.5 s.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = {
  backoff: { firstMs: 500, maxMs: 10_000 },
  healthyAfterMs: 60_000,
  maxCrashes: 5,
  windowMs: 60_000,
};

export type RestartDecision = { restart: true; delayMs: number; crashes: number } | { restart: false; crashes: number };

/** When to restart something that keeps crashing, and when to stop trying. Holds no timers: the caller waits. */
export class RestartPolicy {
  private crashTimes: number[] = [];
  /** Restarts since the last healthy run. */
  private attempt = 0;
  private runStartedAt: number;

  constructor(
    private readonly options: RestartPolicyOptions = DEFAULT_RESTART_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.runStartedAt = now();
  }

  /** A run began (the first, or a restart). */
  started(): void {
    this.runStartedAt = this.now();
  }

  /** The run ended unexpectedly: restart after the delay, or give up. */
  crashed(): RestartDecision {
    const at = this.now();
    if (at - this.runStartedAt >= this.options.healthyAfterMs) this.attempt = 0;
    this.crashTimes = [...this.crashTimes.filter((t) => at - t < this.options.windowMs), at];
    const crashes = this.crashTimes.length;
    if (crashes >= this.options.maxCrashes) return { restart: false, crashes };
    this.attempt += 1;
    return { restart: true, delayMs: backoffMs(this.options.backoff, this.attempt), crashes };
  }

  /** Someone started it again by hand: its history no longer counts. */
  reset(): void {
    this.crashTimes = [];
    this.attempt = 0;
    this.runStartedAt = this.now();
  }
}
