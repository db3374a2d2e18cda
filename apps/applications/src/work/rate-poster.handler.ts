import { randomUUID } from 'node:crypto';

import { AppError, type InputOf, type OutputOf, ratePoster, workCompletedV1 } from '@marketplace/contracts';
import { type HandlerContext, limitBuckets, type OperationHandler, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { countRatings, insertRating } from './work.queries.js';
import { WorkSteps } from './work-steps.js';

/** The worker's rating of the poster completes the job and makes both ratings public. */
@Injectable()
export class RatePosterHandler implements OperationHandler<typeof ratePoster> {
  readonly operation = ratePoster;
  constructor(private readonly work: WorkSteps) {}
  handle(input: InputOf<typeof ratePoster>, ctx: HandlerContext): Promise<OutputOf<typeof ratePoster>> {
    return this.work.run(input.id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['worker'],
      forbidden: 'Only the hired worker rates the poster.',
      from: ['rating'],
      conflict: 'The poster can be rated only after approving the work, and only once.',
      to: 'completed',
      apply: async (em, hire) => {
        const given = await countRatings(em, hire.id, 'poster');
        if (given) throw AppError.conflict('You already rated the poster.');
        await insertRating(em, {
          id: randomUUID(),
          hire_id: hire.id,
          job_id: hire.job_id,
          rater_id: hire.worker_id,
          ratee_id: hire.poster_id,
          as: 'poster',
          score: input.score,
          description: input.description,
          by: hire.worker,
          created_at: new Date(),
        });
        await recordEvent(em, workCompletedV1, {
          jobId: hire.job_id,
          applicationId: hire.id,
          title: hire.title,
          posterId: hire.poster_id,
          workerId: hire.worker_id,
          actorId: hire.worker_id,
          at: new Date().toISOString(),
        });
      },
    });
  }
}
