import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { settlesWithin, track, type TrackedProcess } from './child-process.js';
import { OrphanWatcher } from './orphan-watcher.js';
import { startTimeOf } from './process-start-time.js';

// Real processes under a real watcher; closing the watcher's pipe is what a parent's end looks like
// to it, so this test process plays the killed launcher without dying.

let dir: string;
const started: TrackedProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-stack-watcher-'));
});
afterEach(async () => {
  for (const proc of started.splice(0)) {
    if (!proc.hasExited()) process.kill(proc.group ? -proc.child.pid! : proc.child.pid!, 'SIGKILL');
  }
  await rm(dir, { recursive: true, force: true });
});

/** A process that notes in `dir/stopped` which signal ended it; `ignore` it does not end on. */
function child(name: string, opts: { ignore?: string; group?: boolean } = {}): TrackedProcess {
  const script = [
    `trap 'echo ${name} TERM >> "$0/stopped"; exit 0' TERM`,
    `trap 'echo ${name} INT >> "$0/stopped"; exit 0' INT`,
    ...(opts.ignore ? [`trap '' ${opts.ignore}`] : []),
    'while :; do sleep 0.05; done',
  ].join('\n');
  const proc = track(spawn('/bin/sh', ['-c', script, dir], { stdio: 'ignore', detached: opts.group ?? false }), { group: opts.group ?? false });
  started.push(proc);
  return proc;
}

async function stoppedLines(): Promise<string[]> {
  return (await readFile(join(dir, 'stopped'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

async function watcherEnds(watcher: OrphanWatcher): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (startTimeOf(watcher.pid!) === undefined) return;
    await sleep(50);
  }
  throw new Error('the watcher is still running 5 s after its pipe closed');
}

describe('OrphanWatcher', () => {
  it('stops what is left when its pipe closes: the apps first, PostgreSQL last, each with its own signal', async () => {
    const watcher = new OrphanWatcher(5_000);
    const database = child('database');
    const apps = child('apps', { group: true });
    const bus = child('bus');
    await sleep(100); // the traps are set
    watcher.watch({ pid: database.child.pid!, signal: 'SIGINT', group: false, stage: 'database' });
    watcher.watch({ pid: apps.child.pid!, signal: 'SIGTERM', group: true, stage: 'apps' });
    watcher.watch({ pid: bus.child.pid!, signal: 'SIGTERM', group: false, stage: 'bus' });

    await sleep(300);
    expect(await stoppedLines(), 'nothing is stopped while the pipe is open').toEqual([]);
    watcher.close();
    expect(await settlesWithin(Promise.all([database.exit, apps.exit, bus.exit]), 5_000)).toBe(true);
    expect(await stoppedLines()).toEqual(['apps TERM', 'bus TERM', 'database INT']);
    await watcherEnds(watcher);
  });

  it('kills what ignores its signal once the grace period is over', async () => {
    const watcher = new OrphanWatcher(500);
    const stubborn = child('stubborn', { ignore: 'TERM' });
    await sleep(100);
    watcher.watch({ pid: stubborn.child.pid!, signal: 'SIGTERM', group: false, stage: 'apps' });
    const closedAt = Date.now();
    watcher.close();
    const info = await stubborn.exit;
    expect(info.signal).toBe('SIGKILL');
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(400);
    expect(Date.now() - closedAt).toBeLessThan(3_000);
    await watcherEnds(watcher);
  });

  it("leaves alone a child reported ended, whose pid may be someone else's by then", async () => {
    const watcher = new OrphanWatcher(500);
    const other = child('other');
    await sleep(100);
    watcher.watch({ pid: other.child.pid!, signal: 'SIGTERM', group: false, stage: 'apps' });
    watcher.forget(other.child.pid!);
    watcher.close();
    await watcherEnds(watcher);
    expect(other.hasExited()).toBe(false);
    expect(await stoppedLines()).toEqual([]);
  });
});
