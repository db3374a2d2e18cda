import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import { round } from './load.js';

/** How often each process's RSS is sampled. */
export const SAMPLE_MS = 100;
const MIB = 1024 * 1024;

export const mib = (bytes: number) => round(bytes / MIB, 1);

/** Resident set size in bytes (Linux /proc; `ps` elsewhere), undefined once the process is gone. */
export async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    const { execFile } = await import('node:child_process');
    return new Promise((done) =>
      execFile('ps', ['-o', 'rss=', '-p', String(pid)], (err, out) => {
        const kb = Number(out.trim());
        done(err || !kb ? undefined : kb * 1024);
      }),
    );
  }
}

export interface RssSeries {
  pid: number;
  samples: number[];
}

/** Samples every process's RSS until stopped. */
export function sampleRss(pids: Record<string, number>): { stop(): Promise<Record<string, RssSeries>> } {
  const series: Record<string, RssSeries> = Object.fromEntries(Object.entries(pids).map(([app, pid]) => [app, { pid, samples: [] }]));
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(
        Object.values(series).map(async (s) => {
          const rss = await rssOf(s.pid);
          if (rss !== undefined) s.samples.push(rss);
        }),
      );
      await sleep(SAMPLE_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return series;
    },
  };
}

export type RssSummary = ReturnType<typeof summarise>;

export function summarise(series: RssSeries) {
  const s = series.samples;
  if (!s.length) return { pid: series.pid, samples: 0, minMiB: null, maxMiB: null, firstMiB: null, lastMiB: null, growthMiB: null, traceMiB: [] };
  return {
    pid: series.pid,
    samples: s.length,
    minMiB: mib(Math.min(...s)),
    maxMiB: mib(Math.max(...s)),
    firstMiB: mib(s[0]!),
    lastMiB: mib(s[s.length - 1]!),
    growthMiB: mib(Math.max(...s) - Math.min(...s)),
    // Eleven evenly spaced samples, first to last: a plateau is flat, a leak climbs to the end.
    traceMiB: Array.from({ length: 11 }, (_, i) => mib(s[Math.round((i * (s.length - 1)) / 10)]!)),
  };
}

/** Every series summarised, by process name. */
export function summariseAll(series: Record<string, RssSeries>): Record<string, RssSummary> {
  return Object.fromEntries(Object.entries(series).map(([app, s]) => [app, summarise(s)]));
}
