import { Injectable } from '@nestjs/common';
import {
  isUuid,
  AppError, applicationDeclinedV1, declineApplication, getHiringJob, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, callerOf, countAttempt, limitBuckets,
} from '@marketplace/service-kit';
import { ApplicationEntity } from '../applying/application.entity.js';
import { toJobApplication } from '../applying/application.mapper.js';
import { isPreferred } from './poster-job.js';

@Injectable()
export class DeclineApplicationHandler implements OperationHandler<typeof declineApplication> {
  readonly operation = declineApplication;

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient) {}

  async handle({ id }: InputOf<typeof declineApplication>, ctx: HandlerContext): Promise<OutputOf<typeof declineApplication>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().applicationDecisions, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No application with this id on your jobs.');
    if (!isUuid(id)) throw notFound;
    // Read the job first: once the decline commits, an unavailable jobs service must not turn it into a 503.
    const before = await this.uow.run((em) => em.findOneBy(ApplicationEntity, { id, posterId: caller.memberId }));
    if (!before || before.status === 'withdrawn') throw notFound;
    const job = await this.bus.call(getHiringJob, { jobId: before.jobId }, ctx);
    const app = await this.uow.run(async (em) => {
      const row = await em.findOne(ApplicationEntity, { where: { id, posterId: caller.memberId }, lock: { mode: 'pessimistic_write' } });
      if (!row || row.status === 'withdrawn') throw notFound;
      if (row.status !== 'submitted') throw AppError.conflict(`This application was already decided (${row.status}).`);
      row.status = 'declined';
      row.decidedAt = new Date();
      await em.update(ApplicationEntity, { id }, { status: row.status, decidedAt: row.decidedAt });
      await recordEvent(em, applicationDeclinedV1, {
        applicationId: id, jobId: row.jobId, title: row.appliedTo.title, applicantId: row.applicantId,
        posterId: row.posterId, reason: 'poster', declinedAt: row.decidedAt.toISOString(),
      });
      return row;
    });
    return toJobApplication(app, job.version, isPreferred(job, { id: app.applicantId, ...app.applicant }));
  }
}
