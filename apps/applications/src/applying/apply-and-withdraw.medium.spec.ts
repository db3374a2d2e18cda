import { randomUUID } from 'node:crypto';

import {
  AppError,
  applicationSubmittedV1,
  applicationWithdrawnV1,
  applyToJob,
  type Caller,
  getApplicantProfile,
  getHiringJob,
  getJobStates,
  type InputOf,
  type OutputOf,
} from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';
import { FakeBus, openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { ApplyToJobHandler } from './apply-to-job.handler.js';
import { WithdrawApplicationHandler } from './withdraw-application.handler.js';

/**
 * Medium: the apply and withdraw handlers against the applications schema as its migrations build
 * it on a real PostgreSQL, with a fake bus standing in for identity and jobs. What they prove and a
 * unit test cannot: the rows and outbox events really written in one transaction, the unique
 * index that lets only one of two simultaneous applications through, and the limit counted in
 * the service's own limit_attempts.
 */
const posterId = randomUUID();
const jobId = randomUUID();
const poster = { id: posterId, name: 'Pat Poster', headline: 'Hires writers', photoUrl: null };

function profileOf(memberId: string): OutputOf<typeof getApplicantProfile> {
  return {
    id: memberId,
    name: 'Ann Applicant',
    headline: 'Writer',
    photoUrl: null,
    skills: ['Writing'],
    city: 'Reno',
    state: 'NV',
    website: null,
    networkUrl: null,
    resume: '# Ann',
    email: 'ann@example.test',
    applicantVisibility: 'public',
    missing: [],
  };
}

const hiringJob: OutputOf<typeof getHiringJob> = {
  id: jobId,
  posterId,
  poster,
  posterVisibility: 'public',
  status: 'open',
  acceptingApplications: true,
  publiclyReadable: true,
  version: 2,
  title: 'Write a haiku',
  category: 'writing',
  constraints: 'Five, seven, five.',
  versionCreatedAt: new Date().toISOString(),
  preferredWorkers: [],
  hiredApplicationId: null,
  workerId: null,
};

function fakeServices(): FakeBus {
  return new FakeBus()
    .answer(getApplicantProfile, ({ memberId }) => profileOf(memberId))
    .answer(getHiringJob, ({ jobId: id }) => {
      if (id !== jobId) throw AppError.notFound('No such job.');
      return hiringJob;
    })
    .answer(getJobStates, ({ jobIds }) => ({
      jobs: jobIds
        .filter((id) => id === jobId)
        .map((id) => ({
          id,
          title: hiringJob.title,
          status: 'open' as const,
          version: hiringJob.version,
          posterId,
          posterVisibility: 'public' as const,
          poster,
        })),
    }));
}

function ctxFor(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'key', scopes: ['agent:read', 'agent:write'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, callerToken: 'signed-by-the-gateway', surface: 'rest' };
}

const application = (over: Partial<InputOf<typeof applyToJob>> = {}): InputOf<typeof applyToJob> =>
  applyToJob.input.parse({ id: jobId, pitch: 'I write haiku daily.', acceptResponsibility: true, model: 'test-model-1', ...over });

interface ApplicationRow {
  id: string;
  job_id: string;
  applicant_id: string;
  status: string;
  model: string | null;
  via_agent: boolean;
  applied_to: { version: number; title: string };
  decided_at: Date | null;
}

describe('applying and withdrawing, against a real applications schema', () => {
  let db: ServiceSchema;
  let bus: FakeBus;
  let apply: ApplyToJobHandler;
  let withdraw: WithdrawApplicationHandler;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'applications' });
    bus = fakeServices();
    apply = new ApplyToJobHandler(db.uow, bus.asBusClient());
    withdraw = new WithdrawApplicationHandler(db.uow, bus.asBusClient());
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const rowsOf = (applicantId: string) => db.query<ApplicationRow>('SELECT * FROM applications WHERE applicant_id = $1 ORDER BY created_at', [applicantId]);
  const eventsFor = async (applicationId: string) =>
    (await db.outbox()).filter((e) => (e.envelope.payload as { applicationId?: string }).applicationId === applicationId);

  it('apply writes the application with the job version read, records application.submitted, and counts the attempt', async () => {
    const ann = randomUUID();
    const kicks = db.relayKicks();
    const mine = await apply.handle(application({ jobVersion: 2 }), ctxFor(ann));

    const [row, ...more] = await rowsOf(ann);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: mine.id,
      job_id: jobId,
      applicant_id: ann,
      status: 'submitted',
      model: 'test-model-1',
      via_agent: true,
      applied_to: expect.objectContaining({ version: 2, title: 'Write a haiku' }),
      decided_at: null,
    });
    const events = await eventsFor(mine.id);
    expect(events.map((e) => [e.subject, e.envelope.type, e.envelope.producer])).toEqual([
      [applicationSubmittedV1.subject, 'application.submitted', 'applications'],
    ]);
    expect(events[0]!.envelope.payload).toEqual({
      applicationId: mine.id,
      jobId,
      applicantId: ann,
      posterId,
      jobVersion: 2,
      viaAgent: true,
      submittedAt: expect.any(String),
    });
    expect(db.relayKicks()).toBe(kicks + 1);
    const counted = await db.query<{ n: number }>(`SELECT sum(count)::int AS n FROM limit_attempts WHERE bucket = 'applications' AND subject = $1`, [ann]);
    expect(counted[0]!.n).toBe(1);
    // The other services were asked about this member and this job, on the caller's behalf.
    expect(bus.inputsOf(getApplicantProfile)).toContainEqual({ memberId: ann });
    expect(bus.calls.every((c) => c.ctx.callerToken === 'signed-by-the-gateway')).toBe(true);
  });

  it('two simultaneous applications by one member: one row, one event, the other a 409', async () => {
    const bob = randomUUID();
    const outcomes = await Promise.allSettled([apply.handle(application(), ctxFor(bob)), apply.handle(application(), ctxFor(bob))]);
    const won = outcomes.filter((o): o is PromiseFulfilledResult<OutputOf<typeof applyToJob>> => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(AppError);
    expect((lost[0]!.reason as AppError).status).toBe(409);
    expect(await rowsOf(bob)).toHaveLength(1);
    const submitted = (await db.outbox()).filter((e) => (e.envelope.payload as { applicantId?: string }).applicantId === bob);
    expect(submitted).toHaveLength(1);
  });

  it('a refused application writes nothing: stale job version (409) and unknown job (404)', async () => {
    const cat = randomUUID();
    const before = (await db.outbox()).length;
    await expect(apply.handle(application({ jobVersion: 1 }), ctxFor(cat))).rejects.toMatchObject({ status: 409 });
    await expect(apply.handle(application({ id: randomUUID() }), ctxFor(cat))).rejects.toMatchObject({ status: 404 });
    expect(await rowsOf(cat)).toEqual([]);
    expect((await db.outbox()).length).toBe(before);
  });

  it('withdraw marks the row withdrawn with decided_at, records application.withdrawn, and frees the member to apply again', async () => {
    const dee = randomUUID();
    const first = await apply.handle(application(), ctxFor(dee));
    const withdrawn = await withdraw.handle({ id: first.id }, ctxFor(dee));
    expect(withdrawn).toMatchObject({ id: first.id, status: 'withdrawn' });

    const [row] = await rowsOf(dee);
    expect(row).toMatchObject({ id: first.id, status: 'withdrawn', decided_at: expect.any(Date) });
    const events = await eventsFor(first.id);
    expect(events.map((e) => e.subject)).toEqual([applicationSubmittedV1.subject, applicationWithdrawnV1.subject]);
    expect(events[1]!.envelope.payload).toEqual({
      applicationId: first.id,
      jobId,
      applicantId: dee,
      posterId,
      withdrawnAt: row!.decided_at!.toISOString(),
    });

    // Only a waiting application can be withdrawn; the unique index ignores withdrawn rows.
    await expect(withdraw.handle({ id: first.id }, ctxFor(dee))).rejects.toMatchObject({ status: 409 });
    const again = await apply.handle(application(), ctxFor(dee));
    expect((await rowsOf(dee)).map((r) => [r.id, r.status])).toEqual([
      [first.id, 'withdrawn'],
      [again.id, 'submitted'],
    ]);
  });

  it("withdraw of someone else's application is a 404 and changes nothing", async () => {
    const eve = randomUUID();
    const mine = await apply.handle(application(), ctxFor(eve));
    const before = (await db.outbox()).length;
    await expect(withdraw.handle({ id: mine.id }, ctxFor(randomUUID()))).rejects.toMatchObject({ status: 404 });
    expect((await rowsOf(eve))[0]!.status).toBe('submitted');
    expect((await db.outbox()).length).toBe(before);
  });
});
