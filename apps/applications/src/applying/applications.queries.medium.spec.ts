import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import {
  type ApplicationRow,
  applicationStatus,
  applyingChecks,
  findApplication,
  insertApplication,
  latestApplication,
  myApplicationsPage,
  setApplicationDecision,
} from './applications.queries.js';

/** An application as applying writes it, `at` seconds after a fixed time. */
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
    resume: '# Ann',
    via_agent: true,
    applied_to: { version: 1, title: 'Write a haiku', category: 'writing', constraints: 'Five, seven, five.', createdAt: '2026-01-01T00:00:00.000Z' },
    applicant: {
      name: 'Ann',
      headline: null,
      photoUrl: null,
      skills: ['Writing'],
      city: 'Reno',
      state: 'NV',
      website: null,
      networkUrl: null,
      email: 'ann@example.test',
    },
    visibility: 'anonymous',
    poster_contact: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + at * 1000),
    decided_at: null,
    displaced_by: null,
    ...rest,
  };
}

/** Medium: the applying area's statements on a real applications schema built by the migrations. */
describe('the applying queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'applying_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('writes an application with its snapshots and reads it back, by id and as each side may see it', async () => {
    const row = applicationRow({ poster_contact: { name: 'Pat', email: 'pat@example.test' } });
    await insertApplication(db.ds, row);
    expect(await findApplication(db.ds, { id: row.id })).toEqual(row);
    expect(await findApplication(db.ds, { id: row.id, poster_id: row.poster_id })).toEqual(row);
    expect(await findApplication(db.ds, { id: row.id, applicant_id: row.applicant_id })).toEqual(row);
    expect(await findApplication(db.ds, { id: row.id, applicant_id: row.poster_id })).toBeUndefined();
    const [stored] = await db.query<{ kind: string }>('SELECT jsonb_typeof(applicant) AS kind FROM applications WHERE id = $1', [row.id]);
    expect(stored).toEqual({ kind: 'object' });
  });

  it('reads under the row lock inside a transaction and records a decision', async () => {
    const row = applicationRow();
    await insertApplication(db.ds, row);
    const decidedAt = new Date('2026-02-01T10:00:00.000Z');
    await db.uow.run(async (em) => {
      const locked = await findApplication(em, { id: row.id }, { forUpdate: true });
      expect(locked?.status).toBe('submitted');
      await setApplicationDecision(em, row.id, 'declined', decidedAt);
    });
    expect(await applicationStatus(db.ds, row.id)).toEqual({ status: 'declined' });
    expect((await findApplication(db.ds, { id: row.id }))?.decided_at).toEqual(decidedAt);
    expect(await applicationStatus(db.ds, randomUUID())).toBeUndefined();
  });

  it('knows a live application from a withdrawn one', async () => {
    const live = applicationRow();
    const withdrawn = applicationRow({ status: 'withdrawn' });
    await insertApplication(db.ds, live);
    await insertApplication(db.ds, withdrawn);
    expect(await applyingChecks(db.ds, live.job_id, live.applicant_id)).toEqual({ closed: false, applied: true });
    expect(await applyingChecks(db.ds, withdrawn.job_id, withdrawn.applicant_id)).toEqual({ closed: false, applied: false });
  });

  it("reads the member's latest application to a job, and pages their applications newest first with the total", async () => {
    const applicant = randomUUID();
    const jobId = randomUUID();
    const older = applicationRow({ applicant_id: applicant, job_id: jobId, status: 'withdrawn', at: 1 });
    const newer = applicationRow({ applicant_id: applicant, job_id: jobId, at: 2 });
    const other = applicationRow({ applicant_id: applicant, at: 3 });
    for (const r of [older, newer, other]) await insertApplication(db.ds, r);
    expect((await latestApplication(db.ds, jobId, applicant))?.id).toBe(newer.id);
    expect(await latestApplication(db.ds, randomUUID(), applicant)).toBeUndefined();
    const first = await myApplicationsPage(db.ds, applicant, 0, 2);
    expect(first.rows.map((r) => r.id)).toEqual([other.id, newer.id]);
    expect(first.total).toBe(3);
    const second = await myApplicationsPage(db.ds, applicant, 2, 2);
    expect(second).toEqual({ rows: [older], total: 3 });
    expect(await myApplicationsPage(db.ds, randomUUID(), 0, 2)).toEqual({ rows: [], total: 0 });
  });
});
