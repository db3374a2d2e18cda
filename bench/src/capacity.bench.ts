import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, type ProcessLayout, startInfrastructure, startServices, type System } from '@marketplace/local-stack';
import { seededRandom } from '@marketplace/testing';

import { MIX, type Operation, pickOperation, type Request, runOperation, type World } from './capacity-workload.js';
import { AGENTS, BOARD_JOBS, CAPACITY_ENV, POSTERS, prepareMembers, WORKERS } from './capacity-world.js';
import { CpuPhase, type CpuSplit, LOAD_GENERATOR } from './cpu-split.js';
import { hostBaselineMs } from './events-budgets.js';
import { requester } from './http-requester.js';
import { percentile, round } from './load.js';
import { waitForQuietMachine } from './machine.js';
import { type PgWaits, PgWaitSampler, waitsLine } from './pg-waits.js';
import { writeResults } from './results-file.js';
import { type ProcessTail, TailWatch } from './tail-sources.js';
import { breakDown, type TraceBreakdown, TraceCollector, waitsSummary } from './trace-collector.js';

// `npm run bench:capacity`: how much one machine serves. A mixed workload of people and agents
// (capacity-workload.ts: board reads and searches, signed-in reads, MCP calls, posts,
// applications, hires, messages, turned-in rounds, uploads) arrives at a fixed rate, open loop
// (arrivals do not wait for answers, as real visitors do not); the rate rises until a step fails,
// then is bisected. A step holds when every request answered as the contract says and the p99 of
// all requests stays under 100 ms. For each layout it prints `capacity: N req/s at p99 < 100 ms
// (LAYOUT)`, what that is in members active at once, and where the CPU went at that rate.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'capacity.json');
const STEP_S = Number(process.env.BENCH_CAPACITY_STEP_SECONDS ?? 12);
const START_RATE = Number(process.env.BENCH_CAPACITY_START_RATE ?? 60);
const P99_BUDGET_MS = 100;
/**
 * The model of one active member: a person with the app open, or their agent at work, makes one
 * request every 15 s on average (reading the board, checking alerts, writing). Members active at
 * once = sustained req/s × 15.
 */
const SECONDS_PER_MEMBER_REQUEST = 15;
/** Runs of each layout, taking turns; the figure printed is their median, beside their spread. */
const RUNS = Math.max(1, Number(process.env.BENCH_CAPACITY_RUNS ?? 1));
/**
 * BENCH_CAPACITY_TRACE=1: the services export their traces to the benchmark, and each step says
 * where its requests over the budget waited (statements, between services, in handlers) beside
 * those under it. A diagnostic run: the spans cost the services CPU, so its capacity is not the
 * untraced figure.
 */
const TRACE = process.env.BENCH_CAPACITY_TRACE === '1';
/** The kit's exporter sends its batch every second: what a step's last requests traced arrives within it. */
const TRACE_FLUSH_WAIT_MS = 1500;
const LAYOUTS: ProcessLayout[] = process.env.BENCH_CAPACITY_LAYOUTS
  ? (process.env.BENCH_CAPACITY_LAYOUTS.split(',') as ProcessLayout[])
  : ['one-process', 'per-service'];

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

interface StepResult {
  rate: number;
  offered: number;
  requests: number;
  achievedPerS: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  firstFailures: string[];
  byOperation: Record<string, { count: number; p99: number }>;
  holds: boolean;
  cpu: CpuSplit;
  /** Beside the p99: each app's event-loop delay and pool waits, and PostgreSQL's lock waits. */
  tails: ProcessTail[];
  waits: PgWaits;
  /** With BENCH_CAPACITY_TRACE=1: the step's traced requests over and under the budget, the three slowest, and the slowest of each route over it. */
  traces?: { over: string; under: string; slowest: string[]; slowestChains: TraceBreakdown[] };
}

/** Where a step's tail is read from: the apps' own metrics and PostgreSQL's sessions. */
interface Watch {
  healthUrls: Record<string, string>;
  databaseUrl: string;
  traces?: TraceCollector;
}

/** The apps a request of the mix waits on (those with a pool, and the gateway's loop). */
const WATCHED_APPS = ['gateway', 'jobs', 'applications', 'identity', 'notifications', 'files'];

/** One step: `rate` operations a second for STEP_S seconds, each request timed. */
async function step(world: World, request: Request, rate: number, seed: number, watch: Watch): Promise<StepResult> {
  const random = seededRandom(seed);
  const latencies: number[] = [];
  const perOp = new Map<Operation, number[]>();
  const failures: string[] = [];
  const tailWatch = await TailWatch.start(watch.healthUrls);
  const waitSampler = await PgWaitSampler.start(watch.databaseUrl);
  const phase = await CpuPhase.start();
  watch.traces?.take();
  const start = performance.now();
  const total = Math.round(rate * STEP_S);
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const op = pickOperation(random);
    const times = perOp.get(op) ?? perOp.set(op, []).get(op)!;
    const timed: Request = async (path, init) => {
      const t = await request(path, init);
      latencies.push(t.ms);
      times.push(t.ms);
      return t;
    };
    const run = runOperation(op, world, timed, random, seed * 1_000_000 + i)
      .catch((err: unknown) => {
        failures.push(`${op}: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }
  await Promise.all(inFlight);
  const wallS = (performance.now() - start) / 1000;
  const cpu = await phase.stop();
  const waits = await waitSampler.stop();
  const tails = await tailWatch.stop();
  const traces = watch.traces ? await tracedWaits(watch.traces) : undefined;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = round(percentile(sorted, 99), 1);
  const byOperation = Object.fromEntries(
    [...perOp].map(([op, l]) => {
      const s = [...l].sort((a, b) => a - b);
      return [op, { count: l.length, p99: round(percentile(s, 99), 1) }];
    }),
  );
  // Finishing more than a second late means the arrivals queued: the rate was not sustained.
  const sustained = wallS <= STEP_S + 1;
  return {
    rate,
    offered: total,
    requests: latencies.length,
    achievedPerS: round(latencies.length / wallS, 1),
    p50: round(percentile(sorted, 50), 1),
    p99,
    max: round(sorted.at(-1) ?? NaN, 1),
    failures: failures.length,
    firstFailures: failures.slice(0, 3),
    byOperation,
    holds: failures.length === 0 && p99 < P99_BUDGET_MS && sustained,
    cpu,
    tails,
    waits,
    ...(traces ? { traces } : {}),
  };
}

/** Where the step's traced requests waited: those over the p99 budget beside those under it, and the three slowest one by one. */
async function tracedWaits(collector: TraceCollector): Promise<NonNullable<StepResult['traces']>> {
  await sleep(TRACE_FLUSH_WAIT_MS);
  const all = breakDown(collector.take());
  const over = all.filter((t) => t.ms >= P99_BUDGET_MS);
  const slowest = [...over].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const pct = (t: TraceBreakdown, ms: number) => `${Math.round((ms / t.ms) * 100)}%`;
  return {
    over: waitsSummary(`over ${P99_BUDGET_MS} ms`, over),
    under: waitsSummary(
      `under ${P99_BUDGET_MS} ms`,
      all.filter((t) => t.ms < P99_BUDGET_MS),
    ),
    slowest: slowest.map(
      (t) =>
        `${t.root} ${Math.round(t.ms)} ms: statements ${pct(t, t.split.statements)} (${t.statements}, ${round(t.statementSpanMs / Math.max(1, t.statements), 1)} ms each), ` +
        `between services ${pct(t, t.split.betweenServices)} (${t.busCalls} bus calls), in handlers ${pct(t, t.split.inHandlers)}`,
    ),
    // Kept in the results file, span by span: what the slowest request of each route over the budget waited on, in order.
    slowestChains: [...new Map([...over].sort((a, b) => a.ms - b.ms).map((t) => [t.root, t])).values()].sort((a, b) => b.ms - a.ms),
  };
}

function describe(s: StepResult): string {
  const loops = s.tails.map((t) => `${t.process} ${t.loopDelayMs.p99}/${t.loopDelayMs.max}`).join(', ');
  const pools = s.tails
    .filter((t) => t.poolWait?.count)
    .map((t) => `${t.process} ${round(t.poolWait!.over10ms * 100, 1)}%`)
    .join(', ');
  const slowHandled = s.tails
    .flatMap((t) => Object.entries(t.slowOperations ?? {}).map(([op, o]) => `${t.process} ${op} ${round(o.over100ms * 100, 1)}% of ${o.count}`))
    .join(', ');
  const slowest = Object.entries(s.byOperation)
    .sort(([, a], [, b]) => b.p99 - a.p99)
    .slice(0, 3)
    .map(([op, o]) => `${op} ${o.p99}`)
    .join(', ');
  return (
    `${s.rate} ops/s → ${s.achievedPerS} req/s: p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms, failures ${s.failures}` +
    `${s.holds ? '' : '  ✗'}${s.firstFailures.length ? ` (${s.firstFailures.join('; ')})` : ''}\n` +
    `      slowest p99: ${slowest}; event-loop delay p99/max ms: ${loops}\n` +
    `      pool waits over 10 ms: ${pools || 'none'}; ${waitsLine(s.waits)}\n` +
    `      handled in over 100 ms by the answering service: ${slowHandled || 'none over 1%'}\n` +
    `      the machine ${s.cpu.usage ? `${Math.round(s.cpu.usage.machineBusy * 100)}%` : 'n/a'} busy; cores: ${Object.entries(s.cpu.seconds)
      .slice(0, 5)
      .map(([name, sec]) => `${name} ${round(sec / STEP_S, 2)}`)
      .join(', ')}` +
    (s.traces ? `\n      traced, ${s.traces.over}\n      traced, ${s.traces.under}${s.traces.slowest.map((l) => `\n        ${l}`).join('')}` : '')
  );
}

/**
 * Between steps: until the machine is quiet again (the consumers' and workers' backlog of a step
 * that overloaded them drained), at most 30 s. A fixed pause let a failed step's backlog fall on the
 * next, lower rate, which then failed too.
 */
async function settle(): Promise<void> {
  await sleep(1000);
  await waitForQuietMachine(0.15, 30_000, 'machineBusy');
}

interface LayoutResult {
  layout: ProcessLayout;
  capacityReqPerS: number;
  membersActiveAtOnce: number;
  cpuCoresAtCapacity: Record<string, number>;
  machineBusyAtCapacity: number | null;
  cpuMsPerRequest: number | null;
  firstToGive: string;
  /** Milliseconds to hash 32 MiB on the bench's thread before the first step: the host's speed in this run. */
  hostYardstickMs: number;
  othersCpuAtCapacity: number | null;
  steps: Array<Omit<StepResult, 'cpu'>>;
}

async function measureLayout(layout: ProcessLayout): Promise<LayoutResult> {
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  let traces: TraceCollector | undefined;
  try {
    infra = await startInfrastructure({ dataDir: await mkdtemp(join(tmpdir(), 'marketplace-bench-capacity-')), ephemeral: true, log: () => undefined });
    traces = TRACE ? await TraceCollector.start() : undefined;
    system = await startServices({ infra, rootDir, layout, env: traces ? { ...CAPACITY_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: traces.endpoint } : CAPACITY_ENV });
    const base = system.baseUrl;
    const world: World = { ...(await prepareMembers(infra, base)), jobs: [], waiting: [], hired: [] };
    const request = requester(base);
    const watch: Watch = {
      healthUrls: Object.fromEntries(WATCHED_APPS.filter((app) => system!.apps.includes(app)).map((app) => [app, system!.healthUrl(app)])),
      databaseUrl: infra.databaseUrl,
      ...(traces ? { traces } : {}),
    };

    say(`\n${layout}: ${BOARD_JOBS} jobs on the board, ${POSTERS} posters, ${WORKERS} workers, ${AGENTS} agents over OAuth`);
    await waitForQuietMachine(0.15, 20_000);
    // Warm: the caches, the pools, V8's compiled code, and records for hires and messages to act on.
    // Then wait for what the warm-up set off to settle (members' first e-mails, the outbox, the
    // workers' first jobs): a first step measured on top of it failed at a rate the next steps held.
    const warm = await step(world, request, START_RATE, 1, watch);
    say(`  warm-up: ${describe(warm)}`);
    const settled = await waitForQuietMachine(0.15, 30_000, 'machineBusy');
    // The host's own speed before the steps (the median of three), so runs can be told apart from a host that slowed.
    const yardstickMs = [hostBaselineMs(), hostBaselineMs(), hostBaselineMs()].sort((a, b) => a - b)[1]!;
    say(
      `  settled: the machine ${settled ? `${Math.round(settled.machineBusy * 100)}%` : 'n/a'} busy before the first step; host yardstick (SHA-256 of 32 MiB) ${yardstickMs} ms`,
    );
    const steps: StepResult[] = [];
    let seed = 2;
    let good: StepResult | undefined;
    let bad: StepResult | undefined;
    // Up by half while steps hold; when the first one fails, down by half until one holds.
    for (let rate = START_RATE; !(good && bad) && rate >= 5;) {
      const s = await step(world, request, rate, seed++, watch);
      say(`  ${describe(s)}`);
      steps.push(s);
      if (s.holds) good = s;
      else bad = s;
      rate = s.holds ? Math.round(rate * 1.5) : Math.round(rate / 2);
      if (!s.holds && good) break;
      await settle();
    }
    for (let i = 0; i < 3 && good && bad && bad.rate - good.rate > Math.max(5, good.rate * 0.05); i++) {
      const s = await step(world, request, Math.round((good.rate + bad.rate) / 2), seed++, watch);
      say(`  ${describe(s)}`);
      steps.push(s);
      if (s.holds) good = s;
      else bad = s;
      await settle();
    }
    const capacity = good?.achievedPerS ?? 0;
    const cpuAtCapacity = good ? Object.entries(good.cpu.seconds).map(([name, sec]) => [name, round(sec / STEP_S, 2)] as const) : [];
    const busiest = cpuAtCapacity
      .slice(0, 4)
      .map(([name, cores]) => `${name} ${cores}`)
      .join(', ');
    const machineBusy = good?.cpu.usage ? round(good.cpu.usage.machineBusy, 2) : null;
    // The product's CPU per request at capacity: every process of the run but the load generator's
    // (the launcher, which also hosts the embedded object store, so uploads' store CPU is left out).
    const productSeconds = good ? Object.entries(good.cpu.seconds).reduce((n, [name, sec]) => (name === LOAD_GENERATOR ? n : n + sec), 0) : 0;
    const cpuMsPerRequest = good?.requests ? round((productSeconds * 1000) / good.requests, 2) : null;
    const firstToGive = bad
      ? bad.failures
        ? `failures (${bad.firstFailures[0] ?? ''})`
        : `p99 ${bad.p99} ms at ${bad.rate} ops/s (slowest: ${Object.entries(bad.byOperation)
            .sort(([, a], [, b]) => b.p99 - a.p99)
            .slice(0, 2)
            .map(([op, o]) => `${op} ${o.p99} ms`)
            .join(', ')})`
      : 'nothing within the steps';
    say(
      `  at capacity, CPU in cores (of ${availableParallelism()}): ${busiest}; the machine ${machineBusy === null ? 'n/a' : `${Math.round(machineBusy * 100)}%`} busy`,
    );
    say(`  CPU per request at capacity (every process but the load generator): ${cpuMsPerRequest ?? 'n/a'} ms`);
    say(`  first to give: ${firstToGive}`);
    say(
      `  ${capacity} req/s = about ${Math.round(capacity * SECONDS_PER_MEMBER_REQUEST)} members active at once (one request every ${SECONDS_PER_MEMBER_REQUEST} s each)`,
    );
    return {
      layout,
      capacityReqPerS: capacity,
      membersActiveAtOnce: Math.round(capacity * SECONDS_PER_MEMBER_REQUEST),
      cpuCoresAtCapacity: Object.fromEntries(cpuAtCapacity),
      machineBusyAtCapacity: machineBusy,
      cpuMsPerRequest,
      firstToGive,
      hostYardstickMs: yardstickMs,
      othersCpuAtCapacity: good?.cpu.usage ? round(good.cpu.usage.others, 3) : null,
      steps: steps.map(({ cpu: _cpu, ...rest }) => rest),
    };
  } finally {
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
    await traces?.stop().catch(() => undefined);
  }
}

/** The median of a layout's runs, and how far apart they fell ((max - min) / median). */
function summarise(layout: ProcessLayout, of: LayoutResult[]) {
  const capacities = of.map((r) => r.capacityReqPerS).sort((a, b) => a - b);
  const median = capacities[Math.floor((capacities.length - 1) / 2)]!;
  const spread = of.length > 1 && median > 0 ? round((capacities.at(-1)! - capacities[0]!) / median, 3) : null;
  return { layout, capacityReqPerS: median, spread, runs: of };
}

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  say(
    `Mix (share of operations): ${Object.entries(MIX)
      .map(([op, w]) => `${op} ${w}`)
      .join(', ')}`,
  );
  const runs: Record<string, LayoutResult[]> = {};
  for (let run = 1; run <= RUNS; run++) {
    for (const layout of LAYOUTS) {
      if (RUNS > 1) say(`\nrun ${run} of ${RUNS}`);
      (runs[layout] ??= []).push(await measureLayout(layout));
    }
  }
  const results = LAYOUTS.map((layout) => summarise(layout, runs[layout]!));
  say('');
  for (const r of results) {
    if (RUNS > 1) {
      say(
        `${r.layout}: runs ${r.runs.map((x) => x.capacityReqPerS).join(', ')} req/s (spread ${r.spread === null ? 'n/a' : `${Math.round(r.spread * 100)}%`} of the median); ` +
          `CPU per request ${r.runs.map((x) => x.cpuMsPerRequest ?? 'n/a').join(', ')} ms; host yardstick ${r.runs.map((x) => x.hostYardstickMs).join(', ')} ms; first to give: ${r.runs.map((x) => x.firstToGive).join(' | ')}`,
      );
    }
    say(`capacity: ${r.capacityReqPerS} req/s at p99 < ${P99_BUDGET_MS} ms (${r.layout})`);
  }
  await writeResults(resultsFile, 'capacity', {
    settings: { stepS: STEP_S, startRate: START_RATE, p99BudgetMs: P99_BUDGET_MS, mix: MIX, secondsPerMemberRequest: SECONDS_PER_MEMBER_REQUEST },
    layouts: results,
    runs: RUNS,
  });
  say(`Results: ${resultsFile}`);
  return 0;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
});
