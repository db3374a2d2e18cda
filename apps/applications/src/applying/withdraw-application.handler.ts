import { AppError, applicationWithdrawnV1, getJobStates, type InputOf, type OutputOf, withdrawApplication } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { toMyApplication } from './application.mapper.js';
import { decideWaiting, waitingBefore, type WaitingDecision } from './decide-waiting.js';

/** Only a waiting application can be withdrawn; withdrawing frees the member to apply again. */
@Injectable()
export class WithdrawApplicationHandler implements OperationHandler<typeof withdrawApplication> {
  readonly operation = withdrawApplication;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof withdrawApplication>, ctx: HandlerContext): Promise<OutputOf<typeof withdrawApplication>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().withdrawals, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('You have no application with this id.');
    const decision: WaitingDecision = {
      where: { id, applicant_id: caller.memberId },
      notFound,
      hidden: [],
      to: 'withdrawn',
      refused: (status) => AppError.conflict(`Only a waiting application can be withdrawn; this one is ${status}.`),
      record: (em, row, at) =>
        recordEvent(em, applicationWithdrawnV1, {
          applicationId: id,
          jobId: row.job_id,
          applicantId: row.applicant_id,
          posterId: row.poster_id,
          withdrawnAt: at.toISOString(),
        }),
    };
    const before = await waitingBefore(this.uow, decision);
    const { jobs } = await this.bus.call(getJobStates, { jobIds: [before.job_id] }, ctx);
    const app = await decideWaiting(this.uow, decision);
    return toMyApplication(app, jobs[0]);
  }
}
