import { AppError, getHiringJob, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { posterOf } from '../jobs/job.mapper.js';
import { findJobRow, isJobId } from '../jobs/jobs.queries.js';
import { hireOf } from './hiring.queries.js';

/** The job as the applications service needs it; that service decides what callers may see. */
@Injectable()
export class GetHiringJobHandler implements OperationHandler<typeof getHiringJob> {
  readonly operation = getHiringJob;

  constructor(private readonly ds: DataSource) {}

  async handle({ jobId }: InputOf<typeof getHiringJob>): Promise<OutputOf<typeof getHiringJob>> {
    if (!isJobId(jobId)) throw AppError.notFound('No such job.');
    // Both reads at once, on two connections: a hire waits for this answer.
    const [row, extra] = await Promise.all([findJobRow(this.ds, jobId), hireOf(this.ds, jobId)]);
    if (!row) throw AppError.notFound('No such job.');
    // Workers named by the poster, by public identifiers only (member ids and exact names, as typed).
    // Emails, and the members they resolved to, stay out: the poster's applicant list marks these as
    // preferred, and an email-resolved mark would confirm a guessed address belongs to an applicant.
    // Emailed workers are still told about the job when named.
    const publicReferences = row.preferred_workers.filter((r) => !r.includes('@'));
    const notExpired = row.closes_at === null || row.closes_at > new Date();
    const acceptingApplications = row.status === 'open' && notExpired && !row.safety_hidden;
    return {
      id: row.id,
      posterId: row.poster_id,
      poster: posterOf(row, true),
      posterVisibility: row.poster_visibility,
      status: row.status,
      acceptingApplications,
      publiclyReadable: acceptingApplications || (row.status === 'completed' && !row.safety_hidden),
      version: row.version,
      title: row.title,
      category: row.category,
      constraints: row.constraints,
      versionCreatedAt: (extra?.version_created_at ?? row.created_at).toISOString(),
      preferredWorkers: publicReferences,
      hiredApplicationId: extra?.hired_application_id ?? null,
      workerId: extra?.worker_id ?? null,
    };
  }
}
