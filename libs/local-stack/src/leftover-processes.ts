import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

import { isAlive } from './child-process.js';
import { startTimeOf } from './process-start-time.js';

export type LeftoverOutcome = 'gone' | 'unrelated' | 'unknown';

/**
 * A launcher killed with SIGKILL cannot stop its servers, and they keep the
 * data directory locked. Once we hold the data-directory lock, a server still
 * running on that directory can only be such a leftover, so it is stopped.
 * `marker` (the data directory) must appear in the process's command line:
 * after a reboot the recorded pid may belong to an unrelated process.
 *
 * Returns 'gone' when nothing of it runs any more, 'unrelated' when the pid is
 * some other process, 'unknown' when the command line cannot be read.
 */
export async function stopLeftover(opts: {
  pid: number;
  marker: string;
  signal: NodeJS.Signals;
  what: string;
  log: (line: string) => void;
  /** When it was recorded with its start time (process-start-time.ts), a process started at another time is not it. */
  startTime?: string;
  /** It leads a process group of its own (spawned detached): the group is signalled. */
  group?: boolean;
}): Promise<LeftoverOutcome> {
  if (!(await isRunning(opts.pid))) return 'gone';
  const command = await commandLine(opts.pid);
  if (command === undefined) return 'unknown';
  if (!command.includes(opts.marker)) return 'unrelated';
  const startTime = opts.startTime === undefined ? undefined : startTimeOf(opts.pid);
  if (startTime !== undefined && startTime !== opts.startTime) return 'unrelated';

  opts.log(`stopping ${opts.what} (pid ${opts.pid}) left running by a marketplace that was killed`);
  const target = opts.group ? -opts.pid : opts.pid;
  signal(target, opts.signal);
  // A stopped process would hold the signal until continued.
  signal(target, 'SIGCONT');
  if (await exitsWithin(opts.pid, 20_000)) return 'gone';
  signal(target, 'SIGKILL');
  if (await exitsWithin(opts.pid, 5_000)) return 'gone';
  throw new Error(`${opts.what} (pid ${opts.pid}) left running by a marketplace that was killed does not stop`);
}

async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await isRunning(pid))) return true;
    await sleep(100);
  }
  return false;
}

// A zombie still answers kill(pid, 0); where nothing reaps orphans (a
// container without an init) an exited server stays one forever.
async function isRunning(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  const state = stat?.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z';
}

async function commandLine(pid: number): Promise<string | undefined> {
  const fromProc = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (fromProc !== undefined) return fromProc.replaceAll('\0', ' ');
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'command=', '-p', String(pid)]);
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The pid on the first line of a pid file (postmaster.pid, nats-server -P), if any. */
export async function readPidFile(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  const pid = Number.parseInt(text?.split('\n')[0]?.trim() ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
