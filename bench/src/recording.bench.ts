import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { nodeFlagsFor, serviceProcessEnv } from '@marketplace/local-stack';
import { makeScreenRecording, type ScreenRecordingSpec } from '@marketplace/testing';

import { ffmpegPath } from '../../apps/drafts/dist/recordings/screen-check/ffmpeg-process.js';
import { cpuSnapshot, cpuUsage } from './machine.js';

// `npm run bench:recording`: how long the walkthrough check (decode, OCR of changed frames,
// detectors; no model) takes per minute of video, and the checking process's peak RSS, for a
// mostly still screen and for one that changes every second, 10 minutes each at 1080p. Each check
// runs in a process of its own, as the drafts worker would; a timer in that process measures how
// late its event loop runs (what other queues' work would wait). The baseline in the same run is
// ffmpeg alone decoding the same file, before and after; beside each check, the share of the
// machine's CPU other processes took while it ran (the house's noise measure, bench/src/machine.ts).
// RECORDING_BENCH_SECONDS shortens the recordings for a quick look.

const run = promisify(execFile);
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'recording.json');
const SECONDS = Number(process.env.RECORDING_BENCH_SECONDS) || 600;
const MIB = 1024 * 1024;
const BUDGET_SECONDS = 300 * (SECONDS / 600);
const BUDGET_RSS_MIB = 300;

interface CheckFigures {
  rssBeforeMib: number;
  seconds: number;
  framesSeen: number;
  framesRead: number;
  findings: number;
  peakRssMib: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

async function decodeSeconds(file: string): Promise<number> {
  const started = performance.now();
  await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-threads', '1', '-i', file, '-vf', 'fps=2,format=gray', '-f', 'null', '-']);
  return (performance.now() - started) / 1000;
}

/**
 * The check in a child process started as the drafts worker is (its Node flags and malloc
 * settings), its peak RSS read from /proc as it runs (VmHWM).
 */
async function check(file: string): Promise<CheckFigures> {
  const child = spawn(process.execPath, [...nodeFlagsFor('drafts'), join(rootDir, 'bench', 'dist', 'recording-check-child.js'), file, String(SECONDS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...serviceProcessEnv(rootDir, {}) },
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    out += d;
  });
  let peak = 0;
  const poll = setInterval(() => {
    void readFile(`/proc/${child.pid}/status`, 'utf8')
      .then((s) => {
        peak = Math.max(peak, Number(/^VmHWM:\s+(\d+) kB/m.exec(s)?.[1] ?? 0) * 1024);
      })
      .catch(() => undefined);
  }, 200);
  const code = await new Promise<number | null>((r) => child.on('close', r));
  clearInterval(poll);
  if (code !== 0) throw new Error(`the check process ended with ${String(code)}`);
  const figures = JSON.parse(out.trim().split('\n').at(-1)!) as Omit<CheckFigures, 'peakRssMib' | 'rssBeforeMib'> & { peakRss: number; rssBefore: number };
  return { ...figures, rssBeforeMib: figures.rssBefore / MIB, peakRssMib: Math.max(peak, figures.peakRss) / MIB };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'recording-bench-'));
  const rows: Record<string, unknown>[] = [];
  try {
    const kinds: Record<string, ScreenRecordingSpec> = {
      still: {
        seconds: SECONDS,
        width: 1920,
        height: 1080,
        fps: 15,
        lines: [
          { text: '$ tail -f /var/log/export.log' },
          { text: 'export: 41,200 rows written' },
          { text: 'aws_secret = AKIAIOSFODNN7EXAMPLE', from: SECONDS / 2, to: SECONDS / 2 + 4 },
          { text: 'export: timed out after 30s', from: Math.round(SECONDS * 0.9) },
        ],
      },
      busy: { seconds: SECONDS, width: 1920, height: 1080, fps: 15, busy: true, lines: [{ text: '$ watch -n1 ./export-status' }, { text: 'rows: counting' }] },
    };
    for (const [name, spec] of Object.entries(kinds)) {
      process.stdout.write(`making the ${name} recording (${SECONDS} s at 1080p)…\n`);
      const file = join(dir, `${name}.webm`);
      await writeFile(file, await makeScreenRecording(spec));
      const base1 = await decodeSeconds(file);
      const before = await cpuSnapshot();
      const figures = await check(file);
      const usage = cpuUsage(before, await cpuSnapshot());
      const base2 = await decodeSeconds(file);
      const minutes = SECONDS / 60;
      const row = {
        recording: name,
        videoSeconds: SECONDS,
        checkSeconds: round(figures.seconds),
        checkSecondsPerVideoMinute: round(figures.seconds / minutes),
        decodeOnlySeconds: [round(base1), round(base2)],
        ratioToDecode: round(figures.seconds / ((base1 + base2) / 2)),
        noise: usage
          ? `${Math.round(usage.others * 100)}% of the CPU taken by others during the check; decode runs ${round((Math.abs(base1 - base2) / Math.min(base1, base2)) * 100)}% apart`
          : 'not measured',
        framesSeen: figures.framesSeen,
        framesRead: figures.framesRead,
        findings: figures.findings,
        peakRssMib: round(figures.peakRssMib),
        rssBeforeCheckMib: round(figures.rssBeforeMib),
        checkGrowthMib: round(figures.peakRssMib - figures.rssBeforeMib),
        loopDelayP99Ms: round(figures.loopDelayP99Ms),
        loopDelayMaxMs: round(figures.loopDelayMaxMs),
        withinBudget: figures.seconds <= BUDGET_SECONDS && figures.peakRssMib <= BUDGET_RSS_MIB,
      };
      rows.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dirname(resultsFile), { recursive: true });
  await writeFile(
    resultsFile,
    JSON.stringify({ at: new Date().toISOString(), budget: { checkSeconds: BUDGET_SECONDS, peakRssMib: BUDGET_RSS_MIB }, rows }, null, 2),
  );
  process.stdout.write(
    `\n| recording | check (s) | s per video minute | decode alone (s) | ratio | frames read / seen | peak RSS (MiB) | of which the check (MiB) | loop delay p99 / max (ms) |\n|---|---|---|---|---|---|---|---|---|\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `| ${String(r.recording)} | ${String(r.checkSeconds)} | ${String(r.checkSecondsPerVideoMinute)} | ${(r.decodeOnlySeconds as number[]).join(', ')} (${String(r.noise)}) | ${String(r.ratioToDecode)} | ${String(r.framesRead)} / ${String(r.framesSeen)} | ${String(r.peakRssMib)} | ${String(r.checkGrowthMib)} | ${String(r.loopDelayP99Ms)} / ${String(r.loopDelayMaxMs)} |\n`,
    );
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

await main();
