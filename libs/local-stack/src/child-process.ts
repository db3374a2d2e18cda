import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

import { OrphanWatcher, type StopStage } from './orphan-watcher.js';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  error?: Error;
}

export interface TrackedProcess {
  child: ChildProcess;
  /** Settles once, when the process has exited or failed to start; never rejects. */
  exit: Promise<ExitInfo>;
  hasExited(): boolean;
  /** Signals go to the child's whole process group (it was spawned detached). */
  group: boolean;
}

/**
 * Wraps a freshly spawned child so its end is one promise. `group` is for
 * children spawned detached: signalling the whole group also reaches anything
 * the child started itself.
 */
export function track(child: ChildProcess, opts: { group?: boolean } = {}): TrackedProcess {
  let done = false;
  const exit = new Promise<ExitInfo>((resolve) => {
    // Without a listener an 'error' event would crash the parent.
    child.on('error', (error) => {
      if (child.pid === undefined && !done) {
        done = true;
        resolve({ code: null, signal: null, error });
      }
    });
    if (child.exitCode !== null || child.signalCode !== null) {
      done = true;
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => {
      // Output written just before exiting may still be in the pipes, and the
      // last lines are what explain a crash: wait for them, but not forever
      // (a grandchild could hold the pipes open).
      const finish = () => {
        clearTimeout(timer);
        if (done) return;
        done = true;
        resolve({ code, signal });
      };
      const timer = setTimeout(finish, 1000);
      child.once('close', finish);
    });
  });
  return { child, exit, hasExited: () => done, group: opts.group ?? false };
}

export function describeExit(info: ExitInfo): string {
  if (info.error) return `could not be started (${info.error.message})`;
  if (info.signal) return `was killed by ${info.signal}`;
  return `exited with code ${info.code}`;
}

/** Calls onLine for every line the child writes to stdout or stderr. */
export function forwardLines(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function sendSignal(proc: TrackedProcess, signal: NodeJS.Signals): void {
  const pid = proc.child.pid;
  if (pid === undefined || proc.hasExited()) return;
  try {
    process.kill(proc.group ? -pid : pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** SIGTERM, then SIGKILL if the process is still there after graceMs. */
export async function terminate(proc: TrackedProcess, graceMs = 5000): Promise<void> {
  if (proc.hasExited()) return;
  sendSignal(proc, 'SIGTERM');
  if (await settlesWithin(proc.exit, graceMs)) return;
  sendSignal(proc, 'SIGKILL');
  await proc.exit;
}

/** True if the promise settled within ms; the timer never outlives the wait. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// A parent that exits without stopping its children (an uncaught exception,
// process.exit in a test runner) would leave them running and holding ports.
// 'exit' listeners must be synchronous, so the most we can do is signal them.
// A parent that is killed runs no listener at all: the orphan watcher, a
// process of its own holding a pipe from this one, stops them then.
const orphanGuards = new Map<TrackedProcess, NodeJS.Signals>();
let exitListenerInstalled = false;
let watcher: OrphanWatcher | undefined;

/**
 * `proc` ends when this process ends, however it ends: with `signal` from this process's exit
 * handler, or from the orphan watcher (SIGKILL after its grace period) when this process was
 * killed. `stage` places it in the watcher's stopping order: the apps before the servers they use.
 */
export function terminateOnParentExit(proc: TrackedProcess, signal: NodeJS.Signals = 'SIGTERM', stage: StopStage = 'apps'): void {
  orphanGuards.set(proc, signal);
  const pid = proc.child.pid;
  if (pid !== undefined && !proc.hasExited() && process.platform !== 'win32') {
    watcher ??= new OrphanWatcher();
    const watching = watcher;
    watching.watch({ pid, signal, group: proc.group, stage });
    void proc.exit.then(() => watching.forget(pid));
  }
  void proc.exit.then(() => orphanGuards.delete(proc));
  if (exitListenerInstalled) return;
  exitListenerInstalled = true;
  process.once('exit', () => {
    for (const [guarded, guardSignal] of orphanGuards) {
      try {
        sendSignal(guarded, guardSignal);
      } catch {
        // Nothing more can be done while the process exits.
      }
    }
  });
}

/**
 * Calls `onOrphaned` once this process's parent has exited (checked every `everyMs`): what started
 * it is gone, and nothing else will stop it. A launcher run as `npm start` ends with npm, even when
 * npm itself is killed and cannot pass a signal on. A process whose parent is init from the start
 * (a container's first process) is never called.
 */
export function whenOrphaned(onOrphaned: () => void, everyMs = 1000): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
