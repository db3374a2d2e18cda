import { type InputOf, type OutputOf, setContentRemoved } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { isJobId } from '../jobs/jobs.queries.js';
import { lockCommentForModeration, lockJobForModeration, setCommentRemoved, setJobRemoved } from './moderation.queries.js';

type Result = OutputOf<typeof setContentRemoved>;

const NOT_FOUND: Result = { found: false, ownerId: null, evidence: null };

/**
 * Moderation of what jobs holds, for admin. A removed job is `safety_hidden`, which every public
 * read (board, search, member pages, posters, details) already leaves out; a removed comment keeps
 * its text for a restore but reads as removed. Setting the same state again changes nothing, so
 * admin may retry or undo after a failure of its own.
 */
@Injectable()
export class SetContentRemovedHandler implements OperationHandler<typeof setContentRemoved> {
  readonly operation = setContentRemoved;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ kind, itemId, removed }: InputOf<typeof setContentRemoved>): Promise<Result> {
    if (!isJobId(itemId)) return NOT_FOUND;
    return this.uow.run(async (em) => {
      if (kind === 'job') {
        const job = await lockJobForModeration(em, itemId);
        if (!job) return NOT_FOUND;
        // A staff decision outranks a suspension's hiding: lifting the suspension must not undo it.
        await setJobRemoved(em, itemId, removed);
        return { found: true, ownerId: job.poster_id, evidence: { title: job.title, constraints: job.constraints } };
      }
      const comment = await lockCommentForModeration(em, itemId);
      if (!comment) return NOT_FOUND;
      await setCommentRemoved(em, itemId, removed);
      return { found: true, ownerId: comment.author_id, evidence: { jobId: comment.job_id, body: comment.body } };
    });
  }
}
