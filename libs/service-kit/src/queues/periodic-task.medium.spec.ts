import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../logging/logger.js';
import { PeriodicRunner, type PeriodicTask } from './periodic-task.js';

/**
 * Medium: two replicas of a service (two runners, each with its own pool, one schema) tick the
 * same task together; each tick must run in one of them, and a failure must stay on record.
 */
describe('periodic tasks across replicas, against a real schema', () => {
  let db: ServiceSchema;
  let otherReplica: ServiceSchema['ds'];

  beforeAll(async () => {
    db = await openServiceSchema({ entities: [], migrations: [], label: 'periodic' });
    otherReplica = await db.otherReplica();
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const logger = createLogger('periodic-spec');

  /** A task that counts its passes and holds each one until released, so both ticks overlap. */
  function countingTask(name: string): PeriodicTask & { passes: number; release: () => void; started: Promise<void> } {
    let release!: () => void;
    let markStarted!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const task = {
      name,
      intervalMs: 60_000,
      passes: 0,
      release,
      started,
      async run() {
        task.passes += 1;
        markStarted();
        await held;
        return { swept: 1 };
      },
    };
    return task;
  }

  it('runs a tick once when two replicas tick together, and skips the next tick within the interval', async () => {
    const task = countingTask('sweep-together');
    const a = new PeriodicRunner(db.ds, logger);
    const b = new PeriodicRunner(otherReplica, logger);
    const first = a.tick(task);
    await task.started;
    // B ticks while A's pass is still running: the advisory lock makes it skip.
    expect(await b.tick(task)).toBe('skipped');
    task.release();
    expect(await first).toBe('ran');
    // A's pass is over, but its interval is not: B skips again rather than run it twice.
    expect(await b.tick(task)).toBe('skipped');
    expect(task.passes).toBe(1);
    const [row] = await db.query<{ runs: string }>(`SELECT runs FROM periodic_tasks WHERE name = 'sweep-together'`);
    expect(row?.runs).toBe('1');
  });

  it('runs again in either replica once the interval has passed', async () => {
    const task = countingTask('sweep-later');
    task.release();
    expect(await new PeriodicRunner(db.ds, logger).tick(task)).toBe('ran');
    // As if an interval went by: the claim is what the replicas compare, not a clock of their own.
    await db.query(`UPDATE periodic_tasks SET last_started_at = now() - interval '61 seconds' WHERE name = 'sweep-later'`);
    expect(await new PeriodicRunner(otherReplica, logger).tick(task)).toBe('ran');
    expect(task.passes).toBe(2);
  });

  it('records the last failure and runs at the next interval', async () => {
    let fail = true;
    const task: PeriodicTask = {
      name: 'sweep-failing',
      intervalMs: 60_000,
      async run() {
        if (fail) throw new Error('storage unreachable');
      },
    };
    const runner = new PeriodicRunner(db.ds, logger);
    expect(await runner.tick(task)).toBe('failed');
    const [failed] = await db.query<{ failures: string; last_error: string | null; last_failed_at: Date | null }>(
      `SELECT failures, last_error, last_failed_at FROM periodic_tasks WHERE name = 'sweep-failing'`,
    );
    expect(failed).toMatchObject({ failures: '1', last_error: 'storage unreachable' });
    expect(failed?.last_failed_at).toBeInstanceOf(Date);
    fail = false;
    await db.query(`UPDATE periodic_tasks SET last_started_at = now() - interval '61 seconds' WHERE name = 'sweep-failing'`);
    expect(await runner.tick(task)).toBe('ran');
    const [after] = await db.query<{ runs: string; last_error: string | null }>(`SELECT runs, last_error FROM periodic_tasks WHERE name = 'sweep-failing'`);
    // The failure stays on record after a later success, for whoever looks into it.
    expect(after).toEqual({ runs: '1', last_error: 'storage unreachable' });
  });
});
