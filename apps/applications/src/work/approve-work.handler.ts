import { randomUUID } from 'node:crypto';

import { approveWork, type InputOf, type OutputOf, workApprovedV1 } from '@marketplace/contracts';
import { type HandlerContext, limitBuckets, type OperationHandler, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { decideLatestRound, insertRating } from './work.queries.js';
import { WorkSteps } from './work-steps.js';

/** Approval carries the poster's rating of the worker, private until the worker rates back. */
@Injectable()
export class ApproveWorkHandler implements OperationHandler<typeof approveWork> {
  readonly operation = approveWork;
  constructor(private readonly work: WorkSteps) {}
  handle(input: InputOf<typeof approveWork>, ctx: HandlerContext): Promise<OutputOf<typeof approveWork>> {
    return this.work.run(input.id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['poster'],
      forbidden: 'Only the poster approves work.',
      from: ['submitted'],
      conflict: 'No turned-in work is waiting for approval.',
      to: 'rating',
      apply: async (em, hire) => {
        await decideLatestRound(em, hire.id, 'approved', null);
        await insertRating(em, {
          id: randomUUID(),
          hire_id: hire.id,
          job_id: hire.job_id,
          rater_id: hire.poster_id,
          ratee_id: hire.worker_id,
          as: 'worker',
          score: input.score,
          description: input.description,
          by: hire.poster,
          created_at: new Date(),
        });
        await recordEvent(em, workApprovedV1, {
          jobId: hire.job_id,
          applicationId: hire.id,
          title: hire.title,
          posterId: hire.poster_id,
          workerId: hire.worker_id,
          actorId: hire.poster_id,
          at: new Date().toISOString(),
        });
      },
    });
  }
}
