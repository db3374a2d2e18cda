import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import {
  candidate,
  candidateApplications,
  declineIfWaiting,
  declineOtherTeamApplications,
  hasAcceptedTeamApplication,
  insertTeamApplication,
  lockTeamJobHiring,
  markTeamApplicationAccepted,
  saveCandidate,
  teamApplication,
  teamApplicationForUpdate,
  teamJobApplications,
  teamJobApplicationsIn,
  withdrawTeamApplication,
} from './team.queries.js';

/** Medium: the team area's statements on a real applications schema built by the migrations. */
describe('the team queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'team_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const apply = (jobId: string, candidateId: string, at: string) =>
    insertTeamApplication(db.ds, {
      id: randomUUID(),
      job_id: jobId,
      team_id: randomUUID(),
      posted_by: randomUUID(),
      title: 'Backend',
      company: 'Acme',
      budget: 5000,
      candidate_id: candidateId,
      candidate_name: 'Cal',
      candidate_state: 'NV',
      pitch: 'Hire me',
      agent: null,
      created_at: new Date(at),
    });

  it('saves a candidate profile, and saving again changes its state', async () => {
    const member = randomUUID();
    expect(await candidate(db.ds, member)).toBeUndefined();
    await saveCandidate(db.ds, member, 'NV');
    await saveCandidate(db.ds, member, 'CA');
    expect(await candidate(db.ds, member)).toEqual({ member_id: member, state: 'CA', us_work_authorized: true, updated_at: expect.any(Date) });
  });

  it('writes one application per candidate and job, lists it, and withdraws it once', async () => {
    const jobId = randomUUID();
    const cal = randomUUID();
    const inserted = await apply(jobId, cal, '2026-01-01T00:00:00Z');
    expect(inserted).toEqual({ id: expect.any(String) });
    expect(await apply(jobId, cal, '2026-01-02T00:00:00Z')).toBeUndefined();
    const later = await apply(randomUUID(), cal, '2026-01-03T00:00:00Z');
    expect(await teamApplication(db.ds, inserted!.id)).toMatchObject({
      id: inserted!.id,
      job_id: jobId,
      status: 'submitted',
      budget: 5000,
      candidate_contact: null,
      created_at: new Date('2026-01-01T00:00:00Z'),
    });
    expect((await candidateApplications(db.ds, cal)).map((a) => a.id)).toEqual([later!.id, inserted!.id]);
    expect(await teamApplication(db.ds, inserted!.id, randomUUID())).toBeUndefined();
    expect(await withdrawTeamApplication(db.ds, inserted!.id, randomUUID())).toBe(false);
    expect(await withdrawTeamApplication(db.ds, inserted!.id, cal)).toBe(true);
    expect(await withdrawTeamApplication(db.ds, inserted!.id, cal)).toBe(false);
    expect(await teamApplication(db.ds, inserted!.id, cal)).toMatchObject({ status: 'withdrawn', decided_at: expect.any(Date) });
    expect(await teamJobApplications(db.ds, jobId)).toEqual([]);
  });

  it('accepts one application with both contacts and declines the others', async () => {
    const jobId = randomUUID();
    const a = await apply(jobId, randomUUID(), '2026-01-01T00:00:00Z');
    const b = await apply(jobId, randomUUID(), '2026-01-02T00:00:00Z');
    const c = await apply(jobId, randomUUID(), '2026-01-03T00:00:00Z');
    expect((await teamJobApplications(db.ds, jobId)).map((r) => r.id)).toEqual([a!.id, b!.id, c!.id]);
    const now = new Date('2026-02-01T00:00:00Z');
    expect(await declineIfWaiting(db.ds, c!.id, now)).toBe(true);
    expect(await declineIfWaiting(db.ds, c!.id, now)).toBe(false);
    await db.uow.run(async (em) => {
      await lockTeamJobHiring(em, jobId);
      expect((await teamApplicationForUpdate(em, a!.id))?.status).toBe('submitted');
      expect(await hasAcceptedTeamApplication(em, jobId)).toBe(false);
      await markTeamApplicationAccepted(em, a!.id, now, { name: 'Cal', email: 'cal@x' }, { name: 'Tess', email: 'tess@x' });
      expect((await teamJobApplicationsIn(em, jobId, 'submitted')).map((r) => r.id)).toEqual([b!.id]);
      await declineOtherTeamApplications(em, jobId, a!.id, now);
    });
    expect(await hasAcceptedTeamApplication(db.ds, jobId)).toBe(true);
    expect(await teamApplication(db.ds, a!.id)).toMatchObject({
      status: 'accepted',
      decided_at: now,
      candidate_contact: { name: 'Cal', email: 'cal@x' },
      team_contact: { name: 'Tess', email: 'tess@x' },
    });
    expect(await teamApplication(db.ds, b!.id)).toMatchObject({ status: 'declined', decided_at: now });
    expect(await teamJobApplicationsIn(db.ds, jobId, 'submitted')).toEqual([]);
  });
});
