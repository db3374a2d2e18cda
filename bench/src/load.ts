import autocannon from 'autocannon';

export interface LoadOptions {
  target: string;
  url: string;
  durationS: number;
  connections: number;
  /** GET when omitted. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  target: string;
  url: string;
  durationS: number;
  connections: number;
  /** autocannon's average of its per-second samples. */
  requestsPerSec: number;
  /** Completed responses divided by the run's wall time: a cross-check of requestsPerSec. */
  completedPerSec: number;
  latencyMs: { p50: number; p90: number; p97_5: number; p99: number; average: number; max: number };
  responses: number;
  status2xx: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerSec: number;
}

let current: autocannon.Instance | undefined;

/** Stops a run under way (SIGINT); its promise may then never settle. */
export function stopCurrentLoad(): void {
  current?.stop();
}

/**
 * One autocannon run. It fires from one worker thread (autocannon's `workers: 1`), not from the
 * bench's main thread: the single-process baseline server runs on the main thread, and sharing
 * that event loop with the load generator would slow the baseline by however much CPU autocannon
 * takes, flattering the gateway's ratio. A worker thread is scheduled by the OS like a separate
 * process (on 2 cores it still competes with the servers and PostgreSQL for CPU, equally for
 * both targets) without a second Node start-up, and when the gateway is measured the main
 * thread sits idle.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const instance = autocannon({
    url: opts.url,
    title: opts.target,
    ...(opts.method ? { method: opts.method } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    connections: opts.connections,
    duration: opts.durationS,
    pipelining: 1,
    timeout: 10,
    workers: 1,
  });
  current = instance;
  let result: autocannon.Result;
  try {
    result = await instance;
  } finally {
    if (current === instance) current = undefined;
  }
  const wallS = (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
  const responses = result.latency.totalCount ?? result.requests.total;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    target: opts.target,
    url: opts.url,
    durationS: opts.durationS,
    connections: opts.connections,
    requestsPerSec: result.requests.average,
    completedPerSec: wallS > 0 ? round(responses / wallS, 1) : 0,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    responses,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSec: result.throughput.average,
  };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The p-th percentile of values sorted ascending (nearest rank); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Count, p50, p90, p99 and max of latencies (ms, to 0.1). */
export function latencySummary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50), 1),
    p90: round(percentile(sorted, 90), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted.at(-1) ?? NaN, 1),
  };
}
