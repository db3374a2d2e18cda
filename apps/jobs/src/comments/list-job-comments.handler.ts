import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, listJobComments, type InputOf, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler } from '@marketplace/service-kit';
import { isJobId, PUBLICLY_READABLE } from '../jobs/jobs.queries.js';
import { COMMENT_COLUMNS, toComment, type CommentJob, type CommentRow } from './comment.mapper.js';

const MAX_COMMENTS = 500;

@Injectable()
export class ListJobCommentsHandler implements OperationHandler<typeof listJobComments> {
  readonly operation = listJobComments;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof listJobComments>): Promise<OutputOf<typeof listJobComments>> {
    const notFound = AppError.notFound('No open or completed job has this id.');
    if (!isJobId(id)) throw notFound;
    const [job] = (await this.ds.query(
      `SELECT j.poster_id, j.poster_visibility FROM jobs j WHERE j.id = $1 AND ${PUBLICLY_READABLE}`, [id])) as CommentJob[];
    if (!job) throw notFound;
    const rows: CommentRow[] = await this.ds.query(
      `SELECT ${COMMENT_COLUMNS} FROM job_comments c WHERE c.job_id = $1 ORDER BY c.created_at, c.id LIMIT ${MAX_COMMENTS}`, [id]);
    return { comments: rows.map((r) => toComment(r, job)) };
  }
}
