import { AppError, getHiringJob, type InputOf, type JobApplicant, listJobApplicants, type OutputOf } from '@marketplace/contracts';
import { BusClient, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ratingSummaries } from '../member-record/rating-summary.js';
import { applicantsPage } from './applicants.queries.js';
import { applicantCodename } from './codename.js';

/**
 * The public applicant list: never pitches, resumes, statuses or contacts. Rows are anonymous
 * codenames unless the member opted in to a public listing when applying.
 */
@Injectable()
export class ListJobApplicantsHandler implements OperationHandler<typeof listJobApplicants> {
  readonly operation = listJobApplicants;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof listJobApplicants>, ctx: HandlerContext): Promise<OutputOf<typeof listJobApplicants>> {
    // While invite-only, like every job read, the list needs a member who was let in.
    const { id } = input;
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 20;
    const notFound = AppError.notFound('No open or completed job with this id.');
    const job = await this.bus.call(getHiringJob, { jobId: id }, ctx).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound : err;
    });
    if (!job.publiclyReadable) throw notFound;
    const rows = await applicantsPage(this.ds, id, offset, limit + 1);
    const page = rows.slice(0, limit);
    const ratings = await ratingSummaries(
      this.ds,
      page.filter((r) => r.visibility === 'public').map((r) => r.applicant_id),
    );
    const applicants: JobApplicant[] = page.map((r) =>
      r.visibility === 'public'
        ? {
            visibility: 'public',
            id: r.applicant_id,
            name: r.applicant.name,
            headline: r.applicant.headline,
            photoUrl: r.applicant.photoUrl,
            city: r.applicant.city ?? '',
            state: r.applicant.state,
            completedJobs: r.hired,
            rating: ratings.get(r.applicant_id) ?? null,
            appliedAt: r.created_at.toISOString(),
          }
        : { visibility: 'anonymous', id: r.id, name: applicantCodename(r.id), photoUrl: null },
    );
    return { applicants, nextOffset: rows.length > limit ? offset + limit : null };
  }
}
