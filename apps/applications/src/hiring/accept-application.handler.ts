import {
  acceptApplication,
  AppError,
  applicationAcceptedV1,
  applicationDeclinedV1,
  getApplicantProfile,
  getHiringJob,
  type InputOf,
  moveJobStatus,
  type OutputOf,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { lockHiringSharingMembers, refuseLeavingMembers } from '../account/member-lock.js';
import { toJobApplication } from '../applying/application.mapper.js';
import { type ApplicationRow, findApplication } from '../applying/applications.queries.js';
import { hasLiveHire, hireExists, type HireRow, recordHire } from './hiring.queries.js';
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

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof acceptApplication>, ctx: HandlerContext): Promise<OutputOf<typeof acceptApplication>> {
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No application with this id on your jobs.');
    // The attempt is counted and the application read in one transaction: one round trip fewer.
    const first = await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().applicationDecisions, caller.memberId);
      return findApplication(em, { id, poster_id: caller.memberId });
    });
    if (!first || first.status === 'withdrawn') throw notFound;
    if (first.status !== 'submitted') throw AppError.conflict(`This application was already decided (${first.status}).`);
    // Both reads at once: the job's state decides first, the poster's card is only used after it.
    const [job, poster] = await Promise.all([
      this.bus.call(getHiringJob, { jobId: first.job_id }, ctx),
      this.bus.call(getApplicantProfile, { memberId: caller.memberId }, ctx).then(
        (card) => ({ card }),
        (err: unknown) => ({ err }),
      ),
    ]);
    if (!job.acceptingApplications) throw AppError.conflict('This job is no longer open.');
    if ('err' in poster) throw poster.err;

    let moved = false;
    let app: ApplicationRow;
    try {
      app = await this.uow.run(async (em) => {
        // The job's hiring lock, and both members' work locks shared, in one round trip: account
        // deletion claims a member under the same lock, so no hire of someone being deleted.
        await lockHiringSharingMembers(em, first.job_id, [first.applicant_id, first.poster_id]);
        const row = await findApplication(em, { id }, { forUpdate: true });
        if (!row || row.status !== 'submitted') throw AppError.conflict(`This application was already decided (${row?.status ?? 'gone'}).`);
        await refuseLeavingMembers(em, [row.applicant_id, row.poster_id]);
        if (await hasLiveHire(em, row.job_id)) throw AppError.conflict('Another application to this job was already accepted.');
        const move = () =>
          this.bus.call(
            moveJobStatus,
            {
              jobId: row.job_id,
              from: ['open'],
              to: 'in_progress',
              hiredApplicationId: row.id,
              workerId: row.applicant_id,
              reopen: false,
            },
            ctx,
          );
        let cas = await move();
        if (
          !cas.moved &&
          cas.status === 'in_progress' &&
          cas.hiredApplicationId &&
          cas.hiredApplicationId !== row.id &&
          !(await hireExists(em, cas.hiredApplicationId))
        ) {
          // An earlier accept moved the job but neither finished nor managed to undo the move (we hold
          // the job's lock, so it is not still running): undo it now and try again.
          await revertJobMove(this.bus, ctx, row.job_id, cas.hiredApplicationId, 'in_progress', 'open');
          cas = await move();
        }
        if (!cas.moved) throw AppError.conflict('This job is no longer open.');
        moved = true;
        await this.hire(em, row, job.poster, job.posterVisibility, { name: poster.card.name, email: poster.card.email });
        return row;
      });
    } catch (err) {
      // Only an uncommitted hire is undone: once committed, the hire stands whatever happens next.
      if (moved) await revertJobMove(this.bus, ctx, first.job_id, id, 'in_progress', 'open');
      throw err;
    }
    return toJobApplication(app, job.version, isPreferred(job, { id: app.applicant_id, ...app.applicant }));
  }

  private async hire(
    em: EntityManager,
    row: ApplicationRow,
    poster: HireRow['poster'],
    posterVisibility: HireRow['poster_visibility'],
    posterContact: { name: string; email: string },
  ): Promise<void> {
    const now = new Date();
    row.status = 'accepted';
    row.decided_at = now;
    row.poster_contact = posterContact;
    const a = row.applicant;
    // Accepted, hired, and the others declined: one statement.
    const declined = await recordHire(
      em,
      {
        id: row.id,
        job_id: row.job_id,
        poster_id: row.poster_id,
        worker_id: row.applicant_id,
        title: row.applied_to.title,
        poster_visibility: posterVisibility,
        poster,
        worker: { id: row.applicant_id, name: a.name, headline: a.headline, photoUrl: a.photoUrl },
        status: 'in_progress',
        cancel_requested_at: null,
        created_at: now,
        updated_at: now,
        completed_at: null,
      },
      posterContact,
    );
    await recordEvent(em, applicationAcceptedV1, {
      applicationId: row.id,
      jobId: row.job_id,
      title: row.applied_to.title,
      posterId: row.poster_id,
      workerId: row.applicant_id,
      acceptedAt: now.toISOString(),
    });
    for (const d of declined) {
      await recordEvent(em, applicationDeclinedV1, {
        applicationId: d.id,
        jobId: row.job_id,
        title: row.applied_to.title,
        applicantId: d.applicant_id,
        posterId: row.poster_id,
        reason: 'hired_other',
        declinedAt: now.toISOString(),
      });
    }
  }
}
