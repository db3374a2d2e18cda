import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { listOpenJobs } from '@marketplace/contracts';
import { type Infrastructure, startInfrastructure, startServices, type System } from '@marketplace/local-stack';

import { type BareServer, startBareServer } from './bare-server.js';
import { CpuPhase, perRequestLine } from './cpu-split.js';
import { BENCH_LAYOUT } from './layout.js';
import { type LoadResult, round, runLoad, stopCurrentLoad } from './load.js';
import { type CpuUsage, waitForQuietMachine } from './machine.js';
import { seedOpenJobs } from './seed.js';
import { type SingleProcessServer, startSingleProcessServer } from './single-process.js';
import { InProcessTail, type ProcessTail, tailLine, TailWatch } from './tail-sources.js';

// `npm run bench`: GET /api/jobs?limit=20 through the whole system (gateway → NATS → jobs
// service → PostgreSQL) against the same handler called in-process (the baseline), on a board of
// 10,000 open jobs; then what anonymous readers get on that board: the gateway's shared page
// cache, and 304s to If-None-Match. A measurement: budgets are reported, never enforced; the exit code is non-zero
// only when something failed (startup, seeding, a non-2xx answer or a connection error).

// This file runs as bench/dist/jobs-list.bench.js.
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'jobs-list.json');

const PATH = '/api/jobs?limit=20';
const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;
const SEED = { jobs: 10_000, posters: 50, anonymousShare: 0.15, spreadDays: 13 };
const BUDGET = { minRatio: 0.8, maxGatewayP99Ms: 25 };
/** A run waits (up to QUIET_WAIT_MS) until other processes use less than this share of the machine. */
const QUIET_THRESHOLD = 0.15;
const QUIET_WAIT_MS = 30_000;
/** Above this share of CPU taken by other processes during a run, the run is flagged as noisy. */
const NOISY = 0.1;

/**
 * `gateway` and `single-process` measure the hop: the gateway run asks for `no-cache`, so every
 * request goes to the jobs service. `board` is what anonymous readers get (the gateway's shared
 * page cache), `board-304` a reader revalidating the page it holds.
 */
type Target = 'gateway' | 'single-process' | 'board' | 'board-304' | 'bare-fastify';
const BOARD_BUDGET_RPS = 3_000;
/** Anonymous board reads against bare Fastify answering the same bytes, in the same run. */
const BOARD_BUDGET_OF_BARE = 0.85;

interface MeasuredRun extends LoadResult {
  /** CPU shares during the run: the whole machine, this benchmark's processes, everything else. */
  cpu: CpuUsage | null;
  /** CPU seconds each process of the benchmark used during the run (gateway, jobs, postgres, the launcher with its client and the single process). */
  cpuSeconds: Record<string, number>;
  /** Share of CPU other processes used in the second before the run started. */
  othersBeforeRun: number | null;
  /** Where the tail comes from (measured runs of the hop): each process's event-loop delay, GC pauses and handling time. */
  tail?: ProcessTail[];
}

let infraStarting: Promise<Infrastructure> | undefined;
let system: System | undefined;
let baseline: SingleProcessServer | undefined;
let bare: BareServer | undefined;
let stopping: Promise<void> | undefined;
const infraLog: string[] = [];

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Baseline first (it holds a pool on the database), then the apps (gateway first), then the infrastructure. */
async function stopEverything(): Promise<void> {
  const failures: unknown[] = [];
  const attempt = async (what: string, stop: (() => Promise<void>) | undefined) => {
    if (!stop) return;
    try {
      await stop();
    } catch (error) {
      failures.push(error);
      console.error(`Stopping ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await attempt('the single-process server', baseline?.stop);
  await attempt('the bare Fastify server', bare?.stop);
  await attempt('the services', system?.stopAll);
  // Apps still starting (no System yet) are ended by local-stack's exit guard when this process exits.
  const infra = await infraStarting?.catch(() => undefined);
  await attempt('the infrastructure', infra?.stop);
  if (failures.length) throw new AggregateError(failures, 'Stopping failed');
}

function stopOnce(): Promise<void> {
  return (stopping ??= stopEverything());
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) {
      say('Stopping immediately.');
      process.exit(130);
    }
    interrupted = true;
    say(`\n${signal}: stopping…`);
    stopCurrentLoad();
    void stopOnce().then(
      () => process.exit(130),
      () => process.exit(1),
    );
  });
}

async function fetchJson(url: string): Promise<{ status: number; bytes: number; body: unknown }> {
  const res = await fetch(url);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported as the raw text below.
  }
  return { status: res.status, bytes: Buffer.byteLength(text), body };
}

/** Both targets must answer 200 with the same page before their speed means anything. */
async function checkSameAnswer(gatewayUrl: string, baselineUrl: string, expectedTotal: number): Promise<number> {
  const [viaGateway, direct] = await Promise.all([fetchJson(gatewayUrl), fetchJson(baselineUrl)]);
  for (const [name, answer] of [
    ['gateway', viaGateway],
    ['single-process', direct],
  ] as const) {
    if (answer.status !== 200) {
      throw new Error(`${name} answered GET ${PATH} with ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    const page = answer.body as { jobs?: unknown[]; total?: number };
    if (page.jobs?.length !== 20 || page.total !== expectedTotal) {
      throw new Error(`${name} answered ${page.jobs?.length ?? 'no'} jobs of total ${page.total}; expected 20 of ${expectedTotal}`);
    }
  }
  if (JSON.stringify(viaGateway.body) !== JSON.stringify(direct.body)) {
    throw new Error('The gateway and the single-process server answered different pages for the same query');
  }
  return viaGateway.bytes;
}

function percent(share: number | null | undefined): string {
  return share === null || share === undefined ? 'n/a' : `${Math.round(share * 100)}%`;
}

function failuresOf(run: LoadResult): number {
  // A revalidating reader expects 304s (autocannon counts them as non-2xx).
  const expected = run.target === 'board-304' ? (run.statusCodes['304'] ?? 0) : 0;
  return run.non2xx - expected + run.errors + run.timeouts;
}

function pad(value: string | number, width: number, right = false): string {
  const text = String(value);
  return right ? text.padStart(width) : text.padEnd(width);
}

function printTable(rows: MeasuredRun[]): void {
  say(
    `${pad('target', 16)}${pad('req/s', 10, true)}${pad('p50 ms', 9, true)}${pad('p99 ms', 9, true)}` +
      `${pad('errors', 8, true)}${pad('non-2xx', 9, true)}${pad('other CPU', 11, true)}`,
  );
  for (const r of rows) {
    say(
      `${pad(r.target, 16)}${pad(r.requestsPerSec.toFixed(1), 10, true)}${pad(r.latencyMs.p50, 9, true)}` +
        `${pad(r.latencyMs.p99, 9, true)}${pad(r.errors + r.timeouts, 8, true)}${pad(r.non2xx, 9, true)}` +
        `${pad(percent(r.cpu?.others), 11, true)}`,
    );
  }
}

async function main(): Promise<number> {
  const began = Date.now();
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);

  const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-bench-'));
  say('Starting PostgreSQL, NATS and object storage…');
  infraStarting = startInfrastructure({
    dataDir,
    ephemeral: true,
    log: (line) => {
      infraLog.push(line);
      if (infraLog.length > 100) infraLog.shift();
    },
  });
  const infra = await infraStarting;
  if (interrupted) return 130;

  say('Starting every service and the gateway (LOG_LEVEL=warn)…');
  system = await startServices({ infra, rootDir, layout: BENCH_LAYOUT, env: { LOG_LEVEL: 'warn' } });
  if (interrupted) return 130;
  const gatewayUrl = `${system.baseUrl}${PATH}`;

  say(`Seeding ${SEED.jobs} open jobs by ${SEED.posters} posters…`);
  const seed = await seedOpenJobs(infra.databaseUrl, SEED);
  say(`  ${seed.openJobs} open jobs in ${seed.ms} ms`);
  if (seed.openJobs < SEED.jobs) throw new Error(`Only ${seed.openJobs} open jobs after seeding ${SEED.jobs}`);

  // createDataSource reads DATABASE_URL; set only now, so startInfrastructure did not take it as an external database.
  process.env.DATABASE_URL = infra.databaseUrl;
  baseline = await startSingleProcessServer();
  const baselineUrl = `${baseline.baseUrl}${PATH}`;
  const responseBytes = await checkSameAnswer(gatewayUrl, baselineUrl, seed.openJobs);
  say(`Both answer the same page of 20 (${responseBytes} bytes of JSON).`);

  bare = await startBareServer(gatewayUrl);
  const urls: Record<Target, string> = {
    gateway: gatewayUrl,
    'single-process': baselineUrl,
    board: gatewayUrl,
    'board-304': gatewayUrl,
    'bare-fastify': `${bare.baseUrl}${PATH}`,
  };
  const etag = (await fetch(gatewayUrl)).headers.get('etag');
  if (!etag) throw new Error(`The gateway answered GET ${PATH} without an ETag`);
  const headers: Partial<Record<Target, Record<string, string>>> = { gateway: { 'cache-control': 'no-cache' }, 'board-304': { 'if-none-match': etag } };
  /**
   * `warm-up` hands over to the measured run at once; `measured` follows its warm-up at once, so it
   * neither waits for a quiet machine (the warm-up did) nor starts on idle servers.
   */
  const load = async (target: Target, durationS: number, phaseOf: 'alone' | 'warm-up' | 'measured' = 'alone'): Promise<MeasuredRun> => {
    if (interrupted) throw new Error('interrupted');
    const quiet = phaseOf === 'measured' ? null : await waitForQuietMachine(QUIET_THRESHOLD, QUIET_WAIT_MS);
    if (quiet && quiet.others >= QUIET_THRESHOLD) {
      say(`  (other processes still use ${percent(quiet.others)} of the CPU; measuring anyway)`);
    }
    const watched = phaseOf === 'measured' && (target === 'gateway' || target === 'single-process');
    const watch =
      watched && target === 'gateway'
        ? await TailWatch.start({ gateway: system!.healthUrl('gateway'), jobs: system!.healthUrl('jobs') }, listOpenJobs.name)
        : undefined;
    const inProcess = watched && target === 'single-process' ? new InProcessTail('single process') : undefined;
    const phase = await CpuPhase.start();
    const run = await runLoad({ target, url: urls[target], durationS, connections: CONNECTIONS, ...(headers[target] ? { headers: headers[target] } : {}) });
    const split = await phase.stop();
    const tail = watch ? await watch.stop() : inProcess ? [inProcess.stop()] : undefined;
    const usage = split.usage;
    const cpu = usage && { machineBusy: round(usage.machineBusy, 3), ours: round(usage.ours, 3), others: round(usage.others, 3) };
    // Let sockets close and the servers idle before the next run; a warm-up hands over at once.
    if (phaseOf !== 'warm-up') await sleep(1000);
    return { ...run, cpu, cpuSeconds: split.seconds, othersBeforeRun: quiet ? round(quiet.others, 3) : null, ...(tail ? { tail } : {}) };
  };

  // Every measured run follows a warm-up of its own target at once: a run straight after the other
  // target's (or after the pauses between runs) starts on caches the other processes filled, and
  // in the order below the single process would get that start once and the gateway never.
  const warmups: MeasuredRun[] = [];
  const measure = async (target: Target): Promise<MeasuredRun> => {
    warmups.push(await load(target, WARMUP_S, 'warm-up'));
    return load(target, DURATION_S, 'measured');
  };

  // Two rounds in opposite orders, so neither target always runs on a warmer (or more tired) machine.
  const order: Target[] = ['gateway', 'single-process', 'single-process', 'gateway'];
  const runs: MeasuredRun[] = [];
  for (const [i, target] of order.entries()) {
    say(`Run ${i + 1}/${order.length}: ${target}, ${WARMUP_S} s warm-up and ${DURATION_S} s measured, ${CONNECTIONS} connections…`);
    const run = await measure(target);
    say(
      `  ${run.requestsPerSec.toFixed(1)} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, ` +
        `non-2xx ${run.non2xx}, errors ${run.errors + run.timeouts}; CPU: machine ${percent(run.cpu?.machineBusy)}, ` +
        `this benchmark ${percent(run.cpu?.ours)}, other processes ${percent(run.cpu?.others)}` +
        (run.cpu && run.cpu.others > NOISY ? ' (noisy)' : ''),
    );
    say(`    CPU per request: ${perRequestLine({ seconds: run.cpuSeconds, usage: null }, run.responses)}`);
    for (const t of run.tail ?? []) say(`    ${tailLine(t)}`);
    runs.push(run);
  }
  const boardRuns: MeasuredRun[] = [];
  // The cached page against its ceiling in both orders, as for the hop; then revalidations.
  for (const target of ['board', 'bare-fastify', 'bare-fastify', 'board', 'board-304'] as const) {
    say(`Anonymous board (${target}): ${DURATION_S} s, ${CONNECTIONS} connections…`);
    const run = await load(target, DURATION_S);
    say(`  ${run.requestsPerSec.toFixed(1)} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, other processes ${percent(run.cpu?.others)}`);
    boardRuns.push(run);
  }
  const bestOf = (target: Target, of: MeasuredRun[]): MeasuredRun =>
    of.filter((r) => r.target === target).reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
  const board = bestOf('board', boardRuns);
  const board304 = bestOf('board-304', boardRuns);
  const bareBest = bestOf('bare-fastify', boardRuns);
  const ofBare = bareBest.requestsPerSec > 0 ? board.requestsPerSec / bareBest.requestsPerSec : 0;

  const best = (target: Target): MeasuredRun => bestOf(target, runs);
  const gateway = best('gateway');
  const single = best('single-process');
  const ratio = single.requestsPerSec > 0 ? gateway.requestsPerSec / single.requestsPerSec : 0;
  const failed = [...runs, ...boardRuns].reduce((sum, r) => sum + failuresOf(r), 0);

  say('');
  say(`GET ${PATH}, ${CONNECTIONS} connections, ${DURATION_S} s, best of 2 runs per target:`);
  printTable([gateway, single]);
  say('');
  say(`ratio gateway/single-process: ${ratio.toFixed(2)} (budget >= ${BUDGET.minRatio.toFixed(2)})`);
  say(`gateway p99: ${gateway.latencyMs.p99} ms (budget < ${BUDGET.maxGatewayP99Ms} ms at ${CONNECTIONS} connections)`);
  // Little's law: with every connection always waiting, mean latency = connections / throughput.
  say(
    `(with ${CONNECTIONS} connections always busy, mean latency is ${CONNECTIONS} / throughput: ` +
      `the gateway's ${gateway.requestsPerSec.toFixed(0)} req/s means ${((CONNECTIONS / Math.max(gateway.requestsPerSec, 1)) * 1000).toFixed(0)} ms on average; ` +
      `a p99 under ${BUDGET.maxGatewayP99Ms} ms needs well over ${Math.round((CONNECTIONS * 1000) / BUDGET.maxGatewayP99Ms)} req/s)`,
  );
  say(`where the tail comes from (best runs; a stall shows as event-loop delay or GC, the rest of the latency is queueing):`);
  for (const t of [...(gateway.tail ?? []), ...(single.tail ?? [])]) say(`  ${tailLine(t)}`);
  say('');
  say(`Anonymous board reads (GET ${PATH}, no credentials, ${CONNECTIONS} connections, ${DURATION_S} s):`);
  printTable([board, bareBest, board304]);
  say(
    `board: ${board.requestsPerSec.toFixed(0)} req/s from the gateway's shared cache, ${board304.requestsPerSec.toFixed(0)} req/s answering 304 (budget >= ${BOARD_BUDGET_RPS})`,
  );
  say(
    `ratio board/bare-fastify: ${ofBare.toFixed(2)} (the same bytes from bare Fastify in this process: ${bareBest.requestsPerSec.toFixed(0)} req/s; budget >= ${BOARD_BUDGET_OF_BARE})`,
  );
  const noisy = [...runs, ...boardRuns].filter((r) => r.cpu && r.cpu.others > NOISY);
  if (noisy.length) {
    say(`Warning: other processes took over ${percent(NOISY)} of the CPU during ${noisy.length} of ${runs.length + boardRuns.length} runs; see "other CPU".`);
  }

  await mkdir(dirname(resultsFile), { recursive: true });
  const report = {
    benchmark: 'jobs-list',
    finishedAt: new Date().toISOString(),
    machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version, platform: process.platform },
    request: { method: 'GET', path: PATH, responseBytes },
    settings: {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      pipelining: 1,
      loadGenerator: 'autocannon, 1 worker thread in the bench process',
      order,
      quietThreshold: QUIET_THRESHOLD,
      noisyThreshold: NOISY,
    },
    seed,
    best: { gateway, singleProcess: single },
    ratio: round(ratio, 3),
    budgets: {
      ratio: { min: BUDGET.minRatio, actual: round(ratio, 3), met: ratio >= BUDGET.minRatio },
      gatewayP99Ms: { max: BUDGET.maxGatewayP99Ms, actual: gateway.latencyMs.p99, met: gateway.latencyMs.p99 < BUDGET.maxGatewayP99Ms },
      boardRps: { min: BOARD_BUDGET_RPS, actual: round(board.requestsPerSec, 1), met: board.requestsPerSec >= BOARD_BUDGET_RPS },
      boardOfBare: { min: BOARD_BUDGET_OF_BARE, actual: round(ofBare, 3), met: ofBare >= BOARD_BUDGET_OF_BARE },
    },
    board: { cached: board, revalidated304: board304, bareFastify: bareBest },
    failedResponses: failed,
    runs,
    warmups,
    totalS: round((Date.now() - began) / 1000, 1),
  };
  await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  say(`Results: ${resultsFile}`);

  if (failed > 0) {
    console.error(`${failed} requests failed (non-2xx, connection errors or timeouts) during the measured runs.`);
    return 1;
  }
  return 0;
}

let code: number;
try {
  code = await main();
} catch (error) {
  if (interrupted) {
    code = 130;
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (infraLog.length) console.error(`Last infrastructure output:\n${infraLog.slice(-20).join('\n')}`);
    code = 1;
  }
}
if (!interrupted) {
  say('Stopping…');
  try {
    await stopOnce();
  } catch {
    code = code || 1;
  }
  process.exit(code);
}
