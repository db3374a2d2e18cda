import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countInCounter, deleteAttemptsOf, lockAttempts, logAttempt, logAttemptIfRoom, windowCounts } from './limits.queries.js';

/** Medium: the limits' statements on a real limit_attempts table. */
describe('the limits statements, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-limits' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  it('counts attempts in a counter window and says how long it has left', async () => {
    const first = await countInCounter(s.ds, 'spec_counter', 'm1', 3600);
    expect(first.count).toBe(1);
    expect(first.reset).toBeGreaterThan(0);
    expect(first.reset).toBeLessThanOrEqual(3600);
    expect((await countInCounter(s.ds, 'spec_counter', 'm1', 3600)).count).toBe(2);
    expect((await countInCounter(s.ds, 'spec_counter', 'm2', 3600)).count).toBe(1);
  });

  it("logs attempts under the subject's lock and counts each window of a log bucket", async () => {
    const windows = [
      { kind: 'sliding', seconds: 60, max: 5, message: 'm' },
      { kind: 'fixed', seconds: 86_400, max: 10, message: 'd' },
    ] as const;
    expect(await windowCounts(s.ds, 'spec_log', 's1', 86_400, windows)).toEqual({ n0: 0, r0: null, n1: 0, r1: expect.any(Number) });
    await s.ds.transaction(async (em) => {
      await lockAttempts(em, 'spec_log', 's1');
      expect(await logAttempt(em, 'spec_log', 's1', 86_400)).toBe(1);
    });
    await s.ds.query(`INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
      VALUES ('spec_log', 's1', statement_timestamp() - interval '5 minutes', 2, now() + interval '1 day')`);
    const row = (await windowCounts(s.ds, 'spec_log', 's1', 86_400, windows))!;
    expect(row.n0).toBe(1);
    expect(row.r0).toBeGreaterThan(50);
    expect(row.r0).toBeLessThanOrEqual(60);
    expect(row.n1).toBeGreaterThanOrEqual(1);
    expect(row.r1).toBeGreaterThan(0);
  });

  it('logs an attempt only while every window has room, and answers the counts from before it', async () => {
    const windows = [
      { kind: 'sliding', seconds: 60, max: 2, message: 'minute' },
      // Sliding, so the spec holds across a UTC midnight.
      { kind: 'sliding', seconds: 86_400, max: 3, message: 'day' },
    ] as const;
    const attempt = () =>
      s.ds.transaction(async (em) => {
        await lockAttempts(em, 'spec_room', 'r1');
        return logAttemptIfRoom(em, 'spec_room', 'r1', 86_400, windows);
      });
    expect(await attempt()).toEqual({ counts: { n0: 0, r0: null, n1: 0, r1: null }, logged: true });
    expect(await attempt()).toMatchObject({ counts: { n0: 1, n1: 1 }, logged: true });
    // The minute is full: nothing is logged, and the counts say which window refused.
    const refused = await attempt();
    expect(refused).toMatchObject({ counts: { n0: 2, n1: 2 }, logged: false });
    expect(refused.counts.r0).toBeGreaterThan(0);
    expect(await windowCounts(s.ds, 'spec_room', 'r1', 86_400, windows)).toMatchObject({ n0: 2, n1: 2 });
    // A minute later there is room in the minute, and the day's third place is taken; then the day refuses.
    await s.ds.query(`UPDATE limit_attempts SET at = at - interval '2 minutes' WHERE bucket = 'spec_room' AND subject = 'r1'`);
    expect(await attempt()).toMatchObject({ counts: { n0: 0 }, logged: true });
    expect(await attempt()).toMatchObject({ counts: { n0: 1, n1: 3 }, logged: false });
  });

  it("forgets a subject's attempts, composite subjects included, and no one else's", async () => {
    for (const subject of ['gone', 'gone:hire-1', 'kept', 'kept:gone']) await logAttempt(s.ds, 'spec_forget', subject, 60);
    expect(await deleteAttemptsOf(s.ds, ['gone'])).toBe(2);
    const left = (await s.ds.query(`SELECT subject FROM limit_attempts WHERE bucket = 'spec_forget' ORDER BY subject`)) as { subject: string }[];
    expect(left.map((r) => r.subject)).toEqual(['kept', 'kept:gone']);
    expect(await deleteAttemptsOf(s.ds, [])).toBe(0);
  });
});
