import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

import { seededRandom } from '@marketplace/testing';

import { applyTo, type Operation, pickOperation, type Request, runOperation, type World } from './capacity-workload.js';
import { requester } from './http-requester.js';
import { percentile } from './load.js';

/**
 * bench:operation-costs' load, on a thread of its own: the launcher's process also hosts the
 * embedded object store, and this thread's own CPU (process.threadCpuUsage) is what comes off the
 * launcher's to leave the store's. The world (jobs, waiting applications, hires) lives here
 * across phases, so each operation acts on records the earlier ones made.
 */
export type LoadCommand =
  | { kind: 'phase'; op: Operation | 'mixed'; rate: number; seconds: number; seed: number }
  /** Unmeasured: `count` new jobs with `perJob` applications each, the only ones waiting for a hire. */
  | { kind: 'prepare-hires'; count: number; perJob: number; seed: number };

export interface PhaseOutcome {
  ops: number;
  requests: number;
  failures: number;
  firstFailures: string[];
  p50: number;
  p99: number;
  /** This thread's CPU over the phase, ms: the client's cost. */
  clientCpuMs: number;
}

const world: World = { ...(workerData as Pick<World, 'base' | 'posters' | 'workers' | 'agents'>), jobs: [], waiting: [], hired: [] };
const request = requester(world.base);

/** `rate` operations a second for `seconds`, open loop, each request timed. */
async function phase(op: Operation | 'mixed', rate: number, seconds: number, seed: number): Promise<PhaseOutcome> {
  const random = seededRandom(seed);
  const latencies: number[] = [];
  const failures: string[] = [];
  const timed: Request = async (path, init) => {
    const t = await request(path, init);
    latencies.push(t.ms);
    return t;
  };
  const cpuBefore = process.threadCpuUsage();
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const runs: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const chosen = op === 'mixed' ? pickOperation(random) : op;
    runs.push(
      runOperation(chosen, world, timed, random, seed * 1_000_000 + i).catch((err: unknown) => {
        failures.push(`${chosen}: ${err instanceof Error ? err.message : String(err)}`);
      }),
    );
  }
  await Promise.all(runs);
  const cpu = process.threadCpuUsage(cpuBefore);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    ops: total,
    requests: latencies.length,
    failures: failures.length,
    firstFailures: failures.slice(0, 3),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

async function prepareHires(count: number, perJob: number, seed: number): Promise<number> {
  const random = seededRandom(seed);
  const before = world.jobs.length;
  for (let i = 0; i < count; i++) await runOperation('post', world, request, random, seed * 1_000_000 + i);
  const fresh = world.jobs.slice(before);
  world.waiting = [];
  for (const job of fresh) {
    const workers = new Set<number>();
    while (workers.size < perJob) workers.add(Math.floor(random() * world.workers.length));
    await Promise.all([...workers].map((w) => applyTo(world, request, job, w)));
  }
  // One hire per job: the first waiting application of each, the others declined with it.
  const firstPerJob = new Map(world.waiting.map((w) => [w.jobId, w] as const));
  world.waiting = [...firstPerJob.values()];
  return world.waiting.length;
}

parentPort!.on('message', (command: LoadCommand) => {
  const done =
    command.kind === 'phase' ? phase(command.op, command.rate, command.seconds, command.seed) : prepareHires(command.count, command.perJob, command.seed);
  done.then(
    (outcome) => parentPort!.postMessage({ ok: outcome }),
    (err: unknown) => parentPort!.postMessage({ error: String(err) }),
  );
});
