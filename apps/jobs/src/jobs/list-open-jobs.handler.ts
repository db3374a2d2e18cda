import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listOpenJobs, resolveDayBound, type InputOf, type OutputOf } from '@marketplace/contracts';
import { AccessSettingsCache, requireReadAccess, type OperationHandler, type HandlerContext } from '@marketplace/service-kit';
import { JOB_COLUMNS, JOB_FROM, toJob, type JobRow } from './job.mapper.js';

/** Applicant sorts rank only the newest matches, so the sort stays cheap on a large board. */
const APPLICANT_SORT_WINDOW = 500;

@Injectable()
export class ListOpenJobsHandler implements OperationHandler<typeof listOpenJobs> {
  readonly operation = listOpenJobs;

  constructor(private readonly ds: DataSource, private readonly access: AccessSettingsCache) {}

  async handle(input: InputOf<typeof listOpenJobs>, ctx: HandlerContext): Promise<OutputOf<typeof listOpenJobs>> {
    await requireReadAccess(ctx, this.access);
    const where = [`j.status = 'open'`, 'NOT j.safety_hidden', '(j.closes_at IS NULL OR j.closes_at > now())'];
    const params: unknown[] = [];
    const bind = (v: unknown) => `$${params.push(v)}`;
    if (input.category?.length) where.push(`j.category = ANY(${bind(input.category)}::text[])`);
    if (input.posterId?.length) {
      // Anonymous jobs never match a poster filter: that would reveal who posted them.
      where.push(`j.poster_id::text = ANY(${bind(input.posterId)}::text[]) AND j.poster_visibility = 'public'`);
    }
    if (input.postedAfter) where.push(`j.created_at >= ${bind(resolveDayBound(input.postedAfter, 'start'))}`);
    if (input.postedBefore) where.push(`j.created_at < ${bind(resolveDayBound(input.postedBefore, 'end'))}`);
    const filter = where.join(' AND ');
    const countParams = [...params];
    const limit = bind(input.limit);
    const offset = bind(input.offset);

    let pageSql: string;
    if (input.sort === 'applicants_desc' || input.sort === 'applicants_asc') {
      const dir = input.sort === 'applicants_desc' ? 'DESC' : 'ASC';
      pageSql = `WITH recent AS (
          SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE ${filter}
          ORDER BY j.created_at DESC, j.id DESC LIMIT ${APPLICANT_SORT_WINDOW})
        SELECT * FROM recent ORDER BY applicants ${dir}, created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`;
    } else {
      pageSql = `SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE ${filter}
        ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit} OFFSET ${offset}`;
    }
    const [rows, count] = await Promise.all([
      this.ds.query(pageSql, params) as Promise<JobRow[]>,
      this.ds.query(`SELECT count(*)::int AS total FROM jobs j WHERE ${filter}`, countParams) as Promise<{ total: number }[]>,
    ]);
    return {
      jobs: rows.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      total: count[0]?.total ?? 0,
    };
  }
}
