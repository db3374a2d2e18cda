import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listOpenJobs, resolveDayBound, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { JOB_COLUMNS, toJob, type JobRow } from './job.mapper.js';
import { OPEN_AND_LIVE } from './jobs.queries.js';
import { TtlCache } from './ttl-cache.js';

/** Applicant sorts rank only the newest matches, so the sort stays cheap on a large board. */
const APPLICANT_SORT_WINDOW = 500;

function countCacheMs(): number {
  const v = Number(process.env.JOB_COUNT_CACHE_MS);
  return Number.isFinite(v) && v >= 0 ? v : 5000;
}

/**
 * The page is found by id first (an index-only walk of the open-jobs index, even at offset
 * 10,000) and only its rows are joined with posters. `total` is an exact count(*), reused for
 * up to JOB_COUNT_CACHE_MS (5 s) per filter, shared by concurrent requests: paging a filter
 * costs one count per few seconds instead of one per page, and no answer is ever an estimate.
 */
@Injectable()
export class ListOpenJobsHandler implements OperationHandler<typeof listOpenJobs> {
  readonly operation = listOpenJobs;
  private readonly counts = new TtlCache<number>(countCacheMs(), 1000);

  constructor(private readonly ds: DataSource, private readonly recorder: AudienceRecorder) {}

  async handle(input: InputOf<typeof listOpenJobs>, ctx: HandlerContext): Promise<OutputOf<typeof listOpenJobs>> {
    const where = [OPEN_AND_LIVE];
    const params: unknown[] = [];
    const bind = (v: unknown) => `$${params.push(v)}`;
    const category = input.category?.length ? [...new Set(input.category)].sort() : undefined;
    const posterId = input.posterId?.length ? [...new Set(input.posterId)].sort() : undefined;
    if (category) where.push(`j.category = ANY(${bind(category)}::text[])`);
    if (posterId) {
      // Anonymous jobs never match a poster filter: that would reveal who posted them.
      where.push(`j.poster_id::text = ANY(${bind(posterId)}::text[]) AND j.poster_visibility = 'public'`);
    }
    const after = input.postedAfter ? resolveDayBound(input.postedAfter, 'start') : undefined;
    const before = input.postedBefore ? resolveDayBound(input.postedBefore, 'end') : undefined;
    if (after) where.push(`j.created_at >= ${bind(after)}`);
    if (before) where.push(`j.created_at < ${bind(before)}`);
    const filter = where.join(' AND ');
    const countParams = [...params];
    const limit = bind(input.limit);
    const offset = bind(input.offset);

    let pageSql: string;
    if (input.sort === 'applicants_desc' || input.sort === 'applicants_asc') {
      const dir = input.sort === 'applicants_desc' ? 'DESC' : 'ASC';
      pageSql = `WITH recent AS (
          SELECT j.id, j.created_at, j.applicants FROM jobs j WHERE ${filter}
          ORDER BY j.created_at DESC, j.id DESC LIMIT ${APPLICANT_SORT_WINDOW}),
        page AS (SELECT id, applicants, created_at FROM recent
          ORDER BY applicants ${dir}, created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset})
        SELECT ${JOB_COLUMNS} FROM page JOIN jobs j ON j.id = page.id LEFT JOIN posters p ON p.member_id = j.poster_id
        ORDER BY page.applicants ${dir}, page.created_at DESC, page.id DESC`;
    } else {
      pageSql = `WITH page AS (
          SELECT j.id, j.created_at FROM jobs j WHERE ${filter}
          ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit} OFFSET ${offset})
        SELECT ${JOB_COLUMNS} FROM page JOIN jobs j ON j.id = page.id LEFT JOIN posters p ON p.member_id = j.poster_id
        ORDER BY page.created_at DESC, page.id DESC`;
    }
    const countKey = JSON.stringify([category, posterId, after?.getTime(), before?.getTime()]);
    const [rows, total] = await Promise.all([
      this.ds.query(pageSql, params) as Promise<JobRow[]>,
      this.counts.get(countKey, async () => {
        const [row] = (await this.ds.query(`SELECT count(*)::int AS total FROM jobs j WHERE ${filter}`, countParams)) as { total: number }[];
        return row?.total ?? 0;
      }),
    ]);
    this.recorder.record('impression', rows, ctx);
    return {
      jobs: rows.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      // A just-posted job can make the page longer than a cached total: never answer less than seen.
      total: Math.max(total, (input.offset ?? 0) + rows.length),
    };
  }
}
