import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  isUuid,
  AppError, acceptApplication, applicationAcceptedV1, applicationDeclinedV1, getApplicantProfile, getHiringJob,
  moveJobStatus, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, callerOf, countAttempt, limitBuckets,
} from '@marketplace/service-kit';
import { lockMembers, refuseLeavingMembers } from '../account/member-lock.js';
import { ApplicationEntity } from '../applying/application.entity.js';
import { toJobApplication } from '../applying/application.mapper.js';
import { HireEntity } from './hire.entity.js';
import { isPreferred } from './poster-job.js';
import { revertJobMove } from './revert-job-move.js';

/**
 * Hiring is two owners agreeing: this service's hire row (one live hire per job, under a per-job
 * lock) and the jobs service's compare-and-set open -> in_progress. The job is moved while the
 * local transaction is open; if anything fails afterwards the move is undone, so a failed accept
 * leaves the job open and every application as it was.
 */
@Injectable()
export class AcceptApplicationHandler implements OperationHandler<typeof acceptApplication> {
  readonly operation = acceptApplication;

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient) {}

  async handle({ id }: InputOf<typeof acceptApplication>, ctx: HandlerContext): Promise<OutputOf<typeof acceptApplication>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().applicationDecisions, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No application with this id on your jobs.');
    if (!isUuid(id)) throw notFound;
    const first = await this.uow.run((em) => em.findOneBy(ApplicationEntity, { id, posterId: caller.memberId }));
    if (!first || first.status === 'withdrawn') throw notFound;
    if (first.status !== 'submitted') throw AppError.conflict(`This application was already decided (${first.status}).`);
    const job = await this.bus.call(getHiringJob, { jobId: first.jobId }, ctx);
    if (!job.acceptingApplications) throw AppError.conflict('This job is no longer open.');
    const poster = await this.bus.call(getApplicantProfile, { memberId: caller.memberId }, ctx);

    let moved = false;
    let app: ApplicationEntity;
    try {
      app = await this.uow.run(async (em) => {
        await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`hire:${first.jobId}`]);
        // Account deletion claims a member under the same lock: no hire of someone being deleted.
        await lockMembers(em, [first.applicantId, first.posterId]);
        const row = await em.findOne(ApplicationEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row || row.status !== 'submitted') throw AppError.conflict(`This application was already decided (${row?.status ?? 'gone'}).`);
        await refuseLeavingMembers(em, [row.applicantId, row.posterId]);
        const live = await em.query(`SELECT 1 FROM hires WHERE job_id = $1 AND status <> 'cancelled'`, [row.jobId]);
        if ((live as unknown[]).length) throw AppError.conflict('Another application to this job was already accepted.');
        const move = () => this.bus.call(moveJobStatus, {
          jobId: row.jobId, from: ['open'], to: 'in_progress', hiredApplicationId: row.id, workerId: row.applicantId, reopen: false,
        }, ctx);
        let cas = await move();
        if (!cas.moved && cas.status === 'in_progress' && cas.hiredApplicationId && cas.hiredApplicationId !== row.id
          && !(await em.query('SELECT 1 FROM hires WHERE id = $1', [cas.hiredApplicationId]) as unknown[]).length) {
          // An earlier accept moved the job but neither finished nor managed to undo the move (we hold
          // the job's lock, so it is not still running): undo it now and try again.
          await revertJobMove(this.bus, ctx, row.jobId, cas.hiredApplicationId, 'in_progress', 'open');
          cas = await move();
        }
        if (!cas.moved) throw AppError.conflict('This job is no longer open.');
        moved = true;
        await this.hire(em, row, job.poster, job.posterVisibility, { name: poster.name, email: poster.email });
        return row;
      });
    } catch (err) {
      // Only an uncommitted hire is undone: once committed, the hire stands whatever happens next.
      if (moved) await revertJobMove(this.bus, ctx, first.jobId, id, 'in_progress', 'open');
      throw err;
    }
    return toJobApplication(app, job.version, isPreferred(job, { id: app.applicantId, ...app.applicant }));
  }

  private async hire(
    em: EntityManager, row: ApplicationEntity, poster: HireEntity['poster'], posterVisibility: HireEntity['posterVisibility'],
    posterContact: { name: string; email: string },
  ): Promise<void> {
    const now = new Date();
    row.status = 'accepted';
    row.decidedAt = now;
    row.posterContact = posterContact;
    await em.update(ApplicationEntity, { id: row.id }, { status: 'accepted', decidedAt: now, posterContact });
    const a = row.applicant;
    await em.insert(HireEntity, {
      id: row.id, jobId: row.jobId, posterId: row.posterId, workerId: row.applicantId, title: row.appliedTo.title,
      posterVisibility, poster, worker: { id: row.applicantId, name: a.name, headline: a.headline, photoUrl: a.photoUrl },
      status: 'in_progress', cancelRequestedAt: null, createdAt: now, updatedAt: now, completedAt: null,
    });
    const [declined] = (await em.query(
      `UPDATE applications SET status = 'declined', decided_at = $3, displaced_by = $2
       WHERE job_id = $1 AND status = 'submitted' AND id <> $2 RETURNING id, applicant_id`,
      [row.jobId, row.id, now],
    )) as [{ id: string; applicant_id: string }[], number];
    await recordEvent(em, applicationAcceptedV1, {
      applicationId: row.id, jobId: row.jobId, title: row.appliedTo.title, posterId: row.posterId,
      workerId: row.applicantId, acceptedAt: now.toISOString(),
    });
    for (const d of declined) {
      await recordEvent(em, applicationDeclinedV1, {
        applicationId: d.id, jobId: row.jobId, title: row.appliedTo.title, applicantId: d.applicant_id,
        posterId: row.posterId, reason: 'hired_other', declinedAt: now.toISOString(),
      });
    }
  }
}
