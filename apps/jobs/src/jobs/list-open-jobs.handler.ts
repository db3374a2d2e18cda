import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listOpenJobs, resolveDayBound, type InputOf, type OutputOf } from '@marketplace/contracts';
import { TtlCache, preparedQuery, type OperationHandler, type HandlerContext, settingsOf } from '@marketplace/service-kit';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { JOB_COLUMNS, toJob, type JobRow } from './job.mapper.js';
import { isJobId, OPEN_AND_LIVE } from './jobs.queries.js';

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
  return settingsOf().duration('JOB_COUNT_CACHE_MS', 5000, { min: 0 });
}

interface Filter {
  categories: string[];
  posterIds: string[] | undefined;
  after: Date | undefined;
  before: Date | undefined;
}

type Bind = (v: unknown) => string;

/** Every condition but the category, which the page query applies per branch. */
function conditions(f: Filter, bind: Bind): string[] {
  const where = [OPEN_AND_LIVE];
  // Anonymous jobs never match a poster filter: that would reveal who posted them.
  if (f.posterIds) {
    where.push(f.posterIds.length === 1 ? `j.poster_id = ${bind(f.posterIds[0])}::uuid` : `j.poster_id = ANY(${bind(f.posterIds)}::uuid[])`);
    where.push(`j.poster_visibility = 'public'`);
  }
  if (f.after) where.push(`j.created_at >= ${bind(f.after)}`);
  if (f.before) where.push(`j.created_at < ${bind(f.before)}`);
  return where;
}

/**
 * The page is found by id first (an index-only walk of the open-jobs index, even at offset
 * 10,000) and only its rows are joined with posters. With several categories, each category's
 * newest jobs come from its own index range and are merged (UNION ALL of ordered scans), so a deep
 * offset never sorts the whole board. `total` is an exact count(*) per filter, shared by concurrent
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
    private readonly ds: DataSource, private readonly recorder: AudienceRecorder,
  ) {}

  async handle(input: InputOf<typeof listOpenJobs>, ctx: HandlerContext): Promise<OutputOf<typeof listOpenJobs>> {
    const limit = input.limit ?? 100;
    const offset = input.offset ?? 0;
    const filter: Filter = {
      categories: [...new Set(input.category ?? [])].sort(),
      // Member ids are UUIDs: anything else matches nobody, and comparing as uuid keeps the index usable.
      posterIds: input.posterId?.length ? [...new Set(input.posterId.map((p) => p.toLowerCase()))].filter(isJobId).sort() : undefined,
      after: input.postedAfter ? resolveDayBound(input.postedAfter, 'start') : undefined,
      before: input.postedBefore ? resolveDayBound(input.postedBefore, 'end') : undefined,
    };

    const params: unknown[] = [];
    const bind: Bind = (v) => `$${params.push(v)}`;
    const applicantSort = input.sort === 'applicants_desc' || input.sort === 'applicants_asc';
    // How many of the newest matches the page needs at most.
    const needed = applicantSort ? APPLICANT_SORT_WINDOW : offset + limit;
    // The board's common shapes (newest first, at most one category and one poster, no dates, a
    // page within the first thousand) are prepared: 24 texts, so every connection keeps few plans.
    // Not applicant sorts: PostgreSQL plans their page's sort afresh for every LIMIT and OFFSET
    // anyway (it never chose the generic plan in 550 runs), so preparing would save nothing.
    const prepare = !applicantSort && !filter.after && !filter.before && filter.categories.length <= 1
      && (!filter.posterIds || filter.posterIds.length === 1) && needed <= PREPARED_DEPTH_MAX;
    const depth = prepare ? candidateLimit(needed) : needed;
    // Only applicant sorts read the applicant count: every other page comes from index-only scans.
    const columns = `j.id, j.created_at${applicantSort ? ', j.applicants' : ''}`;
    const newest = (f: Filter, extra: string) =>
      `SELECT ${columns} FROM jobs j WHERE ${[...conditions(f, bind), extra].filter(Boolean).join(' AND ')}
       ORDER BY j.created_at DESC, j.id DESC LIMIT ${depth}`;
    const merged = (branches: string[]) =>
      `SELECT * FROM (${branches.map((b) => `(${b})`).join(' UNION ALL ')}) u ORDER BY created_at DESC, id DESC LIMIT ${depth}`;
    const categoryCondition = (f: Filter) =>
      f.categories.length === 1 ? `j.category = ${bind(f.categories[0])}`
        : f.categories.length > 1 ? `j.category = ANY(${bind(f.categories)}::text[])` : '';
    let candidates: string;
    if (filter.posterIds && filter.posterIds.length > 1) {
      // One ordered index range per poster, merged: never a sort of every job of every poster named.
      candidates = merged(filter.posterIds.map((id) => newest({ ...filter, posterIds: [id] }, categoryCondition(filter))));
    } else if (filter.categories.length > 1) {
      candidates = merged(filter.categories.map((c) => newest(filter, `j.category = ${bind(c)}`)));
    } else {
      candidates = newest(filter, categoryCondition(filter));
    }
    const dir = input.sort === 'applicants_desc' ? 'DESC' : 'ASC';
    const orderBy = (t: string) => `${applicantSort ? `${t}applicants ${dir}, ` : ''}${t}created_at DESC, ${t}id DESC`;
    const pageSql = `WITH candidates AS (${candidates}),
        page AS (SELECT * FROM candidates ORDER BY ${orderBy('')} LIMIT ${bind(limit)} OFFSET ${bind(offset)})
      SELECT ${JOB_COLUMNS} FROM page JOIN jobs j ON j.id = page.id LEFT JOIN posters p ON p.member_id = j.poster_id
      ORDER BY ${orderBy('page.')}`;

    const countKey = JSON.stringify([filter.categories, filter.posterIds, filter.after?.getTime(), filter.before?.getTime()]);
    const [rows, total] = await Promise.all([
      preparedQuery<JobRow>(this.ds, pageSql, params, { prepare }),
      this.counts.get(countKey, async () => {
        const countParams: unknown[] = [];
        const countBind: Bind = (v) => `$${countParams.push(v)}`;
        const where = conditions(filter, countBind);
        if (filter.categories.length) where.push(`j.category = ANY(${countBind(filter.categories)}::text[])`);
        const [row] = (await this.ds.query(`SELECT count(*)::int AS total FROM jobs j WHERE ${where.join(' AND ')}`, countParams)) as { total: number }[];
        return row?.total ?? 0;
      }),
    ]);
    this.recorder.record('impression', rows, ctx);
    return {
      jobs: rows.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      // A job posted since the count was taken can make the page reach past it: never answer less than seen.
      total: Math.max(total, offset + rows.length),
    };
  }
}
