import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { cpuSnapshot, type CpuUsage, cpuUsage } from './machine.js';
import { type Figure, figuresOf } from './report-figures.js';

// `npm run bench:all`: every benchmark, one after the other on the same machine, then one report
// (bench/results/report.md and report.json) with each figure, its budget, and the machine's noise
// beside it: the share of CPU that processes outside the benchmark took while it ran.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsDir = join(rootDir, 'bench', 'results');

/** In the order they run: the hop first, on the quietest machine. */
const BENCHMARKS = ['jobs-list', 'mcp', 'board', 'events', 'files', 'store-ops', 'capacity', 'footprint'] as const;

interface BenchRun {
  benchmark: string;
  exitCode: number;
  seconds: number;
  /** CPU shares over the whole run: the machine, the benchmark's process tree, everything else. */
  cpu: CpuUsage | null;
  figures: Figure[];
  error?: string;
}

function run(script: string): Promise<number> {
  return new Promise((resolveExit) => {
    // The footprint is measured as npm run footprint runs it (a smaller young generation, as npm start uses).
    const flags = script.endsWith('footprint.bench.js') ? ['--max-semi-space-size=4'] : [];
    const child = spawn(process.execPath, [...flags, script], { stdio: 'inherit', env: process.env, cwd: rootDir });
    child.on('exit', (code, signal) => resolveExit(code ?? (signal ? 128 : 1)));
  });
}

async function runOne(name: string): Promise<BenchRun | null> {
  const script = join(rootDir, 'bench', 'dist', `${name}.bench.js`);
  if (!existsSync(script)) return null;
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const before = await cpuSnapshot();
  const exitCode = await run(script);
  const cpu = cpuUsage(before, await cpuSnapshot());
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  try {
    const results = JSON.parse(await readFile(join(resultsDir, `${name}.json`), 'utf8')) as unknown;
    const finishedAt = Date.parse((results as { finishedAt?: string }).finishedAt ?? '');
    // A results file older than this run is a previous run's: report the failure, not stale figures.
    if (!(finishedAt >= started)) throw new Error('the benchmark wrote no results in this run');
    return { benchmark: name, exitCode, seconds, cpu, figures: figuresOf(name, results) };
  } catch (error) {
    return { benchmark: name, exitCode, seconds, cpu, figures: [], error: error instanceof Error ? error.message : String(error) };
  }
}

const pct = (share: number | null | undefined) => (share === null || share === undefined ? 'n/a' : `${Math.round(share * 100)}%`);

function markdown(runs: BenchRun[], machine: Record<string, unknown>): string {
  const lines = [
    '# Benchmark report',
    '',
    `Run ${new Date().toISOString()} on ${String(machine.cpus)} CPUs (${String(machine.cpuModel)}), Node ${String(machine.node)}.`,
    "Noise is the share of the machine's CPU that other processes took while the benchmark (or that figure's run) was measured; above 10% the figure is not trustworthy.",
    '',
    '| Benchmark | Figure | Value | Budget | Met | Noise |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of runs) {
    if (r.error || r.figures.length === 0) {
      lines.push(`| ${r.benchmark} | (no figures: ${r.error ?? 'none reported'}; exit ${r.exitCode}) | | | | ${pct(r.cpu?.others)} |`);
      continue;
    }
    for (const f of r.figures) {
      const met = f.met === null ? '' : f.met ? 'yes' : '**no**';
      lines.push(`| ${r.benchmark} | ${f.name} | ${f.value} ${f.unit} | ${f.budget ?? ''} | ${met} | ${pct(f.noise ?? r.cpu?.others)} |`);
    }
  }
  lines.push('', '| Benchmark | Seconds | Exit | Machine busy | Benchmark | Others |', '|---|---|---|---|---|---|');
  for (const r of runs)
    lines.push(`| ${r.benchmark} | ${r.seconds} | ${r.exitCode} | ${pct(r.cpu?.machineBusy)} | ${pct(r.cpu?.ours)} | ${pct(r.cpu?.others)} |`);
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const runs: BenchRun[] = [];
  for (const name of BENCHMARKS) {
    if (only.length && !only.includes(name)) continue;
    const result = await runOne(name);
    if (result) runs.push(result);
  }
  const machine = { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version };
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, 'report.json'), `${JSON.stringify({ finishedAt: new Date().toISOString(), machine, runs }, null, 2)}\n`);
  const md = markdown(runs, machine);
  await writeFile(join(resultsDir, 'report.md'), md);
  process.stdout.write(`\n${md}\nReport: ${join(resultsDir, 'report.md')} and report.json\n`);
  return runs.some((r) => r.exitCode !== 0 || r.error) ? 1 : 0;
}

process.exitCode = await main();
