import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { boardStatus, childOf, isRunning, startLauncher, stopStartedLaunchers } from './support/launcher.js';

// `npm start` heals itself: a crashed service process (per-service) or the process hosting every
// app (one-process) is started again while PostgreSQL, NATS and storage keep running. Each case runs
// the launcher exactly as `npm start` does after its build, on a data directory of its own, and
// crashes a process with SIGKILL from outside, as the kernel's OOM killer would.

/** The brief: the gateway serves the crashed service's requests again within 10 s of the crash. */
const HEALED_WITHIN_MS = 10_000;

afterEach(stopStartedLaunchers, 90_000);

describe.each([
  // The process that hosts every app, services and gateway alike.
  { layout: 'one-process' as const, crashed: /\/service-host\.js$/, what: "the services' process" },
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
    const launcher = await startLauncher('one-process', { underShell: true });
    const launcherPid = await childOf(launcher.child.pid!, /\/deploy\/dist\/local\/start\.js$/);
    expect(launcherPid, 'no launcher under the shell').toBeDefined();
    const services = await childOf(launcherPid!, /\/service-host\.js$/);
    expect(services, 'no services process under the launcher').toBeDefined();
    try {
      expect(await boardStatus(launcher.baseUrl)).toBe(200);

      launcher.child.kill('SIGKILL');
      const killedAt = Date.now();
      while (Date.now() - killedAt < 30_000 && (await isRunning(launcherPid!))) await sleep(200);
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
