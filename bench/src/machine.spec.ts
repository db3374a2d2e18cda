import { describe, expect, it } from 'vitest';

import { type CpuSnapshot, cpuUsage, jiffiesBetween } from './machine.js';

function snapshot(busy: number, processes: [pid: number, parent: number, jiffies: number][]): CpuSnapshot {
  return {
    // The machine was busy the whole time between snapshots: total grows with busy.
    busy,
    total: busy + 1000,
    ours: new Map(processes.map(([pid, , jiffies]) => [pid, jiffies])),
    parents: new Map(processes.map(([pid, parent]) => [pid, parent])),
  };
}

describe('CPU between two snapshots', () => {
  // 1 is the benchmark, 10 the postmaster, 11 and 12 its backends.
  const before = snapshot(5000, [
    [1, 0, 100],
    [10, 1, 50],
    [11, 10, 400],
    [12, 10, 300],
  ]);

  it('counts a process that ended in between once, not its whole life again', () => {
    // Backend 11 used 20 more jiffies, ended and was reaped: its 420 went into the postmaster's count.
    const after = snapshot(5200, [
      [1, 0, 130],
      [10, 1, 50 + 420 + 5],
      [12, 10, 340],
    ]);
    const { used, gone } = jiffiesBetween(before, after);
    expect(used.get(10)).toBe(425);
    expect(gone.get(10)).toBe(400);
    // 30 (benchmark) + 25 (postmaster: 5 of its own, 20 of the ended backend) + 40 (backend 12).
    expect(cpuUsage(before, after)?.ours).toBeCloseTo(95 / 200);
  });

  it('counts a process that started in between in full', () => {
    const after = snapshot(5100, [
      [1, 0, 110],
      [10, 1, 50],
      [11, 10, 400],
      [12, 10, 300],
      [13, 10, 60],
    ]);
    expect(jiffiesBetween(before, after).used.get(13)).toBe(60);
    expect(cpuUsage(before, after)?.ours).toBeCloseTo(70 / 100);
  });
});
