import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serviceMetrics } from '../scope/service-scope.js';
import { watchPoolWaits } from './pool-metrics.js';

/** Medium: a pool whose every connection is lent makes the next query wait, and the histogram says how long. */
describe('pool waits, against a real pool', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-pool-waits' });
    watchPoolWaits(s.ds);
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  const metric = async (name: string) => (await serviceMetrics().getSingleMetricAsString(name)).split('\n').filter((l) => !l.startsWith('#'));
  const value = async (series: string) => {
    const line = (await metric(series.replace(/\{.*$/, '').replace(/_(count|sum|bucket)$/, ''))).find((l) => l.startsWith(series));
    return Number(line?.slice(line.lastIndexOf(' ') + 1) ?? NaN);
  };

  it('counts every lending, and a wait behind held connections as a long one', async () => {
    const size = (s.ds.driver as unknown as { master: { options: { max: number } } }).master.options.max;
    const countBefore = await value('db_pool_wait_seconds_count');
    await s.ds.query('SELECT 1');
    expect(await value('db_pool_wait_seconds_count')).toBe(countBefore + 1);

    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let lent = 0;
    let allLent!: () => void;
    const allHeld = new Promise<void>((r) => (allLent = r));
    const holders = Array.from({ length: size }, () =>
      s.uow.run(async (em) => {
        await em.query('SELECT 1');
        if (++lent === size) allLent();
        await released;
      }),
    );
    await allHeld;
    const waitedBefore = await value('db_pool_wait_seconds_sum');
    const waiting = s.ds.query('SELECT 1');
    await new Promise((r) => setTimeout(r, 50));
    expect(await value('db_pool_waiting')).toBe(1);
    expect(await value('db_pool_in_use')).toBe(size);
    await new Promise((r) => setTimeout(r, 150));
    release();
    await Promise.all([...holders, waiting]);
    // The query behind the holders waited about 200 ms for its connection, and the histogram holds it.
    expect(await value('db_pool_wait_seconds_count')).toBe(countBefore + 1 + size + 1);
    expect((await value('db_pool_wait_seconds_sum')) - waitedBefore).toBeGreaterThan(0.18);
  });
});
