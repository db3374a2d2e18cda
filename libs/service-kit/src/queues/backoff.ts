/** Exponential backoff: the first delay, doubled per further attempt, never past a cap. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /**
   * Up to this fraction of the delay added at random (0.2: up to a fifth), so that many things
   * failing together do not all retry together. None when omitted.
   */
  jitter?: number;
}

/**
 * The delay before retry number `attempt` (1 for the first). The one backoff curve of the repository:
 * work-queue retries, webhook deliveries, model provider retries and the local launcher's restarts of a
 * crashed service.
 */
export function backoffMs(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const base = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + (backoff.jitter ?? 0) * random()));
}
