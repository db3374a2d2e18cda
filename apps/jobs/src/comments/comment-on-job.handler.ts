import { randomUUID } from 'node:crypto';

import { AppError, commentOnJob, getMemberCard, type InputOf, jobCommentedV1, type OutputOf, reviewPublicText } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { isJobId } from '../jobs/jobs.queries.js';
import { toComment } from './comment.mapper.js';
import { findCommentableJob, findParentComment, insertComment, threadRootOf } from './comments.queries.js';

/**
 * Public comments on open or completed jobs. A comment made with an API key or over MCP is marked
 * as written by an agent; only a browser session writes as a person.
 */
@Injectable()
export class CommentOnJobHandler implements OperationHandler<typeof commentOnJob> {
  readonly operation = commentOnJob;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof commentOnJob>, ctx: HandlerContext): Promise<OutputOf<typeof commentOnJob>> {
    const caller = callerOf(ctx);
    // The reply's parent is a body field, which the gate does not check: a malformed one names no comment.
    if (input.parentId !== undefined && !isJobId(input.parentId)) throw AppError.notFound('No such comment on this job.');
    const card = await this.bus.call(getMemberCard, { memberId: caller.memberId }, ctx);
    const kind = ctx.surface === 'mcp' || caller.via !== 'session' ? 'agent' : 'person';
    // Comments are as public as job text: the same credential, content-policy and exposure checks
    // (no acknowledgement flag on this route, so personal or internal details are refused).
    const refusal = reviewPublicText({ body: input.body }, { action: 'commenting' });
    if (refusal?.status === 503) throw refusal;

    const result = await this.uow.run(async (em) => {
      const job = await findCommentableJob(em, input.id);
      if (!job) throw AppError.notFound('No open or completed job has this id.');
      let parentAuthorId: string | null = null;
      let threadRootId: string | null = null;
      if (input.parentId) {
        const parent = await findParentComment(em, input.parentId, input.id);
        if (!parent) throw AppError.notFound('No such comment on this job.');
        if (parent.deleted_at) throw AppError.conflict('That comment was deleted; reply to the job instead.');
        parentAuthorId = parent.author_id;
        // The thread is named by its top-level comment, so notifications group a whole thread.
        threadRootId = (await threadRootOf(em, input.parentId, input.id)) ?? input.parentId;
      }
      // A refused attempt still counts, as for postings.
      await countAttempt(em, limitBuckets().comments, caller.memberId);
      if (refusal) return null;
      const inserted = await insertComment(em, {
        id: randomUUID(),
        jobId: input.id,
        parentId: input.parentId ?? null,
        authorId: caller.memberId,
        authorName: card.name,
        authorKind: kind,
        body: input.body,
      });
      await recordEvent(em, jobCommentedV1, {
        jobId: input.id,
        commentId: inserted.id,
        threadRootId: threadRootId ?? inserted.id,
        title: job.title,
        authorId: caller.memberId,
        posterId: job.poster_id,
        parentAuthorId,
      });
      return { row: inserted, job };
    });
    if (!result) throw refusal!;
    return toComment(result.row, result.job);
  }
}
