import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, ratePoster, workCompletedV1, type InputOf, type OutputOf } from '@marketplace/contracts';
import { recordEvent, type HandlerContext, type OperationHandler, limitBuckets } from '@marketplace/service-kit';
import { RatingEntity } from './rating.entity.js';
import { WorkSteps } from './work-steps.js';

/** The worker's rating of the poster completes the job and makes both ratings public. */
@Injectable()
export class RatePosterHandler implements OperationHandler<typeof ratePoster> {
  readonly operation = ratePoster;
  constructor(private readonly work: WorkSteps) {}
  handle(input: InputOf<typeof ratePoster>, ctx: HandlerContext): Promise<OutputOf<typeof ratePoster>> {
    return this.work.run(input.id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['worker'], forbidden: 'Only the hired worker rates the poster.',
      from: ['rating'], conflict: 'The poster can be rated only after approving the work, and only once.',
      to: 'completed',
      apply: async (em, hire) => {
        const given = await em.countBy(RatingEntity, { hireId: hire.id, as: 'poster' });
        if (given) throw AppError.conflict('You already rated the poster.');
        await em.insert(RatingEntity, {
          id: randomUUID(), hireId: hire.id, jobId: hire.jobId, raterId: hire.workerId, rateeId: hire.posterId,
          as: 'poster', score: input.score, description: input.description, by: hire.worker, createdAt: new Date(),
        });
        await recordEvent(em, workCompletedV1, {
          jobId: hire.jobId, applicationId: hire.id, title: hire.title, posterId: hire.posterId, workerId: hire.workerId,
          actorId: hire.workerId, at: new Date().toISOString(),
        });
      },
    });
  }
}
