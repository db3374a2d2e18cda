import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, type ProcessLayout, processLayout, startInfrastructure, startServices, type System } from '@marketplace/local-stack';
import { startIdleMemoryReducer } from '@marketplace/service-kit/idle-memory';

// `npm run footprint [-- per-service|one-process]`: starts the whole system on embedded defaults in
// a layout (MARKETPLACE_PROCESSES when no argument; both in turn when neither), waits until it is ready and has settled, and
// prints the memory of every process: this one (it holds object storage and the mail catcher, as npm
// start's launcher does), the services' process or processes, PostgreSQL and NATS. RSS counts pages shared between
// processes (PostgreSQL's shared buffers, a forked backend's code) once per process; PSS divides
// them among the sharers, so its total is what the system really takes. A measurement, not a test.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Long enough for start-up garbage to be collected and for the pools to drop the connections
// start-up used: every periodic task's first tick falls somewhere in the first 30 s after start
// (PeriodicRunner's first delay), holds two connections, and the pool closes them after 10 s
// idle. At 30 s the sample caught that burst: 21 PostgreSQL processes, 663 MiB RSS, against 15
// and 537 MiB at 60 s and 544 at 120 s (one-process, 2026-11-27).
const SETTLE_MS = Number(process.env.FOOTPRINT_SETTLE_MS) || 60_000;
const MIB = 1024 * 1024;
const resultsFile = join(rootDir, 'bench', 'results', 'footprint.json');
/** The whole embedded system idle, PostgreSQL and NATS included. */
const BUDGET_TOTAL_MIB = 600;
/** Each service alone, in a process of its own: 100 MB. */
const BUDGET_SERVICE_MIB = 100e6 / MIB;

interface Sample {
  pid: number;
  ppid: number;
  command: string;
  rss: number;
  pss: number;
}

async function sampleOf(pid: number): Promise<Sample | undefined> {
  try {
    const [stat, status, rollup] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8'),
      readFile(`/proc/${pid}/status`, 'utf8'),
      readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
    ]);
    // The command may hold spaces and parentheses; the fields after its last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kib = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return {
      pid,
      ppid: Number(fields[1]),
      command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      rss: kib(status, 'VmRSS'),
      pss: kib(rollup, 'Pss'),
    };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

/** This process and everything it started, however deep. */
async function processTree(root: number): Promise<Sample[]> {
  const all = (await Promise.all((await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map((name) => sampleOf(Number(name))))).filter(
    (s): s is Sample => s !== undefined,
  );
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of all) {
      if (tree.has(s.pid) || !tree.has(s.ppid)) continue;
      tree.add(s.pid);
      grew = true;
    }
  }
  return all.filter((s) => tree.has(s.pid));
}

/** One row per service process, one for PostgreSQL (all its backends), one for NATS, one for this launcher. */
function rowsOf(samples: Sample[], system: System): { name: string; processes: number; rss: number; pss: number }[] {
  const owner = new Map<number, string>();
  for (const app of system.apps) {
    const pid = system.pid(app);
    if (pid === undefined) continue;
    owner.set(pid, system.layout === 'one-process' ? 'services (one process)' : app);
  }
  const rows = new Map<string, { name: string; processes: number; rss: number; pss: number }>();
  for (const s of samples) {
    const name = s.pid === process.pid ? 'launcher (object storage, mail)' : (owner.get(s.pid) ?? (s.command === 'postgres' ? 'postgresql' : s.command));
    const row = rows.get(name) ?? { name, processes: 0, rss: 0, pss: 0 };
    rows.set(name, { name, processes: row.processes + 1, rss: row.rss + s.rss, pss: row.pss + s.pss });
  }
  return [...rows.values()];
}

/** The layouts to measure: the one named (argument, then MARKETPLACE_PROCESSES), else both. */
function layoutsToMeasure(): ProcessLayout[] {
  const arg = process.argv[2];
  if (arg) return [processLayout({ MARKETPLACE_PROCESSES: arg })];
  if (process.env.MARKETPLACE_PROCESSES) return [processLayout(process.env)];
  return ['one-process', 'per-service'];
}

interface LayoutRun {
  layout: ProcessLayout;
  total: { rssMiB: number; pssMiB: number };
  processes: { name: string; count: number; rssMiB: number; pssMiB: number; service: boolean }[];
}

async function measure(layout: ProcessLayout): Promise<LayoutRun> {
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  try {
    const began = Date.now();
    infra = await startInfrastructure({ dataDir: await mkdtemp(join(tmpdir(), 'marketplace-footprint-')), ephemeral: true });
    system = await startServices({ infra, rootDir, layout, env: { LOG_LEVEL: 'warn' }, log: () => undefined });
    // As npm start's launcher does once the system is up.
    startIdleMemoryReducer(process.env);
    process.stdout.write(`${layout}: ready in ${((Date.now() - began) / 1000).toFixed(1)} s; settling for ${SETTLE_MS / 1000} s…\n`);
    await sleep(SETTLE_MS);
    const rows = rowsOf(await processTree(process.pid), system).sort((a, b) => b.rss - a.rss);
    const mib = (bytes: number) => (bytes / MIB).toFixed(0).padStart(6);
    const over = (row: { name: string; processes: number; rss: number }) =>
      layout === 'per-service' && system!.apps.includes(row.name) && row.rss / MIB >= BUDGET_SERVICE_MIB ? '  over 100 MB' : '';
    process.stdout.write(`\n${'process'.padEnd(34)} count  RSS MiB  PSS MiB\n`);
    for (const row of rows)
      process.stdout.write(`${row.name.padEnd(34)} ${String(row.processes).padStart(5)}  ${mib(row.rss)}   ${mib(row.pss)}${over(row)}\n`);
    const total = rows.reduce((sum, row) => ({ rss: sum.rss + row.rss, pss: sum.pss + row.pss }), { rss: 0, pss: 0 });
    process.stdout.write(`${'total'.padEnd(34)} ${String(rows.reduce((n, r) => n + r.processes, 0)).padStart(5)}  ${mib(total.rss)}   ${mib(total.pss)}\n\n`);
    const inMib = (bytes: number) => Math.round(bytes / MIB);
    const services = new Set(system.apps);
    return {
      layout,
      total: { rssMiB: inMib(total.rss), pssMiB: inMib(total.pss) },
      processes: rows.map((r) => ({ name: r.name, count: r.processes, rssMiB: inMib(r.rss), pssMiB: inMib(r.pss), service: services.has(r.name) })),
    };
  } finally {
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

/**
 * Each layout is measured in a process of its own: this process is the launcher (object storage, the
 * mail catcher), and what one layout left in its heap would count in the next one's figures.
 */
function measureInChild(layout: ProcessLayout, runFile: string): Promise<LayoutRun> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), layout], {
      stdio: 'inherit',
      env: { ...process.env, FOOTPRINT_RUN_FILE: runFile },
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`measuring ${layout} exited with ${code}`));
      readFile(runFile, 'utf8').then((text) => resolveRun(JSON.parse(text) as LayoutRun), reject);
    });
  });
}

async function main(): Promise<void> {
  const layouts = layoutsToMeasure();
  const runFile = process.env.FOOTPRINT_RUN_FILE;
  if (runFile) {
    // A child of the run below: one layout, handed back through the file.
    await writeFile(runFile, JSON.stringify(await measure(layouts[0]!)));
    return;
  }
  const runs: LayoutRun[] = [];
  if (layouts.length === 1) runs.push(await measure(layouts[0]!));
  else {
    const dir = await mkdtemp(join(tmpdir(), 'marketplace-footprint-runs-'));
    try {
      for (const layout of layouts) runs.push(await measureInChild(layout, join(dir, `${layout}.json`)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  await mkdir(dirname(resultsFile), { recursive: true });
  await writeFile(
    resultsFile,
    `${JSON.stringify(
      {
        benchmark: 'footprint',
        finishedAt: new Date().toISOString(),
        settleMs: SETTLE_MS,
        budget: { totalMiB: BUDGET_TOTAL_MIB, serviceMiB: Math.round(BUDGET_SERVICE_MIB * 10) / 10 },
        runs,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`Results: ${resultsFile}\n`);
}

await main();
