import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { acceptsConnections, type ProcessLayout } from '@marketplace/local-stack';
import { afterEach, describe, expect, it } from 'vitest';

import { boardStatus, commandOf, descendantsOf, type Launcher, startLauncher, statOf, stopStartedLaunchers } from './support/launcher.js';

// `npm start`'s launcher killed outright. A SIGKILL runs no exit handler, and PostgreSQL and NATS
// watch nothing of the process that started them; what ends them is the orphan watcher, a process
// of the launcher's holding a pipe from it (libs/local-stack/src/orphan-watcher.ts). When the
// watcher is killed too, the next start on the data directory stops what was left.

/** The brief: every child gone within a few seconds of the launcher's end. */
const GONE_WITHIN_MS = 15_000;

interface Survey {
  /** Every process below the launcher, with its command line and start time. */
  processes: Map<number, { command: string; start: string }>;
  watcher: number;
  /** The one-process layout's process hosting every app. */
  host?: number;
  /** The per-service layout's gateway process. */
  gateway?: number;
  postmaster: number;
  nats: number;
  /** The gateway's, PostgreSQL's, NATS's, the store's and the mail catcher's. */
  ports: Map<string, number>;
}

const strays = new Map<number, string>();

afterEach(async () => {
  await stopStartedLaunchers();
  // A failed case must not leave its servers behind for the next one.
  for (const [pid, start] of strays) if ((await startOf(pid)) === start) process.kill(pid, 'SIGKILL');
  strays.clear();
}, 90_000);

async function startOf(pid: number): Promise<string | undefined> {
  const stat = await statOf(pid);
  return stat && stat[0] !== 'Z' ? stat[19] : undefined;
}

/** Still the process surveyed, not a later one given its pid. */
async function stillRuns(survey: Survey, pid: number): Promise<boolean> {
  return (await startOf(pid)) === survey.processes.get(pid)?.start;
}

async function survey(launcher: Launcher, layout: ProcessLayout): Promise<Survey> {
  const processes = new Map<number, { command: string; start: string }>();
  for (const pid of await descendantsOf(launcher.child.pid!)) {
    const start = await startOf(pid);
    if (start === undefined) continue;
    processes.set(pid, { command: await commandOf(pid), start });
    strays.set(pid, start);
  }
  const find = (pattern: RegExp, what: string): number => {
    const found = [...processes].find(([, p]) => pattern.test(p.command))?.[0];
    expect(found, `no ${what} among the launcher's processes:\n${[...processes.values()].map((p) => p.command).join('\n')}`).toBeDefined();
    return found!;
  };
  const runtime = JSON.parse(await readFile(join(launcher.dataDir, 'runtime.json'), 'utf8')) as { natsUrl: string; databaseUrl: string };
  const infraLog = await readFile(join(launcher.dataDir, 'infrastructure.log'), 'utf8');
  const logged = (pattern: RegExp) => Number(pattern.exec(infraLog)?.[1]);
  return {
    processes,
    watcher: find(/marketplace-orphan-watcher/, 'orphan watcher'),
    ...(layout === 'one-process'
      ? { host: find(/\/service-host\.js /, "services' process") }
      : { gateway: find(/\/apps\/gateway\/dist\/main\.bundle\.js/, 'gateway process') }),
    postmaster: find(/\/bin\/postgres -D /, 'PostgreSQL'),
    nats: find(/nats-server /, 'nats-server'),
    ports: new Map([
      ['gateway', Number(new URL(launcher.baseUrl).port)],
      ['PostgreSQL', Number(new URL(runtime.databaseUrl).port)],
      ['NATS', Number(new URL(runtime.natsUrl).port)],
      ['object storage', logged(/s3rver listening on http:\/\/127\.0\.0\.1:(\d+)/)],
      ['mail catcher', logged(/catching messages at smtp:\/\/127\.0\.0\.1:(\d+)/)],
    ]),
  };
}

/** Waits until nothing surveyed runs and no port answers; what is left (none, it is hoped) and how long it took. */
async function waitUntilGone(before: Survey): Promise<{ left: string[]; ms: number }> {
  const since = Date.now();
  let left: string[] = [];
  while (Date.now() - since < GONE_WITHIN_MS) {
    left = [];
    for (const [pid, p] of before.processes) if (await stillRuns(before, pid)) left.push(`pid ${pid}: ${p.command}`);
    for (const [what, port] of before.ports) if (await acceptsConnections('127.0.0.1', port, 200)) left.push(`${what} still answers on port ${port}`);
    if (left.length === 0) break;
    await sleep(200);
  }
  return { left, ms: Date.now() - since };
}

async function launcherEnded(launcher: Launcher): Promise<void> {
  if (launcher.child.exitCode !== null || launcher.child.signalCode !== null) return;
  await new Promise((done) => launcher.child.once('exit', done));
}

describe('npm start, when its launcher is killed', () => {
  it.each(['one-process', 'per-service'] as ProcessLayout[])(
    '%s: a SIGKILL of the launcher alone ends every process it started and frees their ports',
    async (layout) => {
      const launcher = await startLauncher(layout);
      expect(await boardStatus(launcher.baseUrl)).toBe(200);
      const before = await survey(launcher, layout);
      const workers = [...before.processes.values()].filter((p) => /^postgres: /.test(p.command));
      expect(workers.length, "PostgreSQL's workers").toBeGreaterThan(0);

      launcher.child.kill('SIGKILL');
      await launcherEnded(launcher);
      const { left, ms } = await waitUntilGone(before);
      process.stdout.write(`npm start (${layout}): ${before.processes.size} processes gone ${ms} ms after the launcher's SIGKILL\n`);
      expect(left, `still there ${GONE_WITHIN_MS / 1000} s after the launcher was killed`).toEqual([]);
    },
    90_000,
  );

  // 5 s: a supervisor that loses patience. 1 s: the apps are surely still stopping when it comes.
  it.each([5_000, 1_000])(
    'a SIGINT, then a SIGKILL %i ms later while it stops: nothing is left',
    async (patienceMs) => {
      const launcher = await startLauncher('one-process');
      const before = await survey(launcher, 'one-process');

      launcher.child.kill('SIGINT');
      await sleep(patienceMs);
      const wasStopping = launcher.child.exitCode === null && launcher.child.signalCode === null;
      launcher.child.kill('SIGKILL');
      await launcherEnded(launcher);
      const { left, ms } = await waitUntilGone(before);
      process.stdout.write(
        `npm start: ${wasStopping ? 'still stopping' : 'already stopped'} at the SIGKILL ${patienceMs} ms after the SIGINT; everything gone ${ms} ms later\n`,
      );
      expect(left, `still there ${GONE_WITHIN_MS / 1000} s after the launcher was killed:\n${launcher.output.join('\n')}`).toEqual([]);
    },
    60_000,
  );

  it('killed with its watcher: the next start on the data directory stops what was left, and serves on the same port', async () => {
    const first = await startLauncher('one-process');
    const before = await survey(first, 'one-process');
    const host = before.host!;
    // The apps' process is held still, as a hung one would be: it cannot notice its launcher's end.
    process.kill(host, 'SIGSTOP');
    // The watcher first, so that nothing is left to notice the launcher's end.
    process.kill(before.watcher, 'SIGKILL');
    first.child.kill('SIGKILL');
    await launcherEnded(first);
    await sleep(1_000);
    for (const pid of [host, before.postmaster, before.nats]) {
      expect(await stillRuns(before, pid), `${before.processes.get(pid)?.command} was to be left running`).toBe(true);
    }

    const restartedAt = Date.now();
    const second = await startLauncher('one-process', { dataDir: first.dataDir, port: before.ports.get('gateway')! });
    process.stdout.write(`npm start after a killed one: serving ${Date.now() - restartedAt} ms after it began\n`);
    expect(second.baseUrl).toBe(first.baseUrl);
    expect(await boardStatus(second.baseUrl)).toBe(200);
    const left = [];
    for (const pid of before.processes.keys()) if (await stillRuns(before, pid)) left.push(`pid ${pid}: ${before.processes.get(pid)!.command}`);
    expect(left, 'left by the killed launcher and still running').toEqual([]);
    const infraLog = await readFile(join(first.dataDir, 'infrastructure.log'), 'utf8');
    expect(infraLog).toContain(`stopping the services' process (pid ${host}) left running by a marketplace that was killed`);
    expect(infraLog).toContain(`postgres: stopping PostgreSQL (pid ${before.postmaster}) left running by a marketplace that was killed`);
    expect(infraLog).toContain(`nats: stopping nats-server (pid ${before.nats}) left running by a marketplace that was killed`);
  }, 90_000);
});
