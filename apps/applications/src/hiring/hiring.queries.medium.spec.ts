import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { lockHiringSharingMembers } from '../account/member-lock.js';
import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { type ApplicationRow, applyingChecks, findApplication, insertApplication } from '../applying/applications.queries.js';
import {
  advisoryLock,
  declineWaitingOnClosedJob,
  hasLiveHire,
  hireExists,
  type HireRow,
  jobApplications,
  lockJobState,
  recordClosedJob,
  recordHire,
} from './hiring.queries.js';

function applicationRow(over: Partial<ApplicationRow> & { at?: number } = {}): ApplicationRow {
  const { at = 0, ...rest } = over;
  return {
    id: randomUUID(),
    job_id: randomUUID(),
    applicant_id: randomUUID(),
    poster_id: randomUUID(),
    status: 'submitted',
    pitch: 'I can do it.',
    agent: null,
    model: 'm',
    resume: null,
    via_agent: false,
    applied_to: { version: 1, title: 'Write a haiku', category: 'writing', constraints: 'Short.', createdAt: '2026-01-01T00:00:00.000Z' },
    applicant: {
      name: 'Ann',
      headline: 'Writer',
      photoUrl: null,
      skills: [],
      city: null,
      state: null,
      website: null,
      networkUrl: null,
      email: 'ann@example.test',
    },
    visibility: 'public',
    poster_contact: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + at * 1000),
    decided_at: null,
    displaced_by: null,
    ...rest,
  };
}

function hireOf(app: ApplicationRow, over: Partial<HireRow> = {}): HireRow {
  const now = new Date('2026-01-02T00:00:00.000Z');
  return {
    id: app.id,
    job_id: app.job_id,
    poster_id: app.poster_id,
    worker_id: app.applicant_id,
    title: app.applied_to.title,
    poster_visibility: 'public',
    poster: { id: app.poster_id, name: 'Pat', headline: null, photoUrl: null },
    worker: { id: app.applicant_id, name: 'Ann', headline: 'Writer', photoUrl: null },
    status: 'in_progress',
    cancel_requested_at: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
    ...over,
  };
}

/** Medium: the hiring area's statements on a real applications schema built by the migrations. */
describe('the hiring queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'hiring_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('holds the per-job locks until the transaction ends', async () => {
    const jobId = randomUUID();
    let second = false;
    let waiting: Promise<void> | undefined;
    await db.uow.run(async (em) => {
      await lockJobState(em, jobId);
      await lockHiringSharingMembers(em, jobId, []);
      waiting = db.uow.run(async (other) => {
        await lockJobState(other, jobId);
        second = true;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(second).toBe(false);
    });
    // The second transaction takes the lock once the first has ended.
    await waiting;
    expect(second).toBe(true);
    await db.uow.run((em) => advisoryLock(em, `anything:${jobId}`));
  });

  it('remembers a closed job once and declines what still waited on it', async () => {
    const jobId = randomUUID();
    const waiting = applicationRow({ job_id: jobId });
    const withdrawn = applicationRow({ job_id: jobId, status: 'withdrawn' });
    await insertApplication(db.ds, waiting);
    await insertApplication(db.ds, withdrawn);
    expect((await applyingChecks(db.ds, jobId, randomUUID())).closed).toBe(false);
    const closedAt = new Date('2026-03-01T00:00:00.000Z');
    await recordClosedJob(db.ds, jobId, closedAt);
    await recordClosedJob(db.ds, jobId, new Date());
    expect((await applyingChecks(db.ds, jobId, randomUUID())).closed).toBe(true);
    expect(await db.query('SELECT closed_at FROM closed_jobs WHERE job_id = $1', [jobId])).toEqual([{ closed_at: closedAt }]);
    expect(await declineWaitingOnClosedJob(db.ds, jobId, closedAt)).toEqual([
      { id: waiting.id, applicant_id: waiting.applicant_id, poster_id: waiting.poster_id, title: 'Write a haiku' },
    ]);
    expect(await findApplication(db.ds, { id: waiting.id })).toMatchObject({ status: 'declined', decided_at: closedAt });
    expect(await declineWaitingOnClosedJob(db.ds, jobId, closedAt)).toEqual([]);
  });

  it('accepts one application: the hire, the contact, and the others displaced', async () => {
    const jobId = randomUUID();
    const hired = applicationRow({ job_id: jobId, at: 2 });
    const other = applicationRow({ job_id: jobId, at: 1 });
    const gone = applicationRow({ job_id: jobId, status: 'withdrawn', at: 3 });
    for (const r of [hired, other, gone]) await insertApplication(db.ds, r);
    expect((await jobApplications(db.ds, jobId)).map((a) => a.id)).toEqual([other.id, hired.id]);
    expect(await hasLiveHire(db.ds, jobId)).toBe(false);
    const now = new Date('2026-01-03T00:00:00.000Z');
    await db.uow.run(async (em) => {
      expect(await recordHire(em, { ...hireOf(hired), created_at: now }, { name: 'Pat', email: 'pat@example.test' })).toEqual([
        { id: other.id, applicant_id: other.applicant_id },
      ]);
    });
    expect(await findApplication(db.ds, { id: hired.id })).toMatchObject({
      status: 'accepted',
      decided_at: now,
      poster_contact: { name: 'Pat', email: 'pat@example.test' },
    });
    expect(await findApplication(db.ds, { id: other.id })).toMatchObject({ status: 'declined', displaced_by: hired.id });
    expect(await hasLiveHire(db.ds, jobId)).toBe(true);
    expect(await hireExists(db.ds, hired.id)).toBe(true);
    expect(await hireExists(db.ds, other.id)).toBe(false);
    const [hire] = await db.query<{ worker: unknown }>('SELECT worker FROM hires WHERE id = $1', [hired.id]);
    expect(hire?.worker).toEqual({ id: hired.applicant_id, name: 'Ann', headline: 'Writer', photoUrl: null });
  });
});
