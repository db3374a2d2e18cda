import { type InputOf, listOpenJobs, type OutputOf, resolveDayBound } from '@marketplace/contracts';
import { type HandlerContext, type OperationHandler, TtlCache } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { jobsSettings } from '../jobs.settings.js';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { type BoardFilter, boardPage, countBoard } from './board-page.queries.js';
import { toJob } from './job.mapper.js';
import { isJobId } from './jobs.queries.js';

/** Applicant sorts rank only the newest matches, so the sort stays cheap on a large board. */
const APPLICANT_SORT_WINDOW = 500;
/**
 * Pages up to this depth (offset + limit) run as prepared statements. Deeper pages are rare and
 * their execution, not their planning, is what they cost.
 */
const PREPARED_DEPTH_MAX = 1024;

/**
 * The candidates' LIMIT is written into the text, rounded up to a power of two (at least 32), so a
 * prepared page has a few texts rather than one per offset. It stays a constant: bound as a
 * parameter, PostgreSQL's generic plan assumes a tenth of the board and costs more than a custom
 * plan, so it never switches to it and plans every call (measured: 1.03 ms a call against 0.52).
 * Rounding up reads no more rows, as the page's own LIMIT stops the scan.
 */
function candidateLimit(depth: number): number {
  return Math.max(32, 2 ** Math.ceil(Math.log2(depth)));
}

function countCacheMs(): number {
  return jobsSettings().countCacheMs;
}

/**
 * The page is found by id first and only its rows are joined with posters (boardPage). `total` is an exact count(*) per filter, shared by concurrent
 * requests and reused for JOB_COUNT_CACHE_MS (5 s); after that it is recounted in the background
 * while the last count is served, so only the first request for a filter waits on a count and no
 * answer is ever an estimate (at most a few seconds old).
 */
@Injectable()
export class ListOpenJobsHandler implements OperationHandler<typeof listOpenJobs> {
  readonly operation = listOpenJobs;
  // Up to a minute past the TTL a count is served while it is recounted in the background.
  private readonly counts = new TtlCache<number>(countCacheMs(), 1000, 60_000);

  constructor(
    private readonly ds: DataSource,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle(input: InputOf<typeof listOpenJobs>, ctx: HandlerContext): Promise<OutputOf<typeof listOpenJobs>> {
    const limit = input.limit ?? 100;
    const offset = input.offset ?? 0;
    const filter: BoardFilter = {
      categories: [...new Set(input.category ?? [])].sort(),
      // Member ids are UUIDs: anything else matches nobody, and comparing as uuid keeps the index usable.
      posterIds: input.posterId?.length ? [...new Set(input.posterId.map((p) => p.toLowerCase()))].filter(isJobId).sort() : undefined,
      after: input.postedAfter ? resolveDayBound(input.postedAfter, 'start') : undefined,
      before: input.postedBefore ? resolveDayBound(input.postedBefore, 'end') : undefined,
    };

    const applicantSort = input.sort === 'applicants_desc' || input.sort === 'applicants_asc';
    // How many of the newest matches the page needs at most.
    const needed = applicantSort ? APPLICANT_SORT_WINDOW : offset + limit;
    // The board's common shapes (newest first, at most one category and one poster, no dates, a
    // page within the first thousand) are prepared: 24 texts, so every connection keeps few plans.
    // Not applicant sorts: PostgreSQL plans their page's sort afresh for every LIMIT and OFFSET
    // anyway (it never chose the generic plan in 550 runs), so preparing would save nothing.
    const prepare =
      !applicantSort &&
      !filter.after &&
      !filter.before &&
      filter.categories.length <= 1 &&
      (!filter.posterIds || filter.posterIds.length === 1) &&
      needed <= PREPARED_DEPTH_MAX;
    const depth = prepare ? candidateLimit(needed) : needed;

    const countKey = JSON.stringify([filter.categories, filter.posterIds, filter.after?.getTime(), filter.before?.getTime()]);
    const [rows, total] = await Promise.all([
      boardPage(this.ds, {
        filter,
        limit,
        offset,
        depth,
        prepare,
        applicants: input.sort === 'applicants_desc' ? 'desc' : applicantSort ? 'asc' : null,
      }),
      this.counts.get(countKey, () => countBoard(this.ds, filter)),
    ]);
    this.recorder.record('impression', rows, ctx);
    return {
      jobs: rows.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      // A job posted since the count was taken can make the page reach past it: never answer less than seen.
      total: Math.max(total, offset + rows.length),
    };
  }
}
