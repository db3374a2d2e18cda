import { CANCELLABLE_WORK_STATUSES, cancelWork, type InputOf, type OutputOf, workCancelledV1 } from '@marketplace/contracts';
import { type HandlerContext, limitBuckets, type OperationHandler, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { cancelHiredApplication } from './work.queries.js';
import { WorkSteps } from './work-steps.js';

/**
 * The worker (or staff) cancels before approval: the hire's application becomes cancelled, the
 * applications this hire declined wait again, and the job reopens for a fresh 14 days.
 */
@Injectable()
export class CancelWorkHandler implements OperationHandler<typeof cancelWork> {
  readonly operation = cancelWork;
  constructor(private readonly work: WorkSteps) {}
  handle({ id }: InputOf<typeof cancelWork>, ctx: HandlerContext): Promise<OutputOf<typeof cancelWork>> {
    return this.work.run(id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['worker', 'admin'],
      forbidden: 'You posted this job: ask the worker to cancel with POST /api/me/jobs/{id}/cancel-request.',
      from: CANCELLABLE_WORK_STATUSES,
      conflict: 'Approved or completed work can no longer be cancelled.',
      to: 'cancelled',
      apply: async (em, hire, role) => {
        await cancelHiredApplication(em, hire.id, new Date());
        await recordEvent(em, workCancelledV1, {
          jobId: hire.job_id,
          applicationId: hire.id,
          title: hire.title,
          posterId: hire.poster_id,
          workerId: hire.worker_id,
          actorId: ctx.caller!.memberId,
          at: new Date().toISOString(),
          byStaff: role === 'admin',
        });
      },
    });
  }
}
