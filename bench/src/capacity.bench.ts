import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, type ProcessLayout, startInfrastructure, startServices, type System } from '@marketplace/local-stack';
import { BUS_CREDENTIALS_ENV, createMembers, mcpAccessToken, seededRandom } from '@marketplace/testing';

import { MIX, type Operation, pickOperation, type Request, runOperation, type Timed, type World } from './capacity-workload.js';
import { CpuPhase, type CpuSplit } from './cpu-split.js';
import { round } from './load.js';
import { waitForQuietMachine } from './machine.js';
import { seedOpenJobs } from './seed.js';

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
const POSTERS = 30;
const WORKERS = 60;
const AGENTS = 4;
const BOARD_JOBS = 5_000;
/**
 * The model of one active member: a person with the app open, or their agent at work, makes one
 * request every 15 s on average (reading the board, checking alerts, writing). Members active at
 * once = sustained req/s × 15.
 */
const SECONDS_PER_MEMBER_REQUEST = 15;
const LAYOUTS: ProcessLayout[] = process.env.BENCH_CAPACITY_LAYOUTS
  ? (process.env.BENCH_CAPACITY_LAYOUTS.split(',') as ProcessLayout[])
  : ['one-process', 'per-service'];

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Keep-alive connections, as browsers and agents keep theirs; many, so arrivals never queue in the client. */
function requester(base: string): Request {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 512 });
  const url = new URL(base);
  return (path, init) =>
    new Promise<Timed>((done, fail) => {
      const json = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
      const payload = init.raw ?? json;
      const headers: Record<string, string> = {};
      if (init.key) headers.authorization = `Bearer ${init.key}`;
      if (init.token) {
        headers.authorization = `Bearer ${init.token}`;
        headers.accept = 'application/json, text/event-stream';
      }
      if (payload) {
        headers['content-type'] = init.raw ? 'application/octet-stream' : 'application/json';
        headers['content-length'] = String(payload.length);
      }
      const began = performance.now();
      const req = httpRequest(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: `${path}${init.query ? `?${init.query}` : ''}`,
          method: init.method ?? (payload ? 'POST' : 'GET'),
          headers,
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              /* not JSON: kept as text */
            }
            done({ status: res.statusCode ?? 0, ms: performance.now() - began, body });
          });
          res.on('error', fail);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', fail);
      req.end(payload);
    });
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
}

/** One step: `rate` operations a second for STEP_S seconds, each request timed. */
async function step(world: World, request: Request, rate: number, seed: number): Promise<StepResult> {
  const random = seededRandom(seed);
  const latencies: number[] = [];
  const perOp = new Map<Operation, number[]>();
  const failures: string[] = [];
  const phase = await CpuPhase.start();
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
  };
}

function describe(s: StepResult): string {
  return (
    `${s.rate} ops/s → ${s.achievedPerS} req/s: p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms, failures ${s.failures}` +
    `${s.holds ? '' : '  ✗'}${s.firstFailures.length ? ` (${s.firstFailures.join('; ')})` : ''}`
  );
}

async function measureLayout(layout: ProcessLayout): Promise<Record<string, unknown>> {
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  try {
    infra = await startInfrastructure({ dataDir: await mkdtemp(join(tmpdir(), 'marketplace-bench-capacity-')), ephemeral: true, log: () => undefined });
    // Every per-member limit above what the workload asks of one member in a minute; the work itself is unchanged.
    system = await startServices({
      infra,
      rootDir,
      layout,
      env: {
        LOG_LEVEL: 'warn',
        API_KEY_RATE_LIMIT: '100000000',
        OAUTH_REQUESTS_PER_MINUTE: '100000000',
        SEARCHES_PER_MINUTE: '100000000',
        JOB_POSTS_PER_MINUTE: '100000',
        JOB_POSTS_PER_DAY: '100000',
        APPLICATIONS_PER_MINUTE: '100000',
        APPLICATIONS_PER_DAY: '100000',
        MESSAGES_PER_MINUTE: '100000',
        MESSAGES_PER_DAY: '100000',
        FILE_WRITES_PER_MINUTE: '100000',
      },
    });
    const base = system.baseUrl;
    const mailDir = infra.mail?.dir;
    if (!mailDir) throw new Error('The benchmark needs the local mail catcher (unset SMTP_URL) to sign agents in.');
    process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
    const posters = await createMembers(infra.natsUrl, POSTERS);
    const workers = await createMembers(infra.natsUrl, WORKERS);
    const agents = [];
    for (const member of workers.slice(0, AGENTS)) agents.push({ member, token: await mcpAccessToken(base, mailDir, member) });
    await seedOpenJobs(infra.databaseUrl, { jobs: BOARD_JOBS, posters: 200, anonymousShare: 0.1, spreadDays: 10 });
    const world: World = { base, posters, workers, agents, jobs: [], waiting: [], hired: [] };
    const request = requester(base);

    say(`\n${layout}: ${BOARD_JOBS} jobs on the board, ${POSTERS} posters, ${WORKERS} workers, ${AGENTS} agents over OAuth`);
    await waitForQuietMachine(0.15, 20_000);
    // Warm: the caches, the pools, V8's compiled code, and records for hires and messages to act on.
    await step(world, request, Math.round(START_RATE / 2), 1);
    const steps: StepResult[] = [];
    let seed = 2;
    let good: StepResult | undefined;
    let bad: StepResult | undefined;
    // Up by half while steps hold; when the first one fails, down by half until one holds.
    for (let rate = START_RATE; !(good && bad) && rate >= 5;) {
      const s = await step(world, request, rate, seed++);
      say(`  ${describe(s)}`);
      steps.push(s);
      if (s.holds) good = s;
      else bad = s;
      rate = s.holds ? Math.round(rate * 1.5) : Math.round(rate / 2);
      if (!s.holds && good) break;
      await sleep(1000);
    }
    for (let i = 0; i < 3 && good && bad && bad.rate - good.rate > Math.max(5, good.rate * 0.05); i++) {
      const s = await step(world, request, Math.round((good.rate + bad.rate) / 2), seed++);
      say(`  ${describe(s)}`);
      steps.push(s);
      if (s.holds) good = s;
      else bad = s;
      await sleep(1000);
    }
    const capacity = good?.achievedPerS ?? 0;
    const cpuAtCapacity = good ? Object.entries(good.cpu.seconds).map(([name, sec]) => [name, round(sec / STEP_S, 2)] as const) : [];
    const busiest = cpuAtCapacity
      .slice(0, 4)
      .map(([name, cores]) => `${name} ${cores}`)
      .join(', ');
    const machineBusy = good?.cpu.usage ? round(good.cpu.usage.machineBusy, 2) : null;
    say(
      `  at capacity, CPU in cores (of ${availableParallelism()}): ${busiest}; the machine ${machineBusy === null ? 'n/a' : `${Math.round(machineBusy * 100)}%`} busy`,
    );
    say(
      `  first to give: ${bad ? (bad.failures ? `failures (${bad.firstFailures[0] ?? ''})` : `p99 ${bad.p99} ms at ${bad.rate} ops/s`) : 'nothing within the steps'}`,
    );
    say(
      `  ${capacity} req/s = about ${Math.round(capacity * SECONDS_PER_MEMBER_REQUEST)} members active at once (one request every ${SECONDS_PER_MEMBER_REQUEST} s each)`,
    );
    return {
      layout,
      capacityReqPerS: capacity,
      membersActiveAtOnce: Math.round(capacity * SECONDS_PER_MEMBER_REQUEST),
      cpuCoresAtCapacity: Object.fromEntries(cpuAtCapacity),
      machineBusyAtCapacity: machineBusy,
      othersCpuAtCapacity: good?.cpu.usage ? round(good.cpu.usage.others, 3) : null,
      steps: steps.map(({ cpu: _cpu, ...rest }) => rest),
    };
  } finally {
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  say(
    `Mix (share of operations): ${Object.entries(MIX)
      .map(([op, w]) => `${op} ${w}`)
      .join(', ')}`,
  );
  const results = [];
  for (const layout of LAYOUTS) results.push(await measureLayout(layout));
  say('');
  for (const r of results) say(`capacity: ${String(r.capacityReqPerS)} req/s at p99 < ${P99_BUDGET_MS} ms (${String(r.layout)})`);
  await mkdir(dirname(resultsFile), { recursive: true });
  await writeFile(
    resultsFile,
    `${JSON.stringify(
      {
        benchmark: 'capacity',
        finishedAt: new Date().toISOString(),
        machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version },
        settings: { stepS: STEP_S, startRate: START_RATE, p99BudgetMs: P99_BUDGET_MS, mix: MIX, secondsPerMemberRequest: SECONDS_PER_MEMBER_REQUEST },
        layouts: results,
      },
      null,
      2,
    )}\n`,
  );
  say(`Results: ${resultsFile}`);
  return 0;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
});
