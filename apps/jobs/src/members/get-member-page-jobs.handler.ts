import { getMemberPageJobs, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { toJob } from '../jobs/job.mapper.js';
import { isJobId } from '../jobs/jobs.queries.js';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { memberPageJobs, memberPagePosted } from './members.queries.js';

/**
 * The jobs on a member page. Anonymous jobs never appear (listing them under the member would
 * reveal who posted them), nor do jobs hidden by staff or closed ones.
 */
@Injectable()
export class GetMemberPageJobsHandler implements OperationHandler<typeof getMemberPageJobs> {
  readonly operation = getMemberPageJobs;

  constructor(
    private readonly ds: DataSource,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle({ memberId, doneJobIds }: InputOf<typeof getMemberPageJobs>, ctx: HandlerContext): Promise<OutputOf<typeof getMemberPageJobs>> {
    if (!isJobId(memberId)) return { posted: [], done: [] };
    const ids = doneJobIds.filter(isJobId);
    const [posted, done] = await Promise.all([memberPagePosted(this.ds, memberId), ids.length ? memberPageJobs(this.ds, ids) : Promise.resolve([])]);
    // A full member page shows the member's open jobs: each counts as an impression for its poster.
    this.recorder.record(
      'impression',
      posted.filter((row) => row.status === 'open'),
      ctx,
    );
    const byId = new Map(done.map((row) => [row.id, row]));
    return {
      posted: posted.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      done: ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toJob(row, { revealPoster: false, withApplicants: true })] : [];
      }),
    };
  }
}
