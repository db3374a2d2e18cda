import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

import { round } from './load.js';

/**
 * Where a run's latency tail comes from, read from the processes themselves rather than guessed
 * from the client's percentiles: each service's event-loop delay (a stall delays every request
 * queued behind it), its garbage-collection pauses, and how long the answering service took per
 * bus request (its handler, from decoding to reply). What is left of the client's latency is
 * queueing: in sockets, NATS and the event loops between the stalls.
 *
 * The services' figures come from their own metrics (prom-client's defaults on the health port):
 * reading /metrics resets prom-client's event-loop histogram, so a read before the run and one
 * after give the run's own distribution; GC and bus figures are counters, taken as differences.
 */
export interface ProcessTail {
  process: string;
  /** Event-loop delay during the run (ms): how late a 10 ms timer fired. */
  loopDelayMs: { p50: number; p99: number; max: number };
  /** GC pauses during the run: how many, their total, and that total as a share of the run. */
  gc: { pauses: number; totalMs: number; share: number; byKind: Record<string, { pauses: number; totalMs: number }> };
  /** Connections this process's pool lent during the run: how many, their mean wait, the share that waited over 1 and 10 ms. */
  poolWait?: { count: number; meanMs: number; over1ms: number; over10ms: number };
  /** Operations this process answered that took over 100 ms in its own handling, by share of their requests (over 1% only). */
  slowOperations?: Record<string, { count: number; over100ms: number }>;
  /** Bus requests this process answered for the operation, by handling time (share under each bound, ms). */
  answered?: { operation: string; count: number; under: Record<string, number> };
}

type Samples = Map<string, number>;

/** `name{a="x",b="y"} value` lines of the Prometheus text format, keyed by the whole series. */
export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    const value = Number(line.slice(cut + 1));
    if (cut > 0 && Number.isFinite(value)) samples.set(line.slice(0, cut), value);
  }
  return samples;
}

/** The value of a series whose name and labels include all of those given. */
function pick(samples: Samples, name: string, labels: Record<string, string> = {}): Array<{ series: string; value: number }> {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return [...samples]
    .filter(([series]) => (series === name || series.startsWith(`${name}{`)) && wanted.every((w) => series.includes(w)))
    .map(([series, value]) => ({ series, value }));
}

const one = (samples: Samples, name: string, labels: Record<string, string> = {}) => pick(samples, name, labels)[0]?.value ?? 0;
const labelOf = (series: string, label: string) => series.match(new RegExp(`${label}="([^"]*)"`))?.[1] ?? '';

async function scrape(url: string): Promise<Samples> {
  const res = await fetch(`${url}/metrics`);
  if (!res.ok) throw new Error(`GET ${url}/metrics answered ${res.status}`);
  return parseMetrics(await res.text());
}

function gcOf(before: Samples, after: Samples, runMs: number): ProcessTail['gc'] {
  const byKind: ProcessTail['gc']['byKind'] = {};
  for (const { series, value } of pick(after, 'nodejs_gc_duration_seconds_count')) {
    const kind = labelOf(series, 'kind');
    const sum = series.replace('nodejs_gc_duration_seconds_count', 'nodejs_gc_duration_seconds_sum');
    const pauses = value - (before.get(series) ?? 0);
    const totalMs = ((after.get(sum) ?? 0) - (before.get(sum) ?? 0)) * 1000;
    if (pauses > 0) byKind[kind] = { pauses, totalMs: round(totalMs, 1) };
  }
  const pauses = Object.values(byKind).reduce((n, k) => n + k.pauses, 0);
  const totalMs = Object.values(byKind).reduce((n, k) => n + k.totalMs, 0);
  return { pauses, totalMs: round(totalMs, 1), share: round(totalMs / Math.max(runMs, 1), 4), byKind };
}

/** Share of the operation's bus requests answered within each histogram bound. */
function answeredOf(before: Samples, after: Samples, operation: string): ProcessTail['answered'] {
  const labels = { operation };
  const count = one(after, 'bus_request_duration_seconds_count', labels) - one(before, 'bus_request_duration_seconds_count', labels);
  if (count <= 0) return undefined;
  const under: Record<string, number> = {};
  for (const { series, value } of pick(after, 'bus_request_duration_seconds_bucket', labels)) {
    const le = labelOf(series, 'le');
    if (le === '+Inf' || Number(le) > 0.1) continue;
    under[`${Number(le) * 1000}`] = round((value - (before.get(series) ?? 0)) / count, 4);
  }
  return { operation, count, under };
}

/** The pool's lending during the run, from the kit's `db_pool_wait_seconds` histogram. */
function poolWaitOf(before: Samples, after: Samples): ProcessTail['poolWait'] {
  const delta = (series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);
  const countSeries = pick(after, 'db_pool_wait_seconds_count')[0]?.series;
  if (!countSeries) return undefined;
  const count = delta(countSeries);
  if (count <= 0) return { count: 0, meanMs: 0, over1ms: 0, over10ms: 0 };
  const sum = delta(countSeries.replace('_count', '_sum'));
  const under = (le: string) => {
    const bucket = pick(after, 'db_pool_wait_seconds_bucket', { le })[0]?.series;
    return bucket ? delta(bucket) : count;
  };
  return {
    count,
    meanMs: round((sum / count) * 1000, 2),
    over1ms: round(1 - under('0.001') / count, 4),
    over10ms: round(1 - under('0.01') / count, 4),
  };
}

/** Each operation's share of requests whose handling in this process took over 100 ms during the run. */
function slowOperationsOf(before: Samples, after: Samples): ProcessTail['slowOperations'] {
  const slow: NonNullable<ProcessTail['slowOperations']> = {};
  for (const { series, value } of pick(after, 'bus_request_duration_seconds_count')) {
    const count = value - (before.get(series) ?? 0);
    if (count <= 0) continue;
    const operation = labelOf(series, 'operation');
    const bucket = pick(after, 'bus_request_duration_seconds_bucket', { operation, le: '0.1' })[0]?.series;
    if (!bucket) continue;
    const over = 1 - ((after.get(bucket) ?? 0) - (before.get(bucket) ?? 0)) / count;
    if (over > 0.01) slow[operation] = { count, over100ms: round(over, 3) };
  }
  return Object.keys(slow).length ? slow : undefined;
}

/** Watches the named services' own metrics across one run. */
export class TailWatch {
  private constructor(
    private readonly urls: Record<string, string>,
    private readonly before: Record<string, Samples>,
    private readonly operation: string | undefined,
    private readonly began: number,
  ) {}

  /** `urls`: each process's health server (its /metrics). Resets their event-loop histograms. */
  static async start(urls: Record<string, string>, operation?: string): Promise<TailWatch> {
    const before: Record<string, Samples> = {};
    for (const [name, url] of Object.entries(urls)) before[name] = await scrape(url);
    return new TailWatch(urls, before, operation, performance.now());
  }

  async stop(): Promise<ProcessTail[]> {
    const runMs = performance.now() - this.began;
    const tails: ProcessTail[] = [];
    for (const [name, url] of Object.entries(this.urls)) {
      const after = await scrape(url);
      const before = this.before[name]!;
      const ms = (series: string) => round(one(after, series) * 1000, 1);
      const answered = this.operation ? answeredOf(before, after, this.operation) : undefined;
      const poolWait = poolWaitOf(before, after);
      const slowOperations = slowOperationsOf(before, after);
      tails.push({
        process: name,
        loopDelayMs: { p50: ms('nodejs_eventloop_lag_p50_seconds'), p99: ms('nodejs_eventloop_lag_p99_seconds'), max: ms('nodejs_eventloop_lag_max_seconds') },
        gc: gcOf(before, after, runMs),
        ...(poolWait ? { poolWait } : {}),
        ...(slowOperations ? { slowOperations } : {}),
        ...(answered ? { answered } : {}),
      });
    }
    return tails;
  }
}

/**
 * The same two figures for a server running inside this process (the single-process baseline):
 * this event loop's delay and its GC pauses, over one run.
 */
export class InProcessTail {
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private readonly pauses: Record<string, { pauses: number; totalMs: number }> = {};
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = gcKind((entry as { detail?: { kind?: number } }).detail?.kind);
      const k = (this.pauses[kind] ??= { pauses: 0, totalMs: 0 });
      k.pauses += 1;
      k.totalMs += entry.duration;
    }
  });
  private readonly began = performance.now();

  constructor(private readonly name: string) {
    this.loop.enable();
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop(): ProcessTail {
    this.loop.disable();
    this.observer.disconnect();
    const runMs = performance.now() - this.began;
    const ns = (v: number) => round(v / 1e6, 1);
    const byKind = Object.fromEntries(Object.entries(this.pauses).map(([k, v]) => [k, { pauses: v.pauses, totalMs: round(v.totalMs, 1) }]));
    const totalMs = Object.values(this.pauses).reduce((n, k) => n + k.totalMs, 0);
    return {
      process: this.name,
      loopDelayMs: { p50: ns(this.loop.percentile(50)), p99: ns(this.loop.percentile(99)), max: ns(this.loop.max) },
      gc: {
        pauses: Object.values(this.pauses).reduce((n, k) => n + k.pauses, 0),
        totalMs: round(totalMs, 1),
        share: round(totalMs / Math.max(runMs, 1), 4),
        byKind,
      },
    };
  }
}

/** prom-client's names for V8's GC kinds (perf_hooks constants). */
function gcKind(kind: number | undefined): string {
  switch (kind) {
    case 1:
      return 'minor';
    case 2:
      return 'major';
    case 4:
      return 'incremental';
    case 8:
      return 'weakcb';
    default:
      return 'other';
  }
}

/** One line per process: what a reader needs to tell a stall from queueing. */
export function tailLine(t: ProcessTail): string {
  const kinds = Object.entries(t.gc.byKind)
    .map(([k, v]) => `${k} ${v.pauses}/${v.totalMs} ms`)
    .join(', ');
  const answered = t.answered
    ? `; answered ${t.answered.operation} ${t.answered.count}×: ${Object.entries(t.answered.under)
        .map(([le, share]) => `${Math.round(share * 100)}% ≤ ${le} ms`)
        .join(', ')}`
    : '';
  const pool = t.poolWait?.count
    ? `; pool ${t.poolWait.count} lent, mean wait ${t.poolWait.meanMs} ms, ${round(t.poolWait.over1ms * 100, 1)}% > 1 ms, ${round(t.poolWait.over10ms * 100, 1)}% > 10 ms`
    : '';
  return (
    `${t.process}: event-loop delay p50 ${t.loopDelayMs.p50} ms, p99 ${t.loopDelayMs.p99} ms, max ${t.loopDelayMs.max} ms; ` +
    `GC ${t.gc.pauses} pauses, ${t.gc.totalMs} ms (${round(t.gc.share * 100, 1)}% of the run${kinds ? `; ${kinds}` : ''})${pool}${answered}`
  );
}
