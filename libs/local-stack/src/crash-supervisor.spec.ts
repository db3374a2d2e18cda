import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ExitInfo } from './child-process.js';
import { CrashSupervisor, type SupervisedRun } from './crash-supervisor.js';

/** A run the test ends as it likes. */
function fakeRun(): SupervisedRun & { crash(info: ExitInfo): void } {
  let exited = false;
  let end!: (info: ExitInfo) => void;
  const exit = new Promise<ExitInfo>((resolve) => {
    end = resolve;
  });
  const crash = (info: ExitInfo) => {
    exited = true;
    end(info);
  };
  return { exit, hasExited: () => exited, ready: Promise.resolve(), kill: async () => crash({ code: null, signal: 'SIGKILL' }), crash };
}

describe('CrashSupervisor', () => {
  let lines: string[];
  let runs: ReturnType<typeof fakeRun>[];
  let supervisor: CrashSupervisor;

  beforeEach(() => {
    vi.useFakeTimers();
    lines = [];
    runs = [];
    supervisor = new CrashSupervisor({
      name: 'jobs',
      log: (line) => lines.push(line),
      lastLines: () => ['{"level":30,"msg":"jobs ready"}', '{"level":50,"msg":"relation \\"job\\" does not exist"}', 'Error: boom', '    at main.js:1'],
      relaunch: async () => {
        const run = fakeRun();
        runs.push(run);
        return run;
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  it('logs the cause of a crash and restarts after the backoff', async () => {
    const first = fakeRun();
    supervisor.watch(first);
    first.crash({ code: 1, signal: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(lines[0]).toBe(
      'jobs exited with code 1; its last error output:\n' + '  {"level":50,"msg":"relation \\"job\\" does not exist"}\n  Error: boom\n      at main.js:1',
    );
    expect(lines[1]).toBe('restarting jobs in 0.5 s (crash 1 within 60 s)');
    await vi.advanceTimersByTimeAsync(499);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    expect(lines[2]).toMatch(/^jobs is serving again, [\d.]+ s after its restart began$/);
  });

  it('backs off 0.5, 1, 2, 4 s and gives up at the fifth crash within a minute', async () => {
    const first = fakeRun();
    supervisor.watch(first);
    first.crash({ code: null, signal: 'SIGKILL' });
    for (const delay of [500, 1000, 2000, 4000]) {
      await vi.advanceTimersByTimeAsync(delay);
      runs.at(-1)!.crash({ code: null, signal: 'SIGKILL' });
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(4);
    expect(lines.filter((l) => l.startsWith('restarting'))).toEqual([0.5, 1, 2, 4].map((s, i) => `restarting jobs in ${s} s (crash ${i + 1} within 60 s)`));
    expect(lines.at(-1)).toMatch(/^giving up on jobs: it crashed 5 times within 60 s, so it is left stopped\. Everything else keeps running/);
  });

  it('counts a restart that cannot start as a crash', async () => {
    let attempts = 0;
    const failing = new CrashSupervisor({
      name: 'files',
      log: (line) => lines.push(line),
      lastLines: () => [],
      relaunch: async () => {
        attempts += 1;
        throw new Error('spawn ENOMEM');
      },
    });
    const first = fakeRun();
    failing.watch(first);
    first.crash({ code: 1, signal: null });
    await vi.advanceTimersByTimeAsync(500);
    expect(attempts).toBe(1);
    expect(lines).toContain('files could not be started (spawn ENOMEM)');
    expect(lines.at(-1)).toBe('restarting files in 1 s (crash 2 within 60 s)');
  });

  it('ends a run that does not come up, so that it is tried again', async () => {
    const first = fakeRun();
    const neverReady = Promise.reject(new Error('did not answer GET /health within 60 s'));
    // The supervisor takes it up only once the restart begins.
    neverReady.catch(() => undefined);
    const stuck = { ...fakeRun(), ready: neverReady };
    let relaunched = 0;
    const waiting = new CrashSupervisor({
      name: 'admin',
      log: (line) => lines.push(line),
      lastLines: () => [],
      relaunch: async () => (++relaunched === 1 ? stuck : fakeRun()),
    });
    waiting.watch(first);
    first.crash({ code: 1, signal: null });
    await vi.advanceTimersByTimeAsync(500);
    expect(lines).toContain('admin did not come back: did not answer GET /health within 60 s');
    expect(stuck.hasExited()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(relaunched).toBe(2);
  });

  it('leaves alone a run released before it ended (a stop on purpose) and cancels a pending restart', async () => {
    const stopped = fakeRun();
    supervisor.watch(stopped);
    supervisor.release();
    stopped.crash({ code: 0, signal: null });
    const crashed = fakeRun();
    supervisor.watch(crashed);
    crashed.crash({ code: 1, signal: null });
    await vi.advanceTimersByTimeAsync(0);
    supervisor.release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(0);
    expect(lines.filter((l) => l.startsWith('restarting'))).toHaveLength(1);
  });
});
