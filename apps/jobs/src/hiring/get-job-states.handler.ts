import { getJobStates, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { posterOf } from '../jobs/job.mapper.js';
import { isJobId, jobRowsByIds } from '../jobs/jobs.queries.js';

/** Current title, status and version of the jobs behind a list of applications (unknown ids are left out). */
@Injectable()
export class GetJobStatesHandler implements OperationHandler<typeof getJobStates> {
  readonly operation = getJobStates;

  constructor(private readonly ds: DataSource) {}

  async handle({ jobIds }: InputOf<typeof getJobStates>): Promise<OutputOf<typeof getJobStates>> {
    const ids = [...new Set(jobIds.filter(isJobId))];
    if (!ids.length) return { jobs: [] };
    const rows = await jobRowsByIds(this.ds, ids);
    return {
      jobs: rows.map((r) => ({
        id: r.id,
        title: r.title,
        status: r.status,
        version: r.version,
        posterId: r.poster_id,
        posterVisibility: r.poster_visibility,
        poster: posterOf(r, true),
      })),
    };
  }
}
