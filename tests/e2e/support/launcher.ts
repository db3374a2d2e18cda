import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

import type { ProcessLayout } from '@marketplace/local-stack';

// `npm start` as its user runs it: the launcher after its build, on a data directory of its own,
// with nothing of the test run's own system (its NATS, database, bus keys).

const LAUNCHER = resolve('deploy/dist/local/start.js');
const READY = /Marketplace is running at (http:\/\/\S+)/;

export interface Launcher {
  child: ChildProcess;
  output: string[];
  baseUrl: string;
  dataDir: string;
}

const started: Launcher[] = [];

/**
 * `underShell`: the launcher runs under a shell that stays its parent (as it would under npm
 * without `exec`), and `child` is that shell. `dataDir`: one a launcher ran on before (a fresh
 * one by default). `port`: the gateway's (any free one by default).
 */
export async function startLauncher(layout: ProcessLayout, opts: { underShell?: boolean; dataDir?: string; port?: number } = {}): Promise<Launcher> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'marketplace-heal-')));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MARKETPLACE_DATA_DIR: dataDir,
    PORT: String(opts.port ?? 0),
    MARKETPLACE_PROCESSES: layout,
    LOG_LEVEL: 'warn',
  };
  const child = opts.underShell
    ? // `; true` keeps the shell from replacing itself with the launcher.
      spawn('sh', ['-c', '"$0" --max-semi-space-size=4 "$1"; true', process.execPath, LAUNCHER], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--max-semi-space-size=4', LAUNCHER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const launcher: Launcher = { child, output: [], baseUrl: '', dataDir };
  started.push(launcher);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => launcher.output.push(line));
  }
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => {
      reject(new Error(`npm start ended (${code ?? signal}) before it was running:\n${launcher.output.join('\n')}`));
    }),
  );
  exited.catch(() => undefined);
  const ready = (async () => {
    for (;;) {
      const url = launcher.output.map((line) => READY.exec(line)?.[1]).find(Boolean);
      if (url) return url;
      await sleep(200);
    }
  })();
  launcher.baseUrl = await Promise.race([ready, exited]);
  return launcher;
}

/** Ctrl+C for every launcher this file started that still runs (the apps, then PostgreSQL and NATS); their data goes. */
export async function stopStartedLaunchers(): Promise<void> {
  const launchers = started.splice(0);
  for (const launcher of launchers) {
    if (launcher.child.exitCode === null && launcher.child.signalCode === null) {
      const exit = new Promise((done) => launcher.child.once('exit', done));
      launcher.child.kill('SIGINT');
      await Promise.race([exit, sleep(60_000)]);
    }
  }
  // Only once every launcher is stopped: a later one may run on an earlier one's data directory,
  // and its PostgreSQL writes there until it stops (rm then met a new WAL file: ENOTEMPTY).
  for (const dataDir of new Set(launchers.map((launcher) => launcher.dataDir))) await rm(dataDir, { recursive: true, force: true });
}

/** A process's /proc stat fields after its command (state, ppid, …); undefined once it is gone. */
export async function statOf(pid: number | string): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses; the fields after its last ')' are fixed.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

export async function commandOf(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' ').trim();
}

/** The launcher's child whose command line matches, if there is one. */
export async function childOf(parent: number, command: RegExp): Promise<number | undefined> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (Number((await statOf(name))?.[1]) !== parent) continue;
      const argv = (await readFile(`/proc/${name}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      if (argv.some((arg) => command.test(arg))) return Number(name);
    } catch {
      // Gone since the listing.
    }
  }
  return undefined;
}

/** Every running process below `root` (its children, theirs, …), by the parent each names in /proc. */
export async function descendantsOf(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await statOf(name);
    if (stat && stat[0] !== 'Z') parents.set(Number(name), Number(stat[1]));
  }
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0;) {
    frontier = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** Whether a process is running (an exited one its new parent has not reaped yet is not). */
export async function isRunning(pid: number): Promise<boolean> {
  const state = (await statOf(pid))?.[0];
  return state !== undefined && state !== 'Z';
}

let page = 0;
/**
 * The status of a read of the board, which the jobs service answers. The gateway caches public
 * pages by URL, so every call asks for a page nobody asked for before: a cached answer would hide
 * a dead service.
 */
export async function boardStatus(baseUrl: string): Promise<number> {
  try {
    const res = await fetch(`${baseUrl}/api/jobs?offset=${++page}`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
