import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { acceptedCounts, activeWorkJobIds, jobsDone, publicRatings, ratingAverages } from './member-record.queries.js';

/** Medium: the member record's statements on a real applications schema built by the migrations. */
describe('the member record queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'record_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const hire = async (posterId: string, workerId: string, status: string, at: string, visibility = 'public') => {
    const id = randomUUID();
    const jobId = randomUUID();
    await db.query(
      `INSERT INTO hires (id, job_id, poster_id, worker_id, title, poster_visibility, poster, worker, status, created_at)
       VALUES ($1, $2, $3, $4, 'Job ' || $5, $6, '{"id":null,"name":"Pat","headline":null,"photoUrl":null}', '{"name":"W"}', $7, $5::timestamptz)`,
      [id, jobId, posterId, workerId, at, visibility, status],
    );
    return { id, jobId };
  };
  const rate = async (h: { id: string; jobId: string }, rateeId: string, as: string, score: number, at: string) => {
    await db.query(
      `INSERT INTO ratings (id, hire_id, job_id, rater_id, ratee_id, "as", score, description, by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'ok', '{"id":null,"name":"By","headline":null,"photoUrl":null}', $8)`,
      [randomUUID(), h.id, h.jobId, randomUUID(), rateeId, as, score, at],
    );
  };

  it("names a member's live hired work on either side, newest first", async () => {
    const member = randomUUID();
    const older = await hire(member, randomUUID(), 'in_progress', '2026-01-01T00:00:00Z');
    const newer = await hire(randomUUID(), member, 'submitted', '2026-01-02T00:00:00Z');
    await hire(member, randomUUID(), 'completed', '2026-01-03T00:00:00Z');
    await hire(member, randomUUID(), 'cancelled', '2026-01-04T00:00:00Z');
    expect(await activeWorkJobIds(db.ds, member)).toEqual([{ job_id: newer.jobId }, { job_id: older.jobId }]);
  });

  it('reads the jobs done and the counts of accepted applications', async () => {
    const member = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    for (const [jobId, status, decided] of [
      [a, 'accepted', '2026-01-01'],
      [b, 'accepted', '2026-01-02'],
      [randomUUID(), 'declined', '2026-01-03'],
    ]) {
      await db.query(
        `INSERT INTO applications (id, job_id, applicant_id, poster_id, status, pitch, applied_to, applicant, visibility, decided_at)
         VALUES ($1, $2, $3, $4, $5, 'p', '{}', '{}', 'public', $6)`,
        [randomUUID(), jobId, member, randomUUID(), status, decided],
      );
    }
    expect(await jobsDone(db.ds, member)).toEqual([{ job_id: b }, { job_id: a }]);
    expect(await acceptedCounts(db.ds, [member, randomUUID()])).toEqual([{ applicant_id: member, n: 2 }]);
  });

  it('reads the public ratings, leaving out those received as an anonymous poster, and their averages', async () => {
    const member = randomUUID();
    const done = await hire(randomUUID(), member, 'completed', '2026-01-01T00:00:00Z', 'anonymous');
    const done2 = await hire(randomUUID(), member, 'completed', '2026-01-02T00:00:00Z');
    const posted = await hire(member, randomUUID(), 'completed', '2026-01-03T00:00:00Z', 'anonymous');
    const live = await hire(randomUUID(), member, 'rating', '2026-01-04T00:00:00Z');
    await rate(done, member, 'worker', 4, '2026-02-01T00:00:00Z');
    await rate(done2, member, 'worker', 5, '2026-02-02T00:00:00Z');
    await rate(posted, member, 'poster', 3, '2026-02-03T00:00:00Z');
    await rate(live, member, 'worker', 1, '2026-02-04T00:00:00Z');
    const ratings = await publicRatings(db.ds, member, 100);
    expect(ratings.map((r) => [r.score, r.as, r.job_id, r.poster_visibility])).toEqual([
      [5, 'worker', done2.jobId, 'public'],
      [4, 'worker', done.jobId, 'anonymous'],
    ]);
    expect(ratings[0]).toMatchObject({ title: 'Job 2026-01-02T00:00:00Z', description: 'ok', created_at: new Date('2026-02-02T00:00:00Z') });
    expect(await publicRatings(db.ds, member, 1)).toHaveLength(1);
    expect(await ratingAverages(db.ds, [member])).toEqual([{ ratee_id: member, average: 4, count: 3 }]);
  });
});
