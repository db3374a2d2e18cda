import { AppError, deleteComment, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { lockCommentOfReadableJob, markCommentDeleted } from './comments.queries.js';

/** The author or the job's poster deletes a comment: text and author go, the row (and replies) stay. */
@Injectable()
export class DeleteCommentHandler implements OperationHandler<typeof deleteComment> {
  readonly operation = deleteComment;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id }: InputOf<typeof deleteComment>, ctx: HandlerContext): Promise<OutputOf<typeof deleteComment>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().commentDeletes, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No comment has this id.');
    await this.uow.run(async (em) => {
      const row = await lockCommentOfReadableJob(em, id);
      if (!row) throw notFound;
      if (row.deleted_at) throw AppError.conflict('This comment is already deleted.');
      if (row.author_id !== caller.memberId && row.poster_id !== caller.memberId) {
        throw AppError.forbidden("Only the comment's author or the job's poster can delete it.");
      }
      await markCommentDeleted(em, id);
    });
    return { id, deleted: true };
  }
}
