import { AppError, closeJob, type InputOf, jobClosedV1, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { toJob } from '../jobs/job.mapper.js';
import { findJobRow, lockOwnJob } from '../jobs/jobs.queries.js';
import { closeOwnJob } from './edits.queries.js';

/**
 * The poster closes an open job. job.closed is recorded in the same transaction, so the
 * applications service declines waiting applications exactly when the close commits.
 */
@Injectable()
export class CloseJobHandler implements OperationHandler<typeof closeJob> {
  readonly operation = closeJob;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id }: InputOf<typeof closeJob>, ctx: HandlerContext): Promise<OutputOf<typeof closeJob>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().jobCloses, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const row = await this.uow.run(async (em) => {
      const job = await lockOwnJob(em, id, caller.memberId);
      if (job.status !== 'open') {
        throw AppError.conflict('Only an open job can be closed; a job with a hire cannot (cancel the hire first).');
      }
      await closeOwnJob(em, id);
      await recordEvent(em, jobClosedV1, { jobId: id, posterId: caller.memberId, reason: 'poster', closedAt: new Date().toISOString() });
      return (await findJobRow(em, id))!;
    });
    return toJob(row, { revealPoster: true, detail: true });
  }
}
