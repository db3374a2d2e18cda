import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob } from '../jobs/jobs.queries.js';
import { applicationsOf, audienceOf, insertAudience, openJobsAmong, recordApplication, reportedJobsOf } from './performance.queries.js';

/** Medium: the performance report's statements on a real jobs schema: audience and applications by day, the jobs reported. */
describe('the performance statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_performance' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function job(posterId: string, hoursAgo: number, status = 'open'): Promise<string> {
    const id = randomUUID();
    const at = new Date(Date.now() - hoursAgo * 3_600_000);
    await insertJob(db.ds, {
      id,
      posterId,
      posterVisibility: 'public',
      title: `Job ${hoursAgo}`,
      category: 'data',
      constraints: 'Rows.',
      createdAt: at,
      closesAt: new Date(at.getTime() + 86_400_000),
      preferredWorkers: [],
      walkthroughKey: null,
      walkthroughSecret: null,
    });
    if (status !== 'open') await db.query('UPDATE jobs SET status = $2 WHERE id = $1', [id, status]);
    return id;
  }

  it('counts the audience by job, day and kind, once per viewer a day', async () => {
    const [poster, jobId, other] = [randomUUID(), randomUUID(), randomUUID()];
    const seen = (day: string, kind: 'impression' | 'view', viewer: string, j = jobId) => ({ jobId: j, day, kind, viewer, posterId: poster });
    expect(
      await insertAudience(db.ds, [
        seen('2026-03-01', 'impression', 'm:a'),
        seen('2026-03-01', 'impression', 'h:b'),
        seen('2026-03-01', 'view', 'm:a'),
        seen('2026-03-02', 'impression', 'm:a'),
        seen('2026-03-03', 'view', 'm:a', other),
      ]),
    ).toBe(5);
    // The same viewer again that day counts nothing more.
    expect(await insertAudience(db.ds, [seen('2026-03-01', 'impression', 'm:a')])).toBe(0);
    const rows = await audienceOf(db.ds, poster, '2026-03-01', '2026-03-03');
    expect(rows.sort((a, b) => `${a.day}${a.kind}`.localeCompare(`${b.day}${b.kind}`))).toEqual([
      { job_id: jobId, day: '2026-03-01', kind: 'impression', n: 2 },
      { job_id: jobId, day: '2026-03-01', kind: 'view', n: 1 },
      { job_id: jobId, day: '2026-03-02', kind: 'impression', n: 1 },
    ]);
    expect(await audienceOf(db.ds, randomUUID(), '2026-03-01', '2026-03-03')).toEqual([]);
  });

  it('counts applications by job and UTC day with the agent share, once each', async () => {
    const [poster, jobId] = [randomUUID(), randomUUID()];
    const apply = (submittedAt: string, viaAgent: boolean, applicationId = randomUUID()) =>
      recordApplication(db.ds, { applicationId, jobId, posterId: poster, viaAgent, submittedAt });
    const once = randomUUID();
    expect(await apply('2026-03-01T23:30:00.000Z', true, once)).toBe(1);
    expect(await apply('2026-03-01T23:30:00.000Z', true, once)).toBe(0);
    expect(await apply('2026-03-01T01:00:00.000Z', false)).toBe(1);
    expect(await apply('2026-03-02T00:30:00.000Z', false)).toBe(1);
    expect(await apply('2026-03-05T00:30:00.000Z', true)).toBe(1);
    const rows = await applicationsOf(db.ds, poster, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-03T00:00:00Z'));
    expect(rows.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { job_id: jobId, day: '2026-03-01', n: 2, agent: 1 },
      { job_id: jobId, day: '2026-03-02', n: 1, agent: 0 },
    ]);
  });

  it("reports the poster's jobs that are neither closed nor expired, newest first; finds which named jobs are open", async () => {
    const poster = randomUUID();
    const older = await job(poster, 3);
    const closed = await job(poster, 2, 'closed');
    const expired = await job(poster, 1);
    await db.query(`UPDATE jobs SET closes_at = now() - interval '1 minute' WHERE id = $1`, [expired]);
    const hired = await job(poster, 0.5, 'in_progress');
    expect(await reportedJobsOf(db.ds, poster)).toEqual([
      { id: hired, title: 'Job 0.5', status: 'in_progress' },
      { id: older, title: 'Job 3', status: 'open' },
    ]);
    expect((await openJobsAmong(db.ds, [older, closed, expired, hired, randomUUID()])).map((r) => r.id).sort()).toEqual([older, expired].sort());
    expect(await openJobsAmong(db.ds, [older])).toEqual([{ id: older, poster_id: poster }]);
  });
});
