import { getMemberWorkRecord, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ANONYMOUS_POSTER } from '../applying/application.mapper.js';
import { jobsDone, publicRatings } from './member-record.queries.js';
import { completedJobCounts, ratingSummaries } from './rating-summary.js';

const MAX_RATINGS = 100;

/**
 * A member page's work record. Ratings are public once the worker rated back (the hire is
 * completed). An anonymous poster is masked on the ratings they gave, and ratings they received
 * on anonymous jobs are left out of the list (they would link them to the job) while still
 * counting in the average.
 */
@Injectable()
export class GetMemberWorkRecordHandler implements OperationHandler<typeof getMemberWorkRecord> {
  readonly operation = getMemberWorkRecord;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getMemberWorkRecord>): Promise<OutputOf<typeof getMemberWorkRecord>> {
    if (!isUuid(memberId)) return { jobsDone: [], completedJobs: 0, rating: null, ratings: [] };
    const done = await jobsDone(this.ds, memberId);
    const rows = await publicRatings(this.ds, memberId, MAX_RATINGS);
    const [summary, counts] = await Promise.all([ratingSummaries(this.ds, [memberId]), completedJobCounts(this.ds, [memberId])]);
    return {
      jobsDone: done.map((d) => d.job_id),
      completedJobs: counts.get(memberId) ?? 0,
      rating: summary.get(memberId) ?? null,
      ratings: rows.map((r) => ({
        score: r.score,
        description: r.description,
        as: r.as,
        job: { id: r.job_id, title: r.title },
        by: r.as === 'worker' && r.poster_visibility === 'anonymous' ? ANONYMOUS_POSTER : r.by,
        createdAt: r.created_at.toISOString(),
      })),
    };
  }
}
