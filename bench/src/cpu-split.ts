import { readFile } from 'node:fs/promises';

import { type CpuSnapshot, cpuSnapshot, type CpuUsage, cpuUsage, jiffiesBetween } from './machine.js';

/** Linux counts process CPU time in these ticks (USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

export interface CpuSplit {
  /** CPU seconds each part of the benchmark's process tree used in the phase, largest first. */
  seconds: Record<string, number>;
  usage: CpuUsage | null;
}

/** The name this benchmark's own process (the load generator and what it hosts) is counted under. */
export const LOAD_GENERATOR = 'launcher';

/**
 * Where a phase's CPU went inside the benchmark's own process tree: the named processes (the
 * services), this process (the client and whatever it hosts, such as the embedded store), and
 * the rest grouped by command name (postgres, nats-server). On a shared machine CPU seconds say
 * more than wall time, which other processes stretch.
 */
export class CpuPhase {
  private constructor(
    private readonly named: Record<string, number>,
    private readonly before: CpuSnapshot | null,
  ) {}

  static async start(named: Record<string, number> = {}): Promise<CpuPhase> {
    return new CpuPhase(named, await cpuSnapshot());
  }

  async stop(): Promise<CpuSplit> {
    const after = await cpuSnapshot();
    const usage = cpuUsage(this.before, after);
    const byPid = new Map(Object.entries(this.named).map(([name, pid]) => [pid, name]));
    byPid.set(process.pid, LOAD_GENERATOR);
    const jiffiesByName: Record<string, number> = {};
    const add = async (pid: number, jiffies: number) => {
      const name = byPid.get(pid) ?? (await nameOf(pid));
      jiffiesByName[name] = (jiffiesByName[name] ?? 0) + jiffies;
    };
    if (this.before && after) {
      const { used, gone } = jiffiesBetween(this.before, after);
      for (const [pid, jiffies] of used) if (jiffies !== 0) await add(pid, jiffies);
      // A reaped child's earlier time comes off its parent (PostgreSQL's postmaster for a backend).
      for (const [parent, jiffies] of gone) if (after.ours.has(parent)) await add(parent, -jiffies);
    }
    const seconds: Record<string, number> = {};
    for (const [name, jiffies] of Object.entries(jiffiesByName)) if (jiffies > 0) seconds[name] = jiffies / TICKS_PER_SECOND;
    return { seconds: Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a)), usage };
  }
}

/** An app's process by its entry and role (`jobs`, `files-worker`), anything else by its command name. */
async function nameOf(pid: number): Promise<string> {
  try {
    const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const app = argv.map((a) => /apps\/([a-z-]+)\/dist\/main(?:\.bundle)?\.js$/.exec(a)?.[1]).find(Boolean);
    if (app) {
      const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
      return environ.split('\0').includes('ROLE=worker') ? `${app}-worker` : app;
    }
    return (await readFile(`/proc/${pid}/comm`, 'utf8')).trim() || 'other';
  } catch {
    return 'other';
  }
}

/** Several phases as one: CPU seconds summed per process, the machine's shares averaged. */
export function sumSplits(splits: readonly CpuSplit[]): CpuSplit {
  const seconds: Record<string, number> = {};
  for (const split of splits) for (const [name, s] of Object.entries(split.seconds)) seconds[name] = (seconds[name] ?? 0) + s;
  const usages = splits.map((s) => s.usage).filter((u): u is CpuUsage => u !== null);
  const mean = (pick: (u: CpuUsage) => number) => usages.reduce((n, u) => n + pick(u), 0) / usages.length;
  return {
    seconds: Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a)),
    usage: usages.length ? { machineBusy: mean((u) => u.machineBusy), ours: mean((u) => u.ours), others: mean((u) => u.others) } : null,
  };
}

/** CPU seconds per request of the processes `counted` keeps (every one when omitted). */
export function cpuPerRequest(split: CpuSplit, requests: number, counted: (name: string) => boolean = () => true): number {
  const seconds = Object.entries(split.seconds).reduce((n, [name, s]) => (counted(name) ? n + s : n), 0);
  return seconds / Math.max(requests, 1);
}

/** "gateway 1.23 s, files 0.40 s, …; others on the machine 12%". */
export function describeSplit(split: CpuSplit): string {
  const parts = Object.entries(split.seconds)
    .filter(([, s]) => s >= 0.01)
    .map(([name, s]) => `${name} ${s.toFixed(2)} s`);
  const others = split.usage ? `${Math.round(split.usage.others * 100)}%` : 'n/a';
  return `${parts.join(', ')}; other processes on the machine: ${others} of its CPU`;
}

/** `2.12 ms total: postgres 0.88 · gateway 0.30 · …`: what one request cost each part, in CPU milliseconds. */
export function perRequestLine(split: CpuSplit, requests: number): string {
  const parts = Object.entries(split.seconds);
  if (!requests || parts.length === 0) return 'n/a';
  const ms = (s: number) => ((s * 1000) / requests).toFixed(2);
  const total = parts.reduce((n, [, s]) => n + s, 0);
  return `${ms(total)} ms total: ${parts.map(([name, s]) => `${name} ${ms(s)}`).join(' · ')}`;
}
