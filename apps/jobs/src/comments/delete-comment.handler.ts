import { Injectable } from '@nestjs/common';
import { AppError, deleteComment, type InputOf, type OutputOf } from '@marketplace/contracts';
import {
  UnitOfWork, type HandlerContext, type OperationHandler, callerOf, countAttempt, limitBuckets,
} from '@marketplace/service-kit';
import { isJobId, PUBLICLY_READABLE } from '../jobs/jobs.queries.js';

/** The author or the job's poster deletes a comment: text and author go, the row (and replies) stay. */
@Injectable()
export class DeleteCommentHandler implements OperationHandler<typeof deleteComment> {
  readonly operation = deleteComment;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id }: InputOf<typeof deleteComment>, ctx: HandlerContext): Promise<OutputOf<typeof deleteComment>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().commentDeletes, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No comment has this id.');
    if (!isJobId(id)) throw notFound;
    await this.uow.run(async (em) => {
      const [row] = (await em.query(
        `SELECT c.author_id, c.deleted_at, j.poster_id FROM job_comments c JOIN jobs j ON j.id = c.job_id
         WHERE c.id = $1 AND ${PUBLICLY_READABLE} FOR UPDATE OF c`,
        [id],
      )) as { author_id: string | null; deleted_at: Date | null; poster_id: string }[];
      if (!row) throw notFound;
      if (row.deleted_at) throw AppError.conflict('This comment is already deleted.');
      if (row.author_id !== caller.memberId && row.poster_id !== caller.memberId) {
        throw AppError.forbidden('Only the comment\'s author or the job\'s poster can delete it.');
      }
      await em.query(
        `UPDATE job_comments SET body = NULL, author_id = NULL, author_name = NULL, deleted_at = now() WHERE id = $1`, [id]);
    });
    return { id, deleted: true };
  }
}
