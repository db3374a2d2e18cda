import { Injectable } from '@nestjs/common';
import {
  isUuid,
  AppError, applicationWithdrawnV1, getJobStates, withdrawApplication, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, callerOf, countAttempt, limitBuckets,
} from '@marketplace/service-kit';
import { ApplicationEntity } from './application.entity.js';
import { toMyApplication } from './application.mapper.js';

/** Only a waiting application can be withdrawn; withdrawing frees the member to apply again. */
@Injectable()
export class WithdrawApplicationHandler implements OperationHandler<typeof withdrawApplication> {
  readonly operation = withdrawApplication;

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient) {}

  async handle({ id }: InputOf<typeof withdrawApplication>, ctx: HandlerContext): Promise<OutputOf<typeof withdrawApplication>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().withdrawals, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('You have no application with this id.');
    if (!isUuid(id)) throw notFound;
    // Read the job first: once the withdrawal commits, an unavailable jobs service must not turn it into a 503.
    const before = await this.uow.run((em) => em.findOneBy(ApplicationEntity, { id, applicantId: caller.memberId }));
    if (!before) throw notFound;
    const { jobs } = await this.bus.call(getJobStates, { jobIds: [before.jobId] }, ctx);
    const app = await this.uow.run(async (em) => {
      const row = await em.findOne(ApplicationEntity, { where: { id, applicantId: caller.memberId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw notFound;
      if (row.status !== 'submitted') {
        throw AppError.conflict(`Only a waiting application can be withdrawn; this one is ${row.status}.`);
      }
      row.status = 'withdrawn';
      row.decidedAt = new Date();
      await em.update(ApplicationEntity, { id }, { status: row.status, decidedAt: row.decidedAt });
      await recordEvent(em, applicationWithdrawnV1, {
        applicationId: id, jobId: row.jobId, applicantId: row.applicantId, posterId: row.posterId,
        withdrawnAt: row.decidedAt.toISOString(),
      });
      return row;
    });
    return toMyApplication(app, jobs[0]);
  }
}
