import { type InputOf, type OutputOf, requestChanges, workChangesRequestedV1 } from '@marketplace/contracts';
import { type HandlerContext, limitBuckets, type OperationHandler, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { decideLatestRound } from './work.queries.js';
import { WorkSteps } from './work-steps.js';

@Injectable()
export class RequestChangesHandler implements OperationHandler<typeof requestChanges> {
  readonly operation = requestChanges;
  constructor(private readonly work: WorkSteps) {}
  handle(input: InputOf<typeof requestChanges>, ctx: HandlerContext): Promise<OutputOf<typeof requestChanges>> {
    return this.work.run(input.id, ctx, {
      limit: limitBuckets().workSteps,
      roles: ['poster'],
      forbidden: 'Only the poster asks for changes.',
      from: ['submitted'],
      conflict: 'No turned-in work is waiting for review.',
      to: 'changes_requested',
      apply: async (em, hire) => {
        const round = await decideLatestRound(em, hire.id, 'changes_requested', input.feedback);
        await recordEvent(em, workChangesRequestedV1, {
          jobId: hire.job_id,
          applicationId: hire.id,
          title: hire.title,
          posterId: hire.poster_id,
          workerId: hire.worker_id,
          actorId: hire.poster_id,
          at: new Date().toISOString(),
          round,
        });
      },
    });
  }
}
