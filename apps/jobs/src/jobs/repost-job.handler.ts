import { AppError, type InputOf, type OutputOf, repostJob } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { findJobRow } from './jobs.queries.js';
import { PostJobHandler } from './post-job.handler.js';

/**
 * One of the poster's jobs, in any state, posted again as a new job: its posting fields (title,
 * category, description, visibility, preferred workers) at version 1. It is posted by the same
 * handler as any job, so the profile, text rules, safety review and daily limits apply as they
 * would to the text typed afresh. Applications, comments and files belong to the old job and stay.
 */
@Injectable()
export class RepostJobHandler implements OperationHandler<typeof repostJob> {
  readonly operation = repostJob;

  constructor(
    private readonly ds: DataSource,
    private readonly post: PostJobHandler,
  ) {}

  async handle({ id, acknowledgeExposures }: InputOf<typeof repostJob>, ctx: HandlerContext): Promise<OutputOf<typeof repostJob>> {
    const notFound = AppError.notFound('You have no job with this id.');
    const row = await findJobRow(this.ds, id);
    if (!row || row.poster_id !== callerOf(ctx).memberId) throw notFound;
    if (row.safety_hidden) throw AppError.forbidden('Staff hid this job, so it cannot be posted again.');
    return this.post.handle(
      {
        title: row.title,
        category: row.category,
        constraints: row.constraints,
        posterVisibility: row.poster_visibility,
        ...(row.preferred_workers.length ? { preferredWorkers: row.preferred_workers } : {}),
        ...(acknowledgeExposures === undefined ? {} : { acknowledgeExposures }),
      },
      ctx,
    );
  }
}
