import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listJobPosters, type InputOf, type OutputOf } from '@marketplace/contracts';
import { TtlCache, type OperationHandler } from '@marketplace/service-kit';
import { isJobId, OPEN_AND_LIVE } from '../jobs/jobs.queries.js';

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
    return this.cache.get(key, () => this.query(input));
  }

  private async query(input: InputOf<typeof listJobPosters>): Promise<Output> {
    const where = [OPEN_AND_LIVE, `j.poster_visibility = 'public'`];
    const params: unknown[] = [];
    const bind = (v: unknown) => `$${params.push(v)}`;
    if (input.q) where.push(`p.name ILIKE ${bind(`%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    if (input.posterId?.length) where.push(`j.poster_id = ANY(${bind(input.posterId.filter(isJobId))}::uuid[])`);
    const rows: { id: string; name: string; headline: string | null; photo_url: string | null; open_jobs: number }[] =
      await this.ds.query(
        `SELECT p.member_id AS id, p.name, p.headline, p.photo_url, count(*)::int AS open_jobs
         FROM jobs j JOIN posters p ON p.member_id = j.poster_id
         WHERE ${where.join(' AND ')}
         GROUP BY p.member_id ORDER BY open_jobs DESC, p.name, p.member_id LIMIT ${bind(input.limit)}`,
        params,
      );
    return { posters: rows.map((r) => ({ id: r.id, name: r.name, headline: r.headline, photoUrl: r.photo_url, openJobs: r.open_jobs })) };
  }
}
