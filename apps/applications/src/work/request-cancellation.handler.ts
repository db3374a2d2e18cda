import { AppError, CANCELLABLE_WORK_STATUSES, type InputOf, type OutputOf, requestCancellation, workCancellationRequestedV1 } from '@marketplace/contracts';
import { type HandlerContext, limitBuckets, type OperationHandler, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { WorkSteps } from './work-steps.js';

/** Changes no status: it records the request, and the worker confirms with cancel. */
@Injectable()
export class RequestCancellationHandler implements OperationHandler<typeof requestCancellation> {
  readonly operation = requestCancellation;
  constructor(private readonly work: WorkSteps) {}
  handle({ id }: InputOf<typeof requestCancellation>, ctx: HandlerContext): Promise<OutputOf<typeof requestCancellation>> {
    return this.work.run(id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['poster'],
      forbidden: 'Only the poster asks for a cancellation.',
      from: CANCELLABLE_WORK_STATUSES,
      conflict: 'Approved or completed work can no longer be cancelled.',
      to: null,
      apply: async (em, hire) => {
        if (hire.cancel_requested_at) throw AppError.conflict('You already asked the worker to cancel.');
        hire.cancel_requested_at = new Date();
        await recordEvent(em, workCancellationRequestedV1, {
          jobId: hire.job_id,
          applicationId: hire.id,
          title: hire.title,
          posterId: hire.poster_id,
          workerId: hire.worker_id,
          actorId: hire.poster_id,
          at: hire.cancel_requested_at.toISOString(),
        });
      },
    });
  }
}
