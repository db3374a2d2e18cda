import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { advisoryUnlock, claimPeriodicTask, recordFailedWork, recordPeriodicFailure, recordPeriodicRun, tryAdvisoryLock } from './queues.queries.js';

/** Medium: the periodic tasks' and the work runner's statements on a real schema. */
describe('the queue statements, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-queues' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  it('takes a session lock on one connection only, until it is released', async () => {
    const one = s.ds.createQueryRunner();
    const two = s.ds.createQueryRunner();
    await one.connect();
    await two.connect();
    try {
      expect(await tryAdvisoryLock(one.manager, 'periodic:spec')).toBe(true);
      expect(await tryAdvisoryLock(two.manager, 'periodic:spec')).toBe(false);
      await advisoryUnlock(one.manager, 'periodic:spec');
      expect(await tryAdvisoryLock(two.manager, 'periodic:spec')).toBe(true);
      await advisoryUnlock(two.manager, 'periodic:spec');
    } finally {
      await one.release();
      await two.release();
    }
  });

  it('claims a periodic task once per interval and records its runs and failures', async () => {
    expect(await claimPeriodicTask(s.ds, 'spec-task', 60)).toBe(true);
    expect(await claimPeriodicTask(s.ds, 'spec-task', 60)).toBe(false);
    await s.ds.query(`UPDATE periodic_tasks SET last_started_at = now() - interval '61 seconds' WHERE name = 'spec-task'`);
    expect(await claimPeriodicTask(s.ds, 'spec-task', 60)).toBe(true);
    expect(await recordPeriodicRun(s.ds, 'spec-task')).toBe(1);
    expect(await recordPeriodicRun(s.ds, 'spec-task')).toBe(1);
    expect(await recordPeriodicFailure(s.ds, 'spec-task', 'it broke')).toBe(1);
    const [row] = (await s.ds.query(
      `SELECT runs, failures, last_error, last_failed_at IS NOT NULL AS failed, last_finished_at IS NOT NULL AS finished FROM periodic_tasks WHERE name = 'spec-task'`,
    )) as unknown[];
    expect(row).toEqual({ runs: '2', failures: '1', last_error: 'it broke', failed: true, finished: true });
  });

  it('records failed work, and a second record of one item keeps its latest error and attempts', async () => {
    const id = randomUUID();
    const item = {
      id,
      queue: 'spec-queue',
      version: 2,
      payload: JSON.stringify({ a: [1] }),
      error: 'first',
      attempts: 3,
      enqueuedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(await recordFailedWork(s.ds, item)).toBe(1);
    expect(await recordFailedWork(s.ds, { ...item, error: 'second', attempts: 5, enqueuedAt: null })).toBe(1);
    const [row] = (await s.ds.query('SELECT queue, version, payload, error, attempts, enqueued_at FROM failed_work WHERE id = $1', [id])) as unknown[];
    expect(row).toEqual({
      queue: 'spec-queue',
      version: 2,
      payload: { a: [1] },
      error: 'second',
      attempts: 5,
      enqueued_at: new Date('2026-01-01T00:00:00.000Z'),
    });
  });
});
