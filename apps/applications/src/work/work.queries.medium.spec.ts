import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import {
  cancelHiredApplication,
  countRatings,
  decideLatestRound,
  insertRating,
  insertSubmission,
  lastRound,
  liveHire,
  ratingsOf,
  type SubmissionRow,
  submissionsOf,
  updateHire,
} from './work.queries.js';

/** Medium: the work area's statements on a real applications schema built by the migrations. */
describe('the work queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'work_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const hire = async (jobId: string, status: string) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO hires (id, job_id, poster_id, worker_id, title, poster_visibility, poster, worker, status)
       VALUES ($1, $2, $3, $4, 'Write', 'anonymous', '{"id":null,"name":"Pat","headline":null,"photoUrl":null}', '{"id":null,"name":"Ann","headline":null,"photoUrl":null}', $5)`,
      [id, jobId, randomUUID(), randomUUID(), status],
    );
    return id;
  };
  const submission = (hireId: string, round: number): SubmissionRow => ({
    id: randomUUID(),
    hire_id: hireId,
    round,
    body: `Round ${round}`,
    links: [{ url: 'https://example.test', label: null }],
    files: [{ id: randomUUID(), path: 'out.png', size: 3 }],
    model: null,
    status: 'submitted',
    feedback: null,
    created_at: new Date(Date.UTC(2026, 0, round)),
    decided_at: null,
  });

  it("reads the job's live hire, under lock when asked, and writes its step", async () => {
    const jobId = randomUUID();
    await hire(jobId, 'cancelled');
    const id = await hire(jobId, 'in_progress');
    const at = new Date('2026-03-01T00:00:00Z');
    await db.uow.run(async (em) => {
      const locked = await liveHire(em, jobId, { forUpdate: true });
      expect(locked).toMatchObject({ id, status: 'in_progress', poster_visibility: 'anonymous', poster: { name: 'Pat' } });
      await updateHire(em, id, { status: 'completed', updated_at: at, completed_at: at, cancel_requested_at: null });
    });
    expect(await liveHire(db.ds, jobId)).toMatchObject({ id, status: 'completed', updated_at: at, completed_at: at });
    expect(await liveHire(db.ds, randomUUID())).toBeUndefined();
  });

  it('turns in rounds and decides the latest one only while it waits', async () => {
    const hireId = await hire(randomUUID(), 'submitted');
    expect(await lastRound(db.ds, hireId)).toBe(0);
    const first = submission(hireId, 1);
    const second = submission(hireId, 2);
    await insertSubmission(db.ds, first);
    await insertSubmission(db.ds, second);
    expect(await lastRound(db.ds, hireId)).toBe(2);
    expect(await submissionsOf(db.ds, hireId)).toEqual([second, first]);
    expect(await decideLatestRound(db.ds, hireId, 'changes_requested', 'More')).toBe(2);
    expect(await decideLatestRound(db.ds, hireId, 'approved', null)).toBe(0);
    const [latest] = await submissionsOf(db.ds, hireId);
    expect(latest).toMatchObject({ round: 2, status: 'changes_requested', feedback: 'More', decided_at: expect.any(Date) });
  });

  it('writes and counts the ratings of each side', async () => {
    const hireId = await hire(randomUUID(), 'rating');
    expect(await countRatings(db.ds, hireId, 'poster')).toBe(0);
    const rating = {
      id: randomUUID(),
      hire_id: hireId,
      job_id: randomUUID(),
      rater_id: randomUUID(),
      ratee_id: randomUUID(),
      as: 'poster' as const,
      score: 5,
      description: 'Clear brief',
      by: { id: null, name: 'Ann', headline: null, photoUrl: null },
      created_at: new Date('2026-01-01T00:00:00Z'),
    };
    await insertRating(db.ds, rating);
    expect(await countRatings(db.ds, hireId, 'poster')).toBe(1);
    expect(await countRatings(db.ds, hireId, 'worker')).toBe(0);
    expect(await ratingsOf(db.ds, hireId)).toEqual([rating]);
  });

  it("cancels the hire's application and lets the ones it displaced wait again", async () => {
    const jobId = randomUUID();
    const hireId = randomUUID();
    const insert = (id: string, status: string, displacedBy: string | null) =>
      db.query(
        `INSERT INTO applications (id, job_id, applicant_id, poster_id, status, pitch, applied_to, applicant, visibility, decided_at, displaced_by)
       VALUES ($1, $2, $3, $4, $5, 'p', '{}', '{}', 'public', now(), $6)`,
        [id, jobId, randomUUID(), randomUUID(), status, displacedBy],
      );
    const displaced = randomUUID();
    const declinedByPoster = randomUUID();
    await insert(hireId, 'accepted', null);
    await insert(displaced, 'declined', hireId);
    await insert(declinedByPoster, 'declined', null);
    const at = new Date('2026-04-01T00:00:00Z');
    await cancelHiredApplication(db.ds, hireId, at);
    const rows = await db.query<{ id: string; status: string; decided_at: Date | null; displaced_by: string | null }>(
      'SELECT id, status, decided_at, displaced_by FROM applications WHERE job_id = $1',
      [jobId],
    );
    expect(new Map(rows.map((r) => [r.id, r]))).toEqual(
      new Map([
        [hireId, { id: hireId, status: 'cancelled', decided_at: at, displaced_by: null }],
        [displaced, { id: displaced, status: 'submitted', decided_at: null, displaced_by: null }],
        [declinedByPoster, { id: declinedByPoster, status: 'declined', decided_at: expect.any(Date), displaced_by: null }],
      ]),
    );
  });
});
