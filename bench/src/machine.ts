import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How busy the machine is, and how much of that is this benchmark (this process, its worker
 * thread and every process it started: services, PostgreSQL, NATS). On a shared 2-core machine a
 * build or test run elsewhere skews a run; these numbers say by how much. Linux only (/proc);
 * elsewhere every figure is null.
 */
export interface CpuSnapshot {
  /** Jiffies across all CPUs: busy, and busy plus idle. */
  busy: number;
  total: number;
  /** Jiffies used so far by each process of this process tree, its ended and reaped children's included. */
  ours: Map<number, number>;
  /** Each of those processes' parent. */
  parents: Map<number, number>;
}

export interface CpuUsage {
  /** Share of the machine's CPU time in use (0..1). */
  machineBusy: number;
  /** Share used by this benchmark's process tree. */
  ours: number;
  /** Share used by everything else on the machine: noise. */
  others: number;
}

async function readProcStat(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is counted in user)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

interface ProcInfo {
  ppid: number;
  jiffies: number;
}

async function readProcesses(): Promise<Map<number, ProcInfo>> {
  const procs = new Map<number, ProcInfo>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is state (field 3); ppid is field 4, utime 14, stime 15, and cutime 16, cstime 17: the
      // time of children that ended and were waited for (a benchmark run as a child, its services).
      procs.set(Number(entry), {
        ppid: Number(fields[1]),
        jiffies: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // Gone since readdir.
    }
  }
  return procs;
}

function tree(procs: Map<number, ProcInfo>, root: number): Pick<CpuSnapshot, 'ours' | 'parents'> {
  const children = new Map<number, number[]>();
  for (const [pid, info] of procs) {
    const list = children.get(info.ppid);
    if (list) list.push(pid);
    else children.set(info.ppid, [pid]);
  }
  const ours = new Map<number, number>();
  const parents = new Map<number, number>();
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    const info = procs.get(pid);
    if (info) {
      ours.set(pid, info.jiffies);
      parents.set(pid, info.ppid);
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { ours, parents };
}

export async function cpuSnapshot(): Promise<CpuSnapshot | null> {
  if (process.platform !== 'linux') return null;
  try {
    const [machine, procs] = await Promise.all([readProcStat(), readProcesses()]);
    return { ...machine, ...tree(procs, process.pid) };
  } catch {
    return null;
  }
}

/**
 * Each process's jiffies between two snapshots: one that started in between counts in full. One
 * that ended in between (a database connection the pool let go) took its whole life's time into
 * its parent's count when reaped; what it had used before the first snapshot comes off again, under
 * `gone` by its parent's pid. Only its last moments before it ended are missed.
 */
export function jiffiesBetween(before: CpuSnapshot, after: CpuSnapshot): { used: Map<number, number>; gone: Map<number, number> } {
  const used = new Map<number, number>();
  for (const [pid, jiffies] of after.ours) used.set(pid, jiffies - (before.ours.get(pid) ?? 0));
  const gone = new Map<number, number>();
  for (const [pid, jiffies] of before.ours) {
    const parent = before.parents.get(pid);
    if (after.ours.has(pid) || parent === undefined) continue;
    gone.set(parent, (gone.get(parent) ?? 0) + jiffies);
  }
  return { used, gone };
}

/** Usage between two snapshots (jiffiesBetween summed). */
export function cpuUsage(before: CpuSnapshot | null, after: CpuSnapshot | null): CpuUsage | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  if (total <= 0) return null;
  const busy = after.busy - before.busy;
  const { used, gone } = jiffiesBetween(before, after);
  let oursJiffies = 0;
  for (const jiffies of used.values()) oursJiffies += jiffies;
  for (const jiffies of gone.values()) oursJiffies -= jiffies;
  const ours = Math.max(0, Math.min(busy, oursJiffies));
  return { machineBusy: busy / total, ours: ours / total, others: (busy - ours) / total };
}

/**
 * Waits (up to maxWaitMs) for a second in which other processes use less than `threshold` of
 * the machine, so a run does not start in the middle of someone's build. Returns the last sample.
 */
export async function waitForQuietMachine(threshold: number, maxWaitMs: number, of: 'others' | 'machineBusy' = 'others'): Promise<CpuUsage | null> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const before = await cpuSnapshot();
    await sleep(1000);
    const usage = cpuUsage(before, await cpuSnapshot());
    if (!usage || usage[of] < threshold || Date.now() >= deadline) return usage;
  }
}
