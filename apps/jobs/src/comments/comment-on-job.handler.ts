import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, commentOnJob, getMemberCard, jobCommentedV1, reviewPublicText, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, callerOf, countAttempt, limitBuckets } from '@marketplace/service-kit';
import { isJobId, PUBLICLY_READABLE } from '../jobs/jobs.queries.js';
import { COMMENT_COLUMNS, toComment, type CommentJob, type CommentRow } from './comment.mapper.js';

/**
 * Public comments on open or completed jobs. A comment made with an API key or over MCP is marked
 * as written by an agent; only a browser session writes as a person.
 */
@Injectable()
export class CommentOnJobHandler implements OperationHandler<typeof commentOnJob> {
  readonly operation = commentOnJob;

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient) {}

  async handle(input: InputOf<typeof commentOnJob>, ctx: HandlerContext): Promise<OutputOf<typeof commentOnJob>> {
    const caller = callerOf(ctx);
    if (!isJobId(input.id)) throw AppError.notFound('No open or completed job has this id.');
    if (input.parentId !== undefined && !isJobId(input.parentId)) throw AppError.notFound('No such comment on this job.');
    const card = await this.bus.call(getMemberCard, { memberId: caller.memberId }, ctx);
    const kind = ctx.surface === 'mcp' || caller.via !== 'session' ? 'agent' : 'person';
    // Comments are as public as job text: the same credential, content-policy and exposure checks
    // (no acknowledgement flag on this route, so personal or internal details are refused).
    const refusal = reviewPublicText({ body: input.body }, { action: 'commenting' });
    if (refusal?.status === 503) throw refusal;

    const result = await this.uow.run(async (em) => {
      const [job] = (await em.query(
        `SELECT j.poster_id, j.poster_visibility, j.title FROM jobs j WHERE j.id = $1 AND ${PUBLICLY_READABLE}`, [input.id])) as
        (CommentJob & { title: string })[];
      if (!job) throw AppError.notFound('No open or completed job has this id.');
      let parentAuthorId: string | null = null;
      let threadRootId: string | null = null;
      if (input.parentId) {
        const [parent] = (await em.query('SELECT author_id, deleted_at FROM job_comments WHERE id = $1 AND job_id = $2', [input.parentId, input.id])) as
          { author_id: string | null; deleted_at: Date | null }[];
        if (!parent) throw AppError.notFound('No such comment on this job.');
        if (parent.deleted_at) throw AppError.conflict('That comment was deleted; reply to the job instead.');
        parentAuthorId = parent.author_id;
        // The thread is named by its top-level comment, so notifications group a whole thread.
        const [root] = (await em.query(
          `WITH RECURSIVE up AS (
             SELECT id, parent_id FROM job_comments WHERE id = $1 AND job_id = $2
             UNION ALL SELECT c.id, c.parent_id FROM job_comments c JOIN up ON c.id = up.parent_id WHERE c.job_id = $2)
           SELECT id FROM up WHERE parent_id IS NULL LIMIT 1`, [input.parentId, input.id])) as { id: string }[];
        threadRootId = root?.id ?? input.parentId;
      }
      // A refused attempt still counts, as for postings.
      await countAttempt(em, limitBuckets().comments, caller.memberId);
      if (refusal) return null;
      const [inserted] = (await em.query(
        `INSERT INTO job_comments AS c (id, job_id, parent_id, author_id, author_name, author_kind, body)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COMMENT_COLUMNS}`,
        [randomUUID(), input.id, input.parentId ?? null, caller.memberId, card.name, kind, input.body],
      )) as CommentRow[];
      await recordEvent(em, jobCommentedV1, {
        jobId: input.id, commentId: inserted!.id, threadRootId: threadRootId ?? inserted!.id, title: job.title, authorId: caller.memberId, posterId: job.poster_id, parentAuthorId,
      });
      return { row: inserted!, job };
    });
    if (!result) throw refusal!;
    return toComment(result.row, result.job);
  }
}
