import { Injectable } from '@nestjs/common';
import { CANCELLABLE_WORK_STATUSES, cancelWork, workCancelledV1, type InputOf, type OutputOf } from '@marketplace/contracts';
import { recordEvent, type HandlerContext, type OperationHandler, limitBuckets } from '@marketplace/service-kit';
import { ApplicationEntity } from '../applying/application.entity.js';
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
        await em.update(ApplicationEntity, { id: hire.id }, { status: 'cancelled', decidedAt: new Date() });
        await em.query(
          `UPDATE applications SET status = 'submitted', decided_at = NULL, displaced_by = NULL
           WHERE displaced_by = $1 AND status = 'declined'`,
          [hire.id],
        );
        await recordEvent(em, workCancelledV1, {
          jobId: hire.jobId, applicationId: hire.id, title: hire.title, posterId: hire.posterId, workerId: hire.workerId,
          actorId: ctx.caller!.memberId, at: new Date().toISOString(), byStaff: role === 'admin',
        });
      },
    });
  }
}
