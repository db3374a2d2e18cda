import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { settlesWithin, track, type TrackedProcess } from './child-process.js';
import { PROCESS_RECORD_FILE, processRecordIn, stopRecordedLeftovers } from './process-record.js';
import { startTimeOf } from './process-start-time.js';

let dir: string;
const started: TrackedProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-stack-record-'));
});
afterEach(async () => {
  for (const proc of started.splice(0)) if (!proc.hasExited()) process.kill(-proc.child.pid!, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** A long-running process whose command line holds `marker`, in a process group of its own. */
function app(marker: string): TrackedProcess {
  const proc = track(spawn('/bin/sh', ['-c', 'while :; do sleep 0.05; done', marker], { stdio: 'ignore', detached: true }), { group: true });
  started.push(proc);
  return proc;
}

const recorded = async () => JSON.parse(await readFile(join(dir, PROCESS_RECORD_FILE), 'utf8')) as Array<Record<string, unknown>>;

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

describe('ProcessRecord', () => {
  it('names each running app in the data directory, and forgets it when it ends', async () => {
    const record = processRecordIn(dir);
    const jobs = app('/srv/apps/jobs/dist/main.bundle.js');
    const gateway = app('/srv/apps/gateway/dist/main.bundle.js');
    record.add(jobs, 'jobs', '/srv/apps/jobs/dist/main.bundle.js');
    record.add(gateway, 'gateway', '/srv/apps/gateway/dist/main.bundle.js');
    expect(await eventually(async () => (await recorded().catch(() => [])).length === 2)).toBe(true);
    expect(await recorded()).toContainEqual({
      pid: jobs.child.pid,
      what: 'jobs',
      marker: '/srv/apps/jobs/dist/main.bundle.js',
      startTime: startTimeOf(jobs.child.pid!),
      group: true,
    });

    process.kill(-jobs.child.pid!, 'SIGKILL');
    await jobs.exit;
    expect(await eventually(async () => (await recorded()).length === 1)).toBe(true);
    expect((await recorded())[0]?.pid).toBe(gateway.child.pid);

    process.kill(-gateway.child.pid!, 'SIGKILL');
    await gateway.exit;
    await record.close();
    await expect(readFile(join(dir, PROCESS_RECORD_FILE), 'utf8')).rejects.toThrow();
  });
});

describe('stopRecordedLeftovers', () => {
  it('stops what a killed launcher left, and nothing that only has a recorded pid', async () => {
    const marker = '/srv/apps/service-host.js';
    const leftover = app(marker);
    // A pid reused by an unrelated program (another command line), and one by a later start of the
    // same program (another start time).
    const unrelated = app('/usr/bin/something-else');
    const later = app(marker);
    await writeFile(
      join(dir, PROCESS_RECORD_FILE),
      JSON.stringify([
        { pid: leftover.child.pid, what: "the services' process", marker, startTime: startTimeOf(leftover.child.pid!), group: true },
        { pid: unrelated.child.pid, what: 'jobs', marker: '/srv/apps/jobs/dist/main.bundle.js', group: true },
        { pid: later.child.pid, what: "the services' process", marker, startTime: '1', group: true },
      ]),
    );
    const lines: string[] = [];

    await stopRecordedLeftovers(dir, (line) => lines.push(line));

    expect(await settlesWithin(leftover.exit, 1_000)).toBe(true);
    expect((await leftover.exit).signal).toBe('SIGTERM');
    expect(lines).toEqual([`stopping the services' process (pid ${leftover.child.pid}) left running by a marketplace that was killed`]);
    expect(unrelated.hasExited()).toBe(false);
    expect(later.hasExited()).toBe(false);
    await expect(readFile(join(dir, PROCESS_RECORD_FILE), 'utf8')).rejects.toThrow();
  });

  it('does nothing without a record', async () => {
    const lines: string[] = [];
    await stopRecordedLeftovers(dir, (line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
