import { AppError, applicationDeclinedV1, declineApplication, getHiringJob, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { toJobApplication } from '../applying/application.mapper.js';
import { decideWaiting, waitingBefore, type WaitingDecision } from '../applying/decide-waiting.js';
import { isPreferred } from './poster-job.js';

@Injectable()
export class DeclineApplicationHandler implements OperationHandler<typeof declineApplication> {
  readonly operation = declineApplication;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof declineApplication>, ctx: HandlerContext): Promise<OutputOf<typeof declineApplication>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().applicationDecisions, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No application with this id on your jobs.');
    const decision: WaitingDecision = {
      where: { id, poster_id: caller.memberId },
      notFound,
      hidden: ['withdrawn'],
      to: 'declined',
      refused: (status) => AppError.conflict(`This application was already decided (${status}).`),
      record: (em, row, at) =>
        recordEvent(em, applicationDeclinedV1, {
          applicationId: id,
          jobId: row.job_id,
          title: row.applied_to.title,
          applicantId: row.applicant_id,
          posterId: row.poster_id,
          reason: 'poster',
          declinedAt: at.toISOString(),
        }),
    };
    const before = await waitingBefore(this.uow, decision);
    const job = await this.bus.call(getHiringJob, { jobId: before.job_id }, ctx);
    const app = await decideWaiting(this.uow, decision);
    return toJobApplication(app, job.version, isPreferred(job, { id: app.applicant_id, ...app.applicant }));
  }
}
