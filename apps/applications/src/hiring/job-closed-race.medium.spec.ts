import { randomUUID } from 'node:crypto';

import { AppError, applyToJob, type Caller, getApplicantProfile, getHiringJob, jobClosedV1, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';
import { FakeBus, openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { ApplyToJobHandler } from '../applying/apply-to-job.handler.js';
import { shareJobState } from './hiring.queries.js';
import { JobClosedConsumer } from './job-closed.consumer.js';

/**
 * Medium: job.closed against applying, on a real applications schema. The jobs service still
 * answers "open" (the read an application makes before its transaction), as it would for an
 * application racing the close: what decides is the order of the two transactions here.
 */
const posterId = randomUUID();
const poster = { id: posterId, name: 'Pat Poster', headline: null, photoUrl: null };

function openJob(id: string): OutputOf<typeof getHiringJob> {
  return {
    id,
    posterId,
    poster,
    posterVisibility: 'public',
    status: 'open',
    acceptingApplications: true,
    publiclyReadable: true,
    version: 1,
    title: 'Proofread a page',
    category: 'writing',
    constraints: 'One page.',
    versionCreatedAt: new Date().toISOString(),
    preferredWorkers: [],
    hiredApplicationId: null,
    workerId: null,
  };
}

function ctxFor(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'key', scopes: ['agent:write'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, callerToken: 'signed', surface: 'rest' };
}

describe('an application racing job.closed', () => {
  let db: ServiceSchema;
  let apply: ApplyToJobHandler;
  const consumer = new JobClosedConsumer();
  const closed = (jobId: string) => ({
    id: randomUUID(),
    type: jobClosedV1.type,
    version: 1,
    producer: 'jobs' as const,
    occurredAt: new Date().toISOString(),
    payload: jobClosedV1.payload.parse({ jobId, posterId, reason: 'poster', closedAt: new Date().toISOString() }),
  });

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'job_closed_race' });
    const bus = new FakeBus()
      .answer(getApplicantProfile, ({ memberId }) => ({
        id: memberId,
        name: 'Ann',
        headline: null,
        photoUrl: null,
        skills: [],
        city: null,
        state: null,
        website: null,
        networkUrl: null,
        resume: '# Ann',
        email: 'ann@example.test',
        applicantVisibility: 'anonymous' as const,
        missing: [],
      }))
      .answer(getHiringJob, ({ jobId }) => openJob(jobId));
    apply = new ApplyToJobHandler(db.uow, bus.asBusClient());
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const input = (id: string) => applyToJob.input.parse({ id, pitch: 'I proofread daily.', acceptResponsibility: true, model: 'm' });
  const statuses = async (jobId: string) =>
    (await db.query<{ status: string }>('SELECT status FROM applications WHERE job_id = $1', [jobId])).map((r) => r.status);

  it('an application written after the close was processed is refused, not left waiting', async () => {
    const jobId = randomUUID();
    await db.uow.run((em) => consumer.apply(closed(jobId), em));
    const refused = await apply.handle(input(jobId), ctxFor(randomUUID())).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(404);
    expect(await statuses(jobId)).toEqual([]);
  });

  it('an application written before the close is declined by it', async () => {
    const jobId = randomUUID();
    await apply.handle(input(jobId), ctxFor(randomUUID()));
    await db.uow.run((em) => consumer.apply(closed(jobId), em));
    expect(await statuses(jobId)).toEqual(['declined']);
  });

  it('applications to one job do not wait for each other, but the close waits for them', async () => {
    const jobId = randomUUID();
    // An application's transaction still open on the job (its shared hold), as while it inserts.
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const open = db.uow.run(async (em) => {
      await shareJobState(em, jobId);
      held();
      await new Promise<void>((r) => (release = r));
    });
    await holding;
    const second = await Promise.race([
      apply.handle(input(jobId), ctxFor(randomUUID())).then(() => 'applied'),
      new Promise((r) => setTimeout(() => r('waited'), 2000)),
    ]);
    expect(second).toBe('applied');
    let closedAt: 'closed' | undefined;
    const closing = db.uow.run((em) => consumer.apply(closed(jobId), em)).then(() => (closedAt = 'closed'));
    await new Promise((r) => setTimeout(r, 300));
    expect(closedAt).toBeUndefined();
    release();
    await open;
    await closing;
    expect(await statuses(jobId)).toEqual(['declined']);
  });

  it('run at the same moment, no application is left submitted', async () => {
    for (let round = 0; round < 5; round++) {
      const jobId = randomUUID();
      await Promise.allSettled([
        ...Array.from({ length: 4 }, () => apply.handle(input(jobId), ctxFor(randomUUID()))),
        db.uow.run((em) => consumer.apply(closed(jobId), em)),
      ]);
      expect(await statuses(jobId)).not.toContain('submitted');
    }
  });
});
