import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { hostSettings } from '../scope/kit-settings.js';

// V8 sizes the young generation for throughput and keeps it once grown, and start-up leaves garbage
// that only a full collection frees, which an idle process may never run: the gateway idled with 64 MiB
// of young generation it was not using, each backend with 10–15 MiB. Once a process has been idle for a
// while and has grown since it last shrank, it runs the collection V8 itself runs before giving up on
// memory (flavor 'last-resort': compacts the old generation, shrinks the young one, returns free pages
// to the system).
//
// A busy process is never collected here, and its old generation may grow further between full
// collections: under npm run bench's load the gateway ran a full collection every 300 ms (23 MB live,
// the next one due at about 35 MB), a third of its CPU on marking. V8's growth for a busy process is
// the opposite of what an idle one wants (started that way the gateway idled 10 MiB larger), so the
// process switches between the two: from the first busy second to the next idle window.

export interface IdleMemoryOptions {
  /** The window over which idleness is judged. */
  checkEveryMs: number;
  /** How often the event loop is sampled for load (at most checkEveryMs). */
  sampleEveryMs: number;
  /** Share of a sample the event loop was busy from which the process counts as serving load. */
  busyUtilization: number;
  /** How far the old generation may grow past what survived a full collection while serving load (V8's --heap-growing-percent). */
  busyHeapGrowingPercent: number;
  /** Share of the window the event loop may have been busy and still count as idle. */
  idleUtilization: number;
  /** How much the process must have grown since it last shrank for another collection to be worth it. */
  regrowthBytes: number;
}

export const IDLE_MEMORY_DEFAULTS: IdleMemoryOptions = {
  checkEveryMs: 10_000,
  sampleEveryMs: 1000,
  busyUtilization: 0.1,
  busyHeapGrowingPercent: 200,
  idleUtilization: 0.02,
  regrowthBytes: 8 * 1024 * 1024,
};

export interface IdleSample {
  /** Event-loop utilization over the last window, 0–1. */
  utilization: number;
  rss: number;
  /** RSS just after the last collection; undefined before the first. */
  rssAfterLast: number | undefined;
}

export function shouldReduce(sample: IdleSample, options: IdleMemoryOptions): boolean {
  if (sample.utilization > options.idleUtilization) return false;
  return sample.rssAfterLast === undefined || sample.rss - sample.rssAfterLast >= options.regrowthBytes;
}

/** `serving`: the old generation grows by busyHeapGrowingPercent between full collections; `idle`: V8's own growth. */
export type HeapMode = 'serving' | 'idle';

/** The mode after one sample of the event loop; only an idle window (checkEveryMs) goes back to `idle`. */
export function heapModeAfter(mode: HeapMode, utilization: number, options: IdleMemoryOptions): HeapMode {
  return utilization >= options.busyUtilization ? 'serving' : mode;
}

/** V8 reads the growth flag each time it sets the next full collection's limit; 0 is its own adaptive growth. */
function setHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** V8's gc(), whether or not the process was started with --expose-gc (a new context gets it once the flag is on). */
function collector(): Collect | undefined {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collect | undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * A memory-reducing collection also flushes the bytecode of every function not running, and with
 * it their optimised code. The first one, after start-up, should: what ran then was start-up code
 * (about 5 MiB of the gateway's idle memory). Later ones keep it: a process that idled 10 s
 * between bursts served the next from the interpreter, recompiling its hot paths (the gateway hop
 * fell from 1,800 to 1,500 req/s).
 */
function reduce(collect: Collect, keepCode: boolean): void {
  if (keepCode) setFlagsFromString('--no-flush-bytecode');
  try {
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    if (keepCode) setFlagsFromString('--flush-bytecode');
  }
}

export interface IdleMemoryReducer {
  readonly reductions: number;
  readonly mode: HeapMode;
  stop(): void;
}

let running: IdleMemoryReducer | undefined;

/**
 * Starts the process's idle memory reducer; one per process, however many services it holds (a second
 * call returns the first). `IDLE_MEMORY_REDUCER=off` in the environment leaves it unstarted, and the
 * process on V8's own heap growth throughout.
 */
export function startIdleMemoryReducer(
  env: Record<string, string | undefined> = process.env,
  options: IdleMemoryOptions = IDLE_MEMORY_DEFAULTS,
): IdleMemoryReducer | undefined {
  if (running) return running;
  if (hostSettings.read(env).idleMemoryReducer === 'off') return undefined;
  const collect = collector();
  if (!collect) return undefined;
  const sampleEveryMs = Math.min(options.sampleEveryMs, options.checkEveryMs);
  let windowStart: EventLoopUtilization = performance.eventLoopUtilization();
  let windowStartedAt = performance.now();
  let lastSample = windowStart;
  let rssAfterLast: number | undefined;
  let reductions = 0;
  let mode: HeapMode = 'idle';
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const next = heapModeAfter(mode, performance.eventLoopUtilization(now, lastSample).utilization, options);
    lastSample = now;
    if (next !== mode) {
      mode = next;
      setHeapGrowth(options.busyHeapGrowingPercent);
    }
    if (performance.now() - windowStartedAt < options.checkEveryMs - sampleEveryMs / 2) return;
    const window = performance.eventLoopUtilization(now, windowStart);
    windowStart = now;
    windowStartedAt = performance.now();
    // Back to V8's growth before any collection, so the next limit is an idle process's. What the
    // serving growth let the heap take is given back by the collection below once RSS shows it.
    if (mode === 'serving' && window.utilization <= options.idleUtilization) {
      mode = 'idle';
      setHeapGrowth(0);
    }
    if (!shouldReduce({ utilization: window.utilization, rss: process.memoryUsage.rss(), rssAfterLast }, options)) return;
    reduce(collect, reductions > 0);
    rssAfterLast = process.memoryUsage.rss();
    reductions += 1;
    // The collection itself kept the loop busy; the next window and sample start after it.
    windowStart = lastSample = performance.eventLoopUtilization();
    windowStartedAt = performance.now();
  }, sampleEveryMs);
  timer.unref();
  const reducer: IdleMemoryReducer = {
    get reductions() {
      return reductions;
    },
    get mode() {
      return mode;
    },
    stop() {
      clearInterval(timer);
      if (mode === 'serving') setHeapGrowth(0);
      mode = 'idle';
      if (running === reducer) running = undefined;
    },
  };
  running = reducer;
  return reducer;
}
