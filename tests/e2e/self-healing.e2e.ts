import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessLayout } from '@marketplace/local-stack';

// `npm start` heals itself: a crashed service process (per-service) or the process hosting every
// app (one-process) is started again while PostgreSQL, NATS and storage keep running. Each case runs
// the launcher exactly as `npm start` does after its build, on a data directory of its own, and
// crashes a process with SIGKILL from outside, as the kernel's OOM killer would.

const LAUNCHER = resolve('deploy/dist/local/start.js');
const READY = /Marketplace is running at (http:\/\/\S+)/;
/** The brief: the gateway serves the crashed service's requests again within 10 s of the crash. */
const HEALED_WITHIN_MS = 10_000;

interface Launcher {
  child: ChildProcess;
  output: string[];
  baseUrl: string;
  dataDir: string;
}

let running: Launcher | undefined;

/**
 * `underShell`: the launcher runs under a shell that stays its parent (as it would under npm
 * without `exec`), and `child` is that shell.
 */
async function startLauncher(layout: ProcessLayout, underShell = false): Promise<Launcher> {
  const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-heal-'));
  // What someone typing npm start has; nothing of this test run's own system (its NATS, database, bus keys).
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, MARKETPLACE_DATA_DIR: dataDir, PORT: '0',
    MARKETPLACE_PROCESSES: layout, LOG_LEVEL: 'warn',
  };
  const child = underShell
    // `; true` keeps the shell from replacing itself with the launcher.
    ? spawn('sh', ['-c', '"$0" --max-semi-space-size=4 "$1"; true', process.execPath, LAUNCHER], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--max-semi-space-size=4', LAUNCHER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const launcher: Launcher = { child, output: [], baseUrl: '', dataDir };
  running = launcher;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => launcher.output.push(line));
  }
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => {
    reject(new Error(`npm start ended (${code ?? signal}) before it was running:\n${launcher.output.join('\n')}`));
  }));
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

async function stopLauncher(launcher: Launcher): Promise<void> {
  if (launcher.child.exitCode === null && launcher.child.signalCode === null) {
    const exit = new Promise((done) => launcher.child.once('exit', done));
    // Ctrl+C: the launcher stops the apps, then PostgreSQL and NATS.
    launcher.child.kill('SIGINT');
    await Promise.race([exit, sleep(60_000)]);
  }
  await rm(launcher.dataDir, { recursive: true, force: true });
}

/** A process's /proc stat fields after its command (state, ppid, …); undefined once it is gone. */
async function statOf(pid: number | string): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses; the fields after its last ')' are fixed.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The launcher's child whose command line matches, if there is one. */
async function childOf(parent: number, command: RegExp): Promise<number | undefined> {
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

/** Whether a process is running (an exited one its new parent has not reaped yet is not). */
async function isRunning(pid: number): Promise<boolean> {
  const state = (await statOf(pid))?.[0];
  return state !== undefined && state !== 'Z';
}

let page = 0;
/**
 * The status of a read of the board, which the jobs service answers. The gateway caches public
 * pages by URL, so every call asks for a page nobody asked for before: a cached answer would hide
 * a dead service.
 */
async function boardStatus(baseUrl: string): Promise<number> {
  try {
    const res = await fetch(`${baseUrl}/api/jobs?offset=${++page}`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

afterEach(async () => {
  if (running) await stopLauncher(running);
  running = undefined;
}, 90_000);

describe.each([
  // The process that hosts every app, services and gateway alike.
  { layout: 'one-process' as const, crashed: /\/service-host\.js$/, what: 'the services\' process' },
  // The jobs service's own process.
  { layout: 'per-service' as const, crashed: /\/apps\/jobs\/dist\/main\.bundle\.js$/, what: 'jobs' },
])('npm start, $layout', ({ layout, crashed, what }) => {
  it(`starts ${what} again after a SIGKILL, and the gateway serves the board within 10 s`, async () => {
    const launcher = await startLauncher(layout);
    const parent = launcher.child.pid!;
    expect(await boardStatus(launcher.baseUrl)).toBe(200);
    const victim = await childOf(parent, crashed);
    expect(victim, `no child of the launcher runs ${crashed}`).toBeDefined();

    process.kill(victim!, 'SIGKILL');
    const crashedAt = Date.now();
    let status = 0;
    while (Date.now() - crashedAt < HEALED_WITHIN_MS) {
      status = await boardStatus(launcher.baseUrl);
      if (status === 200) break;
      await sleep(100);
    }
    const log = launcher.output.join('\n');
    if (process.env.E2E_VERBOSE) process.stdout.write(`${log}\n`);
    process.stdout.write(`npm start (${layout}): GET /api/jobs answered ${status} ${Date.now() - crashedAt} ms after the SIGKILL\n`);
    expect(status, `GET /api/jobs within ${HEALED_WITHIN_MS / 1000} s of the crash; the launcher said:\n${log}`).toBe(200);
    // A new process, not the old one answering after all.
    const successor = await childOf(parent, crashed);
    expect(successor).toBeDefined();
    expect(successor).not.toBe(victim);
    // The crash and the restart are logged with the cause.
    expect(log).toContain(`${what} was killed by SIGKILL`);
    expect(log).toMatch(new RegExp(`restarting ${what} in 0\\.5 s \\(crash 1 within 60 s\\)`));
    // The launcher kept running, and with it PostgreSQL and NATS, which the restarted apps use.
    expect(launcher.child.exitCode).toBeNull();
  }, 240_000);
});

describe('npm start, when what started it is gone', () => {
  it('stops every process it started once its parent has exited, as when npm is killed and passes no signal on', async () => {
    const launcher = await startLauncher('one-process', true);
    const launcherPid = await childOf(launcher.child.pid!, /\/deploy\/dist\/local\/start\.js$/);
    expect(launcherPid, 'no launcher under the shell').toBeDefined();
    const services = await childOf(launcherPid!, /\/service-host\.js$/);
    expect(services, 'no services process under the launcher').toBeDefined();
    try {
      expect(await boardStatus(launcher.baseUrl)).toBe(200);

      launcher.child.kill('SIGKILL');
      const killedAt = Date.now();
      while (Date.now() - killedAt < 30_000 && await isRunning(launcherPid!)) await sleep(200);
      const log = launcher.output.join('\n');
      expect(await isRunning(launcherPid!), `the launcher still runs 30 s after its parent was killed:\n${log}`).toBe(false);
      expect(await isRunning(services!)).toBe(false);
      expect(await boardStatus(launcher.baseUrl)).toBe(0);
      // The orderly stop, not a crash: the apps, then PostgreSQL and NATS.
      expect(log).toContain('Stopping the marketplace (the process that started it exited)');
      expect(log).toContain('Stopped.');
    } finally {
      if (await isRunning(launcherPid!)) process.kill(launcherPid!, 'SIGINT');
    }
  }, 120_000);
});
