import { type InputOf, listJobPosters, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler, TtlCache } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { isJobId } from '../jobs/jobs.queries.js';
import { postersWithOpenJobs } from './posters.queries.js';

type Output = OutputOf<typeof listJobPosters>;

/** Members with open public jobs, most first; anonymous jobs never count (they would name their poster). */
@Injectable()
export class ListJobPostersHandler implements OperationHandler<typeof listJobPosters> {
  readonly operation = listJobPosters;
  // Counting every open job per poster is a board-wide aggregate: a few seconds' reuse keeps it cheap.
  private readonly cache = new TtlCache<Output>(5000, 500);

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listJobPosters>): Promise<Output> {
    const key = JSON.stringify([input.q?.toLowerCase() ?? '', [...(input.posterId ?? [])].sort(), input.limit]);
    return this.cache.get(key, () => this.posters(input));
  }

  private async posters(input: InputOf<typeof listJobPosters>): Promise<Output> {
    const rows = await postersWithOpenJobs(this.ds, {
      q: input.q || undefined,
      posterIds: input.posterId?.length ? input.posterId.filter(isJobId) : undefined,
      limit: input.limit ?? null,
    });
    return { posters: rows.map((r) => ({ id: r.id, name: r.name, headline: r.headline, photoUrl: r.photo_url, openJobs: r.open_jobs })) };
  }
}
