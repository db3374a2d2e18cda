import { seededRandom } from '@marketplace/testing';
import { describe, expect, it } from 'vitest';

import { planFaults } from './chaos-faults.js';

describe('planFaults', () => {
  it('is the same plan for the same seed, and another for another seed', () => {
    const plan = (seed: number) => planFaults({ seed, durationMs: 600_000, fewer: false, hosts: ['h1', 'h2', 'h3'] });
    expect(plan(7)).toEqual(plan(7));
    expect(plan(7)).not.toEqual(plan(8));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('rolls every service, then has one NATS restart, one host cut, one PostgreSQL restart and kills, in time order', () => {
    const faults = planFaults({ seed: 3, durationMs: 600_000, fewer: false, hosts: ['h1', 'h2', 'h3'] });
    const kinds = faults.map((f) => f.kind);
    expect(kinds.filter((k) => k === 'rolling-restart')).toHaveLength(11);
    for (const once of ['nats-restart', 'host-cut', 'postgres-restart'] as const) expect(kinds.filter((k) => k === once)).toHaveLength(1);
    expect(kinds.filter((k) => k === 'kill-process').length).toBeGreaterThanOrEqual(3);
    const later = faults.filter((f) => f.kind !== 'rolling-restart').map((f) => f.at);
    expect(later).toEqual([...later].sort((a, b) => a - b));
    expect(Math.max(...later)).toBeLessThan(600_000);
    for (const f of faults.filter((x) => x.kind === 'kill-process')) expect(f.target).toMatch(/^[a-z-]+@h[123]$/);
    expect(faults.some((f) => f.kind === 'kill-process' && f.target.startsWith('gateway@'))).toBe(false);
  });

  it('keeps one of each fault and rolls two services with --faults fewer', () => {
    const faults = planFaults({ seed: 1, durationMs: 120_000, fewer: true, hosts: ['h1', 'h2', 'h3'] });
    expect(faults.filter((f) => f.kind === 'rolling-restart').map((f) => f.target)).toEqual(['jobs', 'gateway']);
    expect(faults.filter((f) => f.kind !== 'rolling-restart')).toHaveLength(4);
  });
});
