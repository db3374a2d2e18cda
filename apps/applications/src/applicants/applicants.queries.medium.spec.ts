import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { applicantsPage, updateApplicantCard, waitingApplicantIds } from './applicants.queries.js';

/** Medium: the applicants area's statements on a real applications schema built by the migrations. */
describe('the applicants queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'applicants_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const apply = async (jobId: string, applicantId: string, status: string, at: string, visibility = 'public') => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO applications (id, job_id, applicant_id, poster_id, status, pitch, applied_to, applicant, visibility, created_at)
       VALUES ($1, $2, $3, $4, $5, 'p', '{"title":"T","version":1}', '{"name":"Ann","headline":"Old","photoUrl":"x","email":"a@x"}', $6, $7)`,
      [id, jobId, applicantId, randomUUID(), status, visibility, at],
    );
    return id;
  };

  it("lists a job's applicants, the most hired first then oldest, and pages them", async () => {
    const jobId = randomUUID();
    const [ann, bob, cat] = [randomUUID(), randomUUID(), randomUUID()];
    const annApp = await apply(jobId, ann, 'submitted', '2026-01-01T00:00:00Z');
    const bobApp = await apply(jobId, bob, 'submitted', '2026-01-02T00:00:00Z', 'anonymous');
    await apply(jobId, cat, 'withdrawn', '2026-01-03T00:00:00Z');
    // Bob was hired twice elsewhere, Ann never.
    await apply(randomUUID(), bob, 'accepted', '2025-01-01T00:00:00Z');
    await apply(randomUUID(), bob, 'accepted', '2025-01-02T00:00:00Z');
    const page = await applicantsPage(db.ds, jobId, 0, 10);
    expect(page).toEqual([
      {
        id: bobApp,
        applicant_id: bob,
        visibility: 'anonymous',
        applicant: expect.objectContaining({ name: 'Ann' }),
        created_at: new Date('2026-01-02T00:00:00Z'),
        hired: 2,
      },
      {
        id: annApp,
        applicant_id: ann,
        visibility: 'public',
        applicant: expect.objectContaining({ name: 'Ann' }),
        created_at: new Date('2026-01-01T00:00:00Z'),
        hired: 0,
      },
    ]);
    expect((await applicantsPage(db.ds, jobId, 1, 10)).map((r) => r.id)).toEqual([annApp]);
    expect(await waitingApplicantIds(db.ds, jobId)).toEqual(expect.arrayContaining([{ applicant_id: ann }, { applicant_id: bob }]));
    expect(await waitingApplicantIds(db.ds, jobId)).toHaveLength(2);
  });

  it("puts the member's public card on their applications", async () => {
    const member = randomUUID();
    const id = await apply(randomUUID(), member, 'submitted', '2026-01-01T00:00:00Z');
    await updateApplicantCard(db.ds, member, { name: 'Ann Lee', headline: null, photoUrl: null });
    expect(await db.query('SELECT applicant FROM applications WHERE id = $1', [id])).toEqual([
      {
        applicant: { name: 'Ann Lee', headline: null, photoUrl: null, email: 'a@x' },
      },
    ]);
  });
});
