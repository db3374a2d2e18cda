import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import { type Infrastructure, type ProcessLayout, startInfrastructure, startServices, type System } from '@marketplace/local-stack';

import { MIX, type Operation } from './capacity-workload.js';
import { CAPACITY_ENV, prepareMembers } from './capacity-world.js';
import { type CpuProfile, ProfileReader } from './cpu-profile.js';
import { CpuPhase, type CpuSplit, LOAD_GENERATOR } from './cpu-split.js';
import { round } from './load.js';
import { waitForQuietMachine } from './machine.js';
import { OperationCounters, type PhaseCounters } from './operation-counters.js';
import type { LoadCommand, PhaseOutcome } from './operation-load-worker.js';
import { writeResults } from './results-file.js';

// `npm run bench:operation-costs`: what each operation of bench:capacity's mix costs, alone. Each
// operation runs by itself at a fixed modest rate (RATE a second for SECONDS, open loop), and the
// phase, with SETTLE_S after its last answer for the events it set off, is charged: the CPU of
// every process (from /proc: the gateway, each service, the workers, PostgreSQL's backends, NATS,
// the launcher's embedded store), PostgreSQL's top-level statements and their execution time
// (pg_stat_statements), and the messages NATS carried (/varz). An idle phase measured first comes
// off every phase in proportion to its length: what the services do unasked (relays, timers).
// The load runs on a thread of its own, whose CPU comes off the launcher's to leave the store's.
// CPU seconds and counts hold on a shared machine where wall time does not; the other processes'
// share of the machine is printed beside each row.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'operation-costs.json');
const RATE = Number(process.env.BENCH_OPS_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_OPS_SECONDS ?? 6);
const SETTLE_S = 1.5;
const IDLE_S = 8;
/** Applications per job before the hire phase: the hire declines the others, as it does in the mix. */
const APPLICATIONS_PER_HIRED_JOB = 3;
const LAYOUTS = (process.env.BENCH_OPS_LAYOUTS ?? 'one-process,per-service').split(',') as ProcessLayout[];
/** Dependencies first: applications need posts, hires need applications, messages and turn-ins need hires. */
const ALL: Operation[] = ['boardRead', 'search', 'jobRead', 'myReads', 'mcpCall', 'post', 'apply', 'hire', 'message', 'turnIn', 'upload'];
/**
 * BENCH_OPS_ONLY=post,message: those phases only (the warm-up still makes hires for messages to act
 * on). `mixed` (only when named, last) is bench:capacity's whole mix at BENCH_OPS_RATE: the CPU of one
 * operation of the mix at a fixed rate, to set two builds side by side where capacity's figure moves
 * with the host.
 */
type Phase = Operation | 'mixed';
const NAMED = (process.env.BENCH_OPS_ONLY ?? '').split(',');
const ORDER: Phase[] = process.env.BENCH_OPS_ONLY ? [...ALL.filter((op) => NAMED.includes(op)), ...(NAMED.includes('mixed') ? (['mixed'] as const) : [])] : ALL;
/**
 * BENCH_OPS_PROFILE=applications,notifications (per-service layout): those services run under
 * Node's CPU profiler, and each phase's samples are charged to whose code ran (cpu-profile.ts), so
 * a phase's CPU in a service is split into its own code, the kit, the driver, the bus client…
 */
const PROFILED = (process.env.BENCH_OPS_PROFILE ?? '').split(',').filter(Boolean);
const PROFILE_INTERVAL_US = 500;
const STORE = 'store+launcher';
const CLIENT = 'client';

interface Measured {
  op: Phase | 'idle';
  windowS: number;
  /** The phase on the monotonic clock a CPU profile's timestamps use, µs. */
  fromUs: number;
  toUs: number;
  outcome: PhaseOutcome | null;
  cpu: CpuSplit;
  counters: PhaseCounters;
}

export interface OperationCost {
  op: Phase;
  ops: number;
  requestsPerOp: number;
  p50: number;
  p99: number;
  failures: number;
  firstFailures: string[];
  /** CPU ms per operation by process, the idle share taken off; the client's on its own. */
  cpuMs: Record<string, number>;
  productCpuMs: number;
  statements: number;
  pgExecMs: number;
  pgPlanMs: number;
  busIn: number;
  busOut: number;
  /** New PostgreSQL connections per operation. */
  sessions: number;
  topStatements: Array<{ query: string; calls: number; ms: number; planMs: number; plans: number }>;
  othersShare: number | null;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

class Load {
  private constructor(private readonly worker: Worker) {}
  static start(world: object): Load {
    return new Load(new Worker(new URL('./operation-load-worker.js', import.meta.url), { workerData: world }));
  }
  run<T>(command: LoadCommand): Promise<T> {
    return new Promise((done, fail) => {
      this.worker.once('message', (m: { ok?: T; error?: string }) => (m.error === undefined ? done(m.ok as T) : fail(new Error(m.error))));
      this.worker.postMessage(command);
    });
  }
  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/** The CPU split with the launcher's share parted into the load's thread and the rest (the embedded store). */
function withClient(cpu: CpuSplit, clientCpuMs: number): Record<string, number> {
  const seconds = { ...cpu.seconds };
  const launcher = seconds[LOAD_GENERATOR] ?? 0;
  delete seconds[LOAD_GENERATOR];
  seconds[CLIENT] = clientCpuMs / 1000;
  seconds[STORE] = Math.max(0, launcher - clientCpuMs / 1000);
  return seconds;
}

async function measure(op: Phase | 'idle', load: Load, counters: OperationCounters, named: Record<string, number>, seed: number): Promise<Measured> {
  await waitForQuietMachine(0.15, 10_000);
  const phase = await CpuPhase.start(named);
  await counters.start();
  const fromUs = nowUs();
  const began = performance.now();
  const outcome = op === 'idle' ? (await sleep(IDLE_S * 1000), null) : await load.run<PhaseOutcome>({ kind: 'phase', op, rate: RATE, seconds: SECONDS, seed });
  if (op !== 'idle') await sleep(SETTLE_S * 1000);
  const windowS = (performance.now() - began) / 1000;
  const measuredCounters = await counters.stop();
  return { op, windowS, fromUs, toUs: nowUs(), outcome, cpu: await phase.stop(), counters: measuredCounters };
}

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** Each profiled service's CPU in each phase, by part of the code and by function, ms per operation. */
async function sayProfiles(dir: string, pids: Map<string, number>, phases: Measured[]): Promise<void> {
  const files = await readdir(dir);
  for (const [service, pid] of pids) {
    const file = files.find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.0.`));
    if (!file) {
      say(`  (${service}, pid ${pid}, wrote no CPU profile)`);
      continue;
    }
    const reader = new ProfileReader(JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile);
    for (const m of phases) {
      if (m.op === 'idle' || !m.outcome) continue;
      const b = await reader.breakDown({ fromUs: m.fromUs, toUs: m.toUs }, 12);
      const msPerOp = (samples: number) => round((samples * PROFILE_INTERVAL_US) / 1000 / m.outcome!.ops, 2);
      say(`${service} in ${m.op}: ${msPerOp(b.busySamples)} ms of samples per operation`);
      say(
        `  by part: ${Object.entries(b.parts)
          .slice(0, 10)
          .map(([part, n]) => `${part} ${msPerOp(n)}`)
          .join(', ')}`,
      );
      say(`  by function: ${b.functions.map((f) => `${f.name} ${msPerOp(f.samples)}`).join(', ')}`);
    }
  }
}

function costOf(m: Measured, idle: Measured): OperationCost {
  const o = m.outcome!;
  const share = m.windowS / idle.windowS;
  const idleSeconds = withClient(idle.cpu, 0);
  const cpuMs: Record<string, number> = {};
  for (const [name, s] of Object.entries(withClient(m.cpu, o.clientCpuMs))) {
    // Below zero when the idle phase happened to hold more of a process's background work than this one.
    const net = name === CLIENT ? s : Math.max(0, s - (idleSeconds[name] ?? 0) * share);
    cpuMs[name] = round((net * 1000) / o.ops, 3);
  }
  const sorted = Object.fromEntries(Object.entries(cpuMs).sort(([, a], [, b]) => b - a));
  const per = (n: number, idleN: number) => round((n - idleN * share) / o.ops, 2);
  const idleCalls = new Map(idle.counters.byStatement.map((s) => [s.query, s]));
  return {
    op: m.op as Phase,
    ops: o.ops,
    requestsPerOp: round(o.requests / o.ops, 2),
    p50: round(o.p50, 1),
    p99: round(o.p99, 1),
    failures: o.failures,
    firstFailures: o.firstFailures,
    cpuMs: sorted,
    productCpuMs: round(
      Object.entries(cpuMs).reduce((n, [name, ms]) => (name === CLIENT ? n : n + ms), 0),
      3,
    ),
    statements: per(m.counters.statements, idle.counters.statements),
    pgExecMs: per(m.counters.execMs, idle.counters.execMs),
    pgPlanMs: per(m.counters.planMs, idle.counters.planMs),
    busIn: per(m.counters.busIn, idle.counters.busIn),
    busOut: per(m.counters.busOut, idle.counters.busOut),
    sessions: per(m.counters.sessions, idle.counters.sessions),
    topStatements: m.counters.byStatement.slice(0, 40).map((s) => ({
      query: s.query.slice(0, 160),
      calls: per(s.calls, idleCalls.get(s.query)?.calls ?? 0),
      ms: per(s.ms, idleCalls.get(s.query)?.ms ?? 0),
      planMs: per(s.planMs, idleCalls.get(s.query)?.planMs ?? 0),
      plans: per(s.plans, idleCalls.get(s.query)?.plans ?? 0),
    })),
    othersShare: m.cpu.usage ? round(m.cpu.usage.others, 3) : null,
  };
}

function table(costs: OperationCost[]): string[] {
  const procs = [
    ...new Set(
      costs.flatMap((c) =>
        Object.entries(c.cpuMs)
          .filter(([n, ms]) => n !== CLIENT && ms >= 0.05)
          .map(([n]) => n),
      ),
    ),
  ];
  const head = [
    'operation',
    'req/op',
    'p99 ms',
    'product CPU ms/op',
    ...procs,
    'statements/op',
    'PG exec ms/op',
    'PG plan ms/op',
    'bus msgs in/op',
    'out/op',
    'PG sessions/op',
    'client ms/op',
    'others',
  ];
  const rows = costs.map((c) =>
    [
      c.op,
      c.requestsPerOp,
      c.p99,
      c.productCpuMs.toFixed(2),
      ...procs.map((p) => (c.cpuMs[p] ?? 0).toFixed(2)),
      c.statements,
      c.pgExecMs,
      c.pgPlanMs,
      c.busIn,
      c.busOut,
      c.sessions,
      (c.cpuMs[CLIENT] ?? 0).toFixed(2),
      c.othersShare === null ? 'n/a' : `${Math.round(c.othersShare * 100)}%`,
    ].join(' | '),
  );
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r} |`)];
}

async function measureLayout(layout: ProcessLayout): Promise<{ layout: ProcessLayout; idle: Record<string, unknown>; costs: OperationCost[] }> {
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  let load: Load | undefined;
  let counters: OperationCounters | undefined;
  try {
    infra = await startInfrastructure({
      dataDir: await mkdtemp(join(tmpdir(), 'marketplace-bench-ops-')),
      ephemeral: true,
      log: () => undefined,
      observed: true,
    });
    if (!infra.natsMonitorUrl) throw new Error('bench:operation-costs needs the embedded NATS server (unset NATS_URL) for its message counts.');
    system = await startServices({ infra, rootDir, layout, env: CAPACITY_ENV });
    const profileDir = await mkdtemp(join(tmpdir(), 'marketplace-bench-ops-profiles-'));
    const profiled = new Map<string, number>();
    for (const service of layout === 'per-service' ? PROFILED : []) {
      // The profile is written when the service exits (stopAll below).
      await system.stop(service);
      await system.start(service, { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} --cpu-prof-interval=${PROFILE_INTERVAL_US}` });
      profiled.set(service, system.pid(service)!);
    }
    // One process hosts every app in the one-process layout: its CPU is the apps' together.
    const pids = new Set(system.apps.map((app) => system!.pid(app)));
    const named: Record<string, number> = layout === 'one-process' && pids.size === 1 ? { apps: [...pids][0]! } : {};
    load = Load.start(await prepareMembers(infra, system.baseUrl));
    counters = await OperationCounters.open(infra.databaseUrl, infra.natsMonitorUrl);
    say(`\n${layout}: each operation alone at ${RATE}/s for ${SECONDS} s (+${SETTLE_S} s to settle), after an idle phase of ${IDLE_S} s`);
    // Warm: caches, pools, V8's compiled code, and records to act on.
    await load.run({ kind: 'phase', op: 'mixed', rate: 30, seconds: 10, seed: 1 });
    await sleep(2000);
    const idle = await measure('idle', load, counters, named, 0);
    say(
      `  idle, per second: ${Object.entries(withClient(idle.cpu, 0))
        .map(([n, s]) => `${n} ${round((s * 1000) / idle.windowS, 1)} ms`)
        .join(', ')}; ` + `statements ${round(idle.counters.statements / idle.windowS, 1)}, bus msgs in ${round(idle.counters.busIn / idle.windowS, 1)}`,
    );
    const costs: OperationCost[] = [];
    const phases: Measured[] = [];
    let seed = 10;
    for (const op of ORDER) {
      if (op === 'hire') {
        const ready = await load.run<number>({ kind: 'prepare-hires', count: RATE * SECONDS + 5, perJob: APPLICATIONS_PER_HIRED_JOB, seed: seed++ });
        say(`  (${ready} jobs with ${APPLICATIONS_PER_HIRED_JOB} applications each ready for the hire phase)`);
      }
      const phase = await measure(op, load, counters, named, seed++);
      phases.push(phase);
      const cost = costOf(phase, idle);
      costs.push(cost);
      say(
        `  ${op}: ${cost.productCpuMs.toFixed(2)} ms CPU/op (${Object.entries(cost.cpuMs)
          .slice(0, 4)
          .map(([n, ms]) => `${n} ${ms.toFixed(2)}`)
          .join(', ')}), ` +
          `${cost.statements} statements (${cost.pgExecMs} ms executing, ${cost.pgPlanMs} ms planning), ${cost.sessions} new PG sessions, bus ${cost.busIn} in; p99 ${cost.p99} ms; failures ${cost.failures}` +
          `${cost.failures ? ` (${cost.firstFailures.join('; ')})` : ''}; others ${cost.othersShare === null ? 'n/a' : `${Math.round(cost.othersShare * 100)}%`}`,
      );
    }
    say('');
    for (const line of table(costs)) say(line);
    say('');
    for (const c of costs) {
      say(`${c.op}, statements by PostgreSQL time (calls/op, plans/op, executing ms/op, planning ms/op):`);
      for (const s of c.topStatements.slice(0, 8)) {
        say(`  ${String(s.calls).padStart(6)} ${String(s.plans).padStart(6)} ${String(s.ms).padStart(7)} ${String(s.planMs).padStart(7)}  ${s.query}`);
      }
    }
    if (profiled.size > 0) {
      await system.stopAll();
      say('');
      await sayProfiles(profileDir, profiled, phases);
    }
    const idleSummary = {
      windowS: round(idle.windowS, 1),
      cpuSeconds: withClient(idle.cpu, 0),
      statements: idle.counters.statements,
      busIn: idle.counters.busIn,
    };
    return { layout, idle: idleSummary, costs };
  } finally {
    await counters?.close().catch(() => undefined);
    await load?.stop().catch(() => undefined);
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const results = [];
  for (const layout of LAYOUTS) results.push(await measureLayout(layout));
  await writeResults(resultsFile, 'operation-costs', {
    settings: { rate: RATE, seconds: SECONDS, settleS: SETTLE_S, idleS: IDLE_S, mix: MIX },
    layouts: results,
  });
  say(`Results: ${resultsFile}`);
  return results.some((r) => r.costs.some((c) => c.failures > 0)) ? 1 : 0;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
});
