import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, startInfrastructure, startServices, type System } from '@marketplace/local-stack';

import { type CpuProfile, type ProfileBreakdown, ProfileReader } from './cpu-profile.js';
import { CpuPhase, type CpuSplit } from './cpu-split.js';
import { BENCH_LAYOUT } from './layout.js';
import { LIST_SYSTEM_ENV, type ListTarget, prepareListMyJobs, type TargetLoad } from './list-my-jobs.js';
import { type LoadResult, round, runLoad } from './load.js';
import { waitForQuietMachine } from './machine.js';

// `npm run bench:profile [-- rest mcp mcp-2026 jobs board] [--seconds N] [--service NAME]`: where a
// service's CPU goes (the gateway's unless --service names another, such as `jobs` for the far side
// of the hop) for each target of bench:mcp (list my jobs through REST, MCP 2025-11-25 and MCP
// 2026-07-28) and of bench:jobs-list (the board's first page asked with no-cache, the hop's figure,
// and read anonymously from the gateway's shared cache; here the page holds the member's
// LISTED_JOBS jobs, not bench:jobs-list's seeded board). The service runs under Node's
// `--cpu-prof`; each target's load is a window of that one profile, and its samples are charged
// through the bundle's source maps to whose code ran (the MCP SDK, zod, undici's web Request and
// Response, Fastify, the NATS client, the service's own code). With the service's CPU per request
// from /proc, every part is given in microseconds per request, and the last target beside the
// first as the difference: what one surface costs the service over the other, and in whose code.
// A measurement, never a pass or fail.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsDir = join(rootDir, 'bench', 'results');
const CONNECTIONS = 20;
const WARMUP_S = 3;
/** 500 µs between samples: enough samples for every part of a 15 s load, at a third of the overhead of 200 µs. */
const SAMPLE_INTERVAL_US = 500;
/** bench:mcp's three, and bench:jobs-list's hop (`jobs`) and cached board (`board`). */
type Target = ListTarget | 'jobs' | 'board';
const TARGETS: readonly Target[] = ['rest', 'mcp', 'mcp-2026', 'jobs', 'board'];

interface Measured {
  target: Target;
  run: LoadResult;
  cpu: CpuSplit;
  /** The profiled service's CPU per answered request, µs. */
  serviceUsPerRequest: number;
  breakdown: ProfileBreakdown;
  /** Each part's share of the service's busy samples times its CPU per request, µs. */
  usPerRequest: Record<string, number>;
  /** The same for the product's own code and for the kernel's socket writes, across the parts. */
  ownUsPerRequest: number;
  socketWritesUsPerRequest: number;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function parseArgs(argv: readonly string[]): { targets: Target[]; seconds: number; service: string } {
  const targets: Target[] = [];
  let seconds = 15;
  let service = 'gateway';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--seconds') seconds = Number(argv[++i]);
    else if (arg === '--service') service = argv[++i] ?? '';
    else if ((TARGETS as readonly string[]).includes(arg)) targets.push(arg as Target);
    else throw new Error(`Unknown argument ${arg}: name targets (${TARGETS.join(', ')}), --seconds N and --service NAME.`);
  }
  if (!(seconds >= 2)) throw new Error('--seconds takes a number of seconds, at least 2.');
  if (!/^[a-z-]+$/.test(service)) throw new Error('--service takes the name of one service of the per-service layout (gateway, jobs, identity, …).');
  return { targets: targets.length ? targets : ['rest', 'mcp'], seconds, service };
}

/** Microseconds on the monotonic clock, the one V8 stamps profile samples with. */
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

async function main(): Promise<number> {
  const { targets, seconds, service } = parseArgs(process.argv.slice(2));
  if (BENCH_LAYOUT !== 'per-service') throw new Error('bench:profile profiles one service in a process of its own: unset MARKETPLACE_PROCESSES.');
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  const profileDir = await mkdtemp(join(tmpdir(), 'marketplace-bench-profile-'));
  try {
    infra = await startInfrastructure({ dataDir: join(profileDir, 'data'), ephemeral: true, log: () => undefined });
    system = await startServices({ infra, rootDir, layout: BENCH_LAYOUT, env: { ...LIST_SYSTEM_ENV } });
    const board = { url: `${system.baseUrl}/api/jobs?limit=20`, connections: CONNECTIONS };
    const options: Record<Target, TargetLoad> = {
      ...(await prepareListMyJobs(infra, system, CONNECTIONS)),
      jobs: { ...board, target: 'jobs', headers: { 'cache-control': 'no-cache' } },
      board: { ...board, target: 'board' },
    };

    // The profiled service starts again under the profiler (the gateway on the same port); the
    // profile is written when it exits.
    await system.stop(service);
    await system.start(service, { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} --cpu-prof-interval=${SAMPLE_INTERVAL_US}` });
    const pid = system.pid(service);
    if (pid === undefined) throw new Error(`${service} did not start again under the profiler.`);

    const windows: Array<{ target: Target; run: LoadResult; cpu: CpuSplit; fromUs: number; toUs: number }> = [];
    for (const target of targets) {
      await runLoad({ ...options[target], durationS: WARMUP_S });
      await waitForQuietMachine(0.15, 20_000);
      const phase = await CpuPhase.start();
      const fromUs = nowUs();
      const run = await runLoad({ ...options[target], durationS: seconds });
      const toUs = nowUs();
      windows.push({ target, run, cpu: await phase.stop(), fromUs, toUs });
      say(`${target}: ${run.requestsPerSec.toFixed(1)} req/s, p99 ${run.latencyMs.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors + run.timeouts}`);
    }
    await system.stop(service);
    const profileFile = (await readdir(profileDir)).find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.0.`));
    if (!profileFile) throw new Error(`${service} (pid ${pid}) wrote no CPU profile to ${profileDir}.`);
    const profile = JSON.parse(await readFile(join(profileDir, profileFile), 'utf8')) as CpuProfile;
    const reader = new ProfileReader(profile);

    const measured: Measured[] = [];
    for (const w of windows) {
      const breakdown = await reader.breakDown({ fromUs: w.fromUs, toUs: w.toUs });
      const serviceUsPerRequest = ((w.cpu.seconds[service] ?? 0) * 1e6) / Math.max(w.run.responses, 1);
      const us = (samples: number) => round((samples / Math.max(breakdown.busySamples, 1)) * serviceUsPerRequest, 1);
      const usPerRequest = Object.fromEntries(Object.entries(breakdown.parts).map(([part, samples]) => [part, us(samples)]));
      measured.push({
        ...w,
        serviceUsPerRequest: round(serviceUsPerRequest, 1),
        breakdown,
        usPerRequest,
        ownUsPerRequest: us(breakdown.ownSamples),
        socketWritesUsPerRequest: us(breakdown.socketWriteSamples),
      });
    }

    for (const m of measured) {
      say('');
      say(
        `${m.target}: ${service}'s CPU ${m.serviceUsPerRequest.toFixed(0)} µs per request; ${m.breakdown.busySamples} busy samples (${m.breakdown.idleSamples} idle)`,
      );
      for (const [part, us] of Object.entries(m.usPerRequest)) say(`  ${part.padEnd(34)} ${us.toFixed(1).padStart(7)} µs  ${pct(m, part)}`);
      // Across the parts: how much of the request is the repository's own code at all.
      const rest = m.serviceUsPerRequest - m.ownUsPerRequest - m.socketWritesUsPerRequest;
      say(
        `  by owner: the product's own code (its apps and libraries, with the builtins they call) ${m.ownUsPerRequest.toFixed(1)} µs; ` +
          `the kernel's socket writes ${m.socketWritesUsPerRequest.toFixed(1)} µs; everything else (drivers, frameworks, Node, V8, GC) ${rest.toFixed(1)} µs`,
      );
      say('  busiest functions (self):');
      for (const f of m.breakdown.functions.slice(0, 12)) say(`    ${((100 * f.samples) / m.breakdown.busySamples).toFixed(1).padStart(5)}%  ${f.name}`);
    }
    const first = measured[0]!;
    for (const other of measured.slice(1)) {
      say('');
      say(
        `${other.target} against ${first.target}, ${service}'s µs per request by part (${other.serviceUsPerRequest.toFixed(0)} against ${first.serviceUsPerRequest.toFixed(0)}):`,
      );
      const parts = [...new Set([...Object.keys(other.usPerRequest), ...Object.keys(first.usPerRequest)])];
      const rows = parts.map((part) => ({ part, a: first.usPerRequest[part] ?? 0, b: other.usPerRequest[part] ?? 0 })).sort((x, y) => y.b - y.a - (x.b - x.a));
      for (const r of rows)
        say(`  ${r.part.padEnd(34)} ${r.b.toFixed(1).padStart(7)} ${r.a.toFixed(1).padStart(7)}  ${r.b - r.a >= 0 ? '+' : ''}${(r.b - r.a).toFixed(1)}`);
    }

    await mkdir(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const savedProfile = join(resultsDir, `${service}-${stamp}.cpuprofile`);
    await writeFile(savedProfile, JSON.stringify(profile));
    const resultsFile = join(resultsDir, 'profile.json');
    await writeFile(
      resultsFile,
      `${JSON.stringify(
        {
          benchmark: 'profile',
          finishedAt: new Date().toISOString(),
          machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version },
          settings: { service, connections: CONNECTIONS, seconds, warmupS: WARMUP_S, sampleIntervalUs: SAMPLE_INTERVAL_US },
          profile: savedProfile,
          targets: measured.map(({ target, run, cpu, serviceUsPerRequest, usPerRequest, ownUsPerRequest, socketWritesUsPerRequest, breakdown }) => ({
            target,
            requestsPerSec: run.requestsPerSec,
            responses: run.responses,
            non2xx: run.non2xx,
            cpu,
            serviceUsPerRequest,
            usPerRequest,
            ownUsPerRequest,
            socketWritesUsPerRequest,
            functions: breakdown.functions,
          })),
        },
        null,
        2,
      )}\n`,
    );
    say('');
    say(`Profile (open in Chrome DevTools or VS Code): ${savedProfile}`);
    say(`Results: ${resultsFile}`);
    return measured.some((m) => m.run.non2xx + m.run.errors + m.run.timeouts > 0) ? 1 : 0;
  } finally {
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
    await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

function pct(m: Measured, part: string): string {
  return `${((100 * (m.breakdown.parts[part] ?? 0)) / Math.max(m.breakdown.busySamples, 1)).toFixed(1)}%`;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
});
