import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, startInfrastructure, startServices, type System } from '@marketplace/local-stack';
import pg from 'pg';

import { seedBoard } from './board-seed.js';
import { BENCH_LAYOUT } from './layout.js';
import { cpuSnapshot, cpuUsage, waitForQuietMachine } from './machine.js';
import { writeResults } from './results-file.js';

// `npm run bench:board`: a board of 1,000,000 open jobs (bulk-loaded in SQL), read through the
// gateway: lists with filters and sorts, the deepest allowed offset, applicant sorts and keyword
// search. Reports p50/p95/p99 per request against the 50 ms p95 budget. A measurement: budgets are
// reported, never enforced; the exit code is non-zero only when a request failed.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'board.json');

const JOBS = Number(process.env.BOARD_JOBS ?? 1_000_000);
const POSTERS = 1000;
const CONNECTIONS = Number(process.env.BOARD_CONNECTIONS ?? 4);
const WARMUP_MS = 1500;
const MEASURE_MS = Number(process.env.BOARD_MEASURE_MS ?? 8000);
const BUDGET_P95_MS = 30;

interface Scenario {
  name: string;
  path: string;
}
interface Measured {
  name: string;
  path: string;
  requests: number;
  failures: number;
  perSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  total?: number;
  returned?: number;
  /** Share of the machine's CPU that processes outside this benchmark took during the run. */
  otherCpu?: number | null;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Closed loop: CONNECTIONS clients each send the next request when the last one answered. */
async function measure(baseUrl: string, s: Scenario): Promise<Measured> {
  const url = `${baseUrl}${s.path}`;
  const first = await fetch(url);
  const body = (await first.json()) as { jobs?: unknown[]; total?: number };
  if (first.status !== 200) throw new Error(`${s.path} answered ${first.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const run = async (ms: number, latencies: number[] | null) => {
    let failures = 0;
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          const t = performance.now();
          const res = await fetch(url).catch(() => null);
          if (res) await res.arrayBuffer();
          const took = performance.now() - t;
          if (!res || res.status !== 200) failures++;
          latencies?.push(took);
        }
      }),
    );
    return failures;
  };
  await run(WARMUP_MS, null);
  const latencies: number[] = [];
  const began = Date.now();
  const failures = await run(MEASURE_MS, latencies);
  const seconds = (Date.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: s.name,
    path: s.path,
    requests: latencies.length,
    failures,
    perSec: round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0),
    ...(body.total !== undefined ? { total: body.total } : {}),
    returned: body.jobs?.length ?? 0,
  };
}

let infra: Infrastructure | undefined;
let system: System | undefined;

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  infra = await startInfrastructure({ dataDir: await mkdtemp(join(tmpdir(), 'marketplace-board-')), ephemeral: true, log: () => undefined });
  // Every search here comes from one IP; the per-caller limit is measured by the e2e suite, not here.
  system = await startServices({ infra, rootDir, layout: BENCH_LAYOUT, env: { LOG_LEVEL: 'warn', SEARCHES_PER_MINUTE: '100000000' } });

  say(`Seeding ${JOBS.toLocaleString('en-US')} open jobs by ${POSTERS} posters in SQL (generate_series)…`);
  const seed = await seedBoard(infra.databaseUrl, JOBS, POSTERS);
  say(`  ${seed.openJobs.toLocaleString('en-US')} open jobs in ${(seed.ms / 1000).toFixed(1)} s (insert, search vectors, VACUUM ANALYZE)`);

  const client = new pg.Client({ connectionString: infra.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `SELECT poster_id::text AS id FROM jobs.jobs WHERE poster_visibility = 'public' GROUP BY poster_id ORDER BY count(*) DESC LIMIT 2`,
  );
  await client.end();
  const posters = rows.map((r) => r.id);
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

  const scenarios: Scenario[] = [
    { name: 'list newest', path: '/api/jobs?limit=20' },
    { name: 'list limit 100', path: '/api/jobs' },
    { name: 'list category', path: '/api/jobs?category=design&limit=20' },
    { name: 'list two categories + posted_after', path: `/api/jobs?category=data&category=legal&posted_after=${threeDaysAgo}&limit=20` },
    { name: 'list poster_id (2 posters)', path: `/api/jobs?poster_id=${posters[0]}&poster_id=${posters[1]}&limit=20` },
    { name: 'list deepest offset', path: '/api/jobs?offset=10000&limit=20' },
    { name: 'list category deepest offset', path: '/api/jobs?category=writing&offset=10000&limit=20' },
    { name: 'list applicants_desc', path: '/api/jobs?sort=applicants_desc&limit=20' },
    { name: 'list applicants_asc category', path: '/api/jobs?sort=applicants_asc&category=research&limit=20' },
    { name: 'search one word', path: '/api/jobs/search?q=kubernetes' },
    { name: 'search two words', path: '/api/jobs/search?q=python%20dashboard' },
    { name: 'search phrase newest', path: '/api/jobs/search?q=%22postgres%20migration%22%20newest' },
    { name: 'search with budget words', path: '/api/jobs/search?q=logo%20design%20under%20%24500' },
    { name: 'search no words (filter)', path: '/api/jobs/search?limit=20' },
  ];

  const results: Measured[] = [];
  for (const s of scenarios) {
    // Other processes on a shared machine inflate latencies; wait (briefly) for quiet, and report their share.
    await waitForQuietMachine(0.15, 10_000);
    const before = await cpuSnapshot();
    const m = await measure(system.baseUrl, s);
    const usage = cpuUsage(before, await cpuSnapshot());
    m.otherCpu = usage ? Math.round(usage.others * 100) / 100 : null;
    results.push(m);
    say(
      `  ${s.name.padEnd(38)} p50 ${String(m.p50).padStart(6)} ms  p95 ${String(m.p95).padStart(6)} ms  p99 ${String(m.p99).padStart(6)} ms  ${String(m.perSec).padStart(7)} req/s  other CPU ${m.otherCpu === null || m.otherCpu === undefined ? 'n/a' : `${Math.round(m.otherCpu * 100)}%`}${m.failures ? `  FAILED ${m.failures}` : ''}`,
    );
  }

  const over = results.filter((r) => r.p95 >= BUDGET_P95_MS);
  say('');
  say(`Through the gateway, ${CONNECTIONS} concurrent clients, ${MEASURE_MS / 1000} s per request after ${WARMUP_MS / 1000} s warm-up.`);
  say(
    over.length ? `Over the ${BUDGET_P95_MS} ms p95 budget: ${over.map((r) => r.name).join(', ')}` : `Every request under the ${BUDGET_P95_MS} ms p95 budget.`,
  );

  await writeResults(resultsFile, 'board', {
    settings: { jobs: JOBS, posters: POSTERS, connections: CONNECTIONS, warmupMs: WARMUP_MS, measureMs: MEASURE_MS, budgetP95Ms: BUDGET_P95_MS },
    seed,
    results,
  });
  say(`Results: ${resultsFile}`);
  return results.some((r) => r.failures > 0) ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await system?.stopAll().catch(() => undefined);
  await infra?.stop().catch(() => undefined);
}
process.exit(code);
