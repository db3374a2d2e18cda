import { randomUUID } from 'node:crypto';

import { AppError, applyToJob, type Caller, getApplicantProfile, getHiringJob, moveJobStatus, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';
import { FakeBus, openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { ApplyToJobHandler } from '../applying/apply-to-job.handler.js';
import { AcceptApplicationHandler } from '../hiring/accept-application.handler.js';
import { ClaimMemberDeletionHandler } from './claim-member-deletion.handler.js';

/**
 * Medium: account deletion's claim against accepting an application, on a real applications
 * schema. The jobs service is faked and always lets the job move; what decides is the
 * per-member lock and the claim here. Whatever the order, a member is never both hired and
 * cleared for deletion.
 */
function ctxFor(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'key', scopes: ['agent:write'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, callerToken: 'signed', surface: 'rest' };
}

const posters = new Map<string, string>();
/** Runs while an accept waits on the jobs service, holding its transaction open: the race window. */
let duringMove: (() => void | Promise<void>) | undefined;

function openJob(id: string): OutputOf<typeof getHiringJob> {
  const posterId = posters.get(id)!;
  return {
    id,
    posterId,
    poster: { id: posterId, name: 'Pat Poster', headline: null, photoUrl: null },
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

describe('account deletion racing an accept', () => {
  let db: ServiceSchema;
  let apply: ApplyToJobHandler;
  let accept: AcceptApplicationHandler;
  let claim: ClaimMemberDeletionHandler;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'deletion_race' });
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
      .answer(getHiringJob, ({ jobId }) => openJob(jobId))
      // The jobs service takes a moment: the accept holds its locks meanwhile, as in production.
      .answer(moveJobStatus, async ({ to, hiredApplicationId }) => {
        if (to === 'in_progress') await duringMove?.();
        await new Promise((r) => setTimeout(r, 15));
        return { moved: true, status: to, hiredApplicationId };
      });
    apply = new ApplyToJobHandler(db.uow, bus.asBusClient());
    accept = new AcceptApplicationHandler(db.uow, bus.asBusClient());
    claim = new ClaimMemberDeletionHandler(db.uow);
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function submitted(posterId = randomUUID()): Promise<{ applicationId: string; jobId: string; posterId: string; workerId: string }> {
    const jobId = randomUUID();
    const workerId = randomUUID();
    posters.set(jobId, posterId);
    const input = applyToJob.input.parse({ id: jobId, pitch: 'I proofread daily.', acceptResponsibility: true, model: 'm' });
    const app = await apply.handle(input, ctxFor(workerId));
    return { applicationId: app.id, jobId, posterId, workerId };
  }
  const hires = async (jobId: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hires WHERE job_id = $1', [jobId]))[0]!.n;
  const status = (err: unknown) => (err instanceof AppError ? err.status : err);

  it('a claimed worker cannot be hired, and neither can a claimed poster hire', async () => {
    const a = await submitted();
    await claim.handle({ memberId: a.workerId });
    const refused = await accept.handle({ id: a.applicationId }, ctxFor(a.posterId)).catch((e: unknown) => e);
    expect(status(refused)).toBe(409);
    expect((refused as AppError).message).toMatch(/leaving the marketplace/);

    const b = await submitted();
    await claim.handle({ memberId: b.posterId });
    expect(status(await accept.handle({ id: b.applicationId }, ctxFor(b.posterId)).catch((e: unknown) => e))).toBe(409);
    expect((await hires(a.jobId)) + (await hires(b.jobId))).toBe(0);
  });

  it('once hired, the claim is refused with the job ids; an expired claim no longer blocks a hire', async () => {
    const a = await submitted();
    await claim.handle({ memberId: a.workerId });
    await db.query(`UPDATE member_deletion_claims SET expires_at = now() - interval '1 second' WHERE member_id = $1`, [a.workerId]);
    await accept.handle({ id: a.applicationId }, ctxFor(a.posterId));
    for (const memberId of [a.workerId, a.posterId]) {
      const refused = await claim.handle({ memberId }).catch((e: unknown) => e);
      expect(status(refused)).toBe(409);
      expect((refused as AppError).extra.fields).toEqual({ jobIds: a.jobId });
    }
  });

  it('a claim made while an accept is under way waits for it, then is refused: never both', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await submitted();
      const member = round % 2 ? a.workerId : a.posterId;
      let claimed: Promise<unknown> | undefined;
      // The claim starts after the accept checked for claims and before its hire commits.
      duringMove = () => {
        claimed ??= claim.handle({ memberId: member }).then(
          () => 'claimed',
          (e: unknown) => e,
        );
      };
      try {
        await accept.handle({ id: a.applicationId }, ctxFor(a.posterId));
      } finally {
        duringMove = undefined;
      }
      const outcome = await claimed;
      expect(status(outcome), `round ${round}`).toBe(409);
      expect((outcome as AppError).extra.fields).toEqual({ jobIds: a.jobId });
      expect(await hires(a.jobId)).toBe(1);
    }
  });

  it("one poster's hires on two jobs do not wait for each other", async () => {
    const posterId = randomUUID();
    const a = await submitted(posterId);
    const b = await submitted(posterId);
    let second: unknown;
    duringMove = async () => {
      duringMove = undefined;
      // The first accept holds its locks on the poster here; the second, by the same poster, finishes meanwhile.
      second = await Promise.race([
        accept.handle({ id: b.applicationId }, ctxFor(posterId)).then(() => 'hired'),
        new Promise((r) => setTimeout(() => r('waited'), 3000)),
      ]);
    };
    try {
      await accept.handle({ id: a.applicationId }, ctxFor(posterId));
    } finally {
      duringMove = undefined;
    }
    expect(second).toBe('hired');
    expect([await hires(a.jobId), await hires(b.jobId)]).toEqual([1, 1]);
  });

  it('run at the same moment in either order, the claim and the accept never both succeed', async () => {
    for (let round = 0; round < 12; round++) {
      const a = await submitted();
      const member = round % 2 ? a.workerId : a.posterId;
      const doClaim = () => claim.handle({ memberId: member });
      const doAccept = () => accept.handle({ id: a.applicationId }, ctxFor(a.posterId));
      const [claimed, hired] =
        round % 3 === 0 ? (await Promise.allSettled([doAccept(), doClaim()])).reverse() : await Promise.allSettled([doClaim(), doAccept()]);
      const ok = [claimed!, hired!].map((r) => r.status === 'fulfilled');
      expect(ok, `round ${round}`).not.toEqual([true, true]);
      expect(ok, `round ${round}`).not.toEqual([false, false]);
      for (const r of [claimed!, hired!]) if (r.status === 'rejected') expect(status(r.reason)).toBe(409);
      expect(await hires(a.jobId)).toBe(ok[1] ? 1 : 0);
    }
  });
});
