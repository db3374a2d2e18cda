import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { approveWork, workApprovedV1, type InputOf, type OutputOf } from '@marketplace/contracts';
import { recordEvent, type HandlerContext, type OperationHandler, limitBuckets } from '@marketplace/service-kit';
import { decideLatestRound } from './latest-round.js';
import { RatingEntity } from './rating.entity.js';
import { WorkSteps } from './work-steps.js';

/** Approval carries the poster's rating of the worker, private until the worker rates back. */
@Injectable()
export class ApproveWorkHandler implements OperationHandler<typeof approveWork> {
  readonly operation = approveWork;
  constructor(private readonly work: WorkSteps) {}
  handle(input: InputOf<typeof approveWork>, ctx: HandlerContext): Promise<OutputOf<typeof approveWork>> {
    return this.work.run(input.id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['poster'], forbidden: 'Only the poster approves work.',
      from: ['submitted'], conflict: 'No turned-in work is waiting for approval.',
      to: 'rating',
      apply: async (em, hire) => {
        await decideLatestRound(em, hire.id, 'approved', null);
        await em.insert(RatingEntity, {
          id: randomUUID(), hireId: hire.id, jobId: hire.jobId, raterId: hire.posterId, rateeId: hire.workerId,
          as: 'worker', score: input.score, description: input.description, by: hire.poster, createdAt: new Date(),
        });
        await recordEvent(em, workApprovedV1, {
          jobId: hire.jobId, applicationId: hire.id, title: hire.title, posterId: hire.posterId, workerId: hire.workerId,
          actorId: hire.posterId, at: new Date().toISOString(),
        });
      },
    });
  }
}
