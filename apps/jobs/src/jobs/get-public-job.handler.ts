import { AppError, getPublicJob, type InputOf, type OutputOf } from '@marketplace/contracts';
import { type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { AudienceRecorder } from '../performance/audience-recorder.js';
import { toJob } from './job.mapper.js';
import { findPublicJobRow } from './jobs.queries.js';

@Injectable()
export class GetPublicJobHandler implements OperationHandler<typeof getPublicJob> {
  readonly operation = getPublicJob;

  constructor(
    private readonly ds: DataSource,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle({ id }: InputOf<typeof getPublicJob>, ctx: HandlerContext): Promise<OutputOf<typeof getPublicJob>> {
    const row = await findPublicJobRow(this.ds, id);
    if (!row) throw AppError.notFound('No open or completed job has this id.');
    // Reading an open job counts as a view in the poster's performance report.
    if (row.status === 'open') this.recorder.record('view', [row], ctx);
    return toJob(row, { revealPoster: false, withApplicants: true, detail: true });
  }
}
