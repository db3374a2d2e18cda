import { AppError, type InputOf, listJobComments, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { toComment } from './comment.mapper.js';
import { commentsOfJob, findCommentableJob } from './comments.queries.js';

const MAX_COMMENTS = 500;

@Injectable()
export class ListJobCommentsHandler implements OperationHandler<typeof listJobComments> {
  readonly operation = listJobComments;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof listJobComments>): Promise<OutputOf<typeof listJobComments>> {
    const notFound = AppError.notFound('No open or completed job has this id.');
    const job = await findCommentableJob(this.ds, id);
    if (!job) throw notFound;
    const rows = await commentsOfJob(this.ds, id, MAX_COMMENTS);
    return { comments: rows.map((r) => toComment(r, job)) };
  }
}
