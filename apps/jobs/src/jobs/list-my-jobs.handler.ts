import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listMyJobs, OWN_LIST_LIMITS, type InputOf, type MyJobFilter, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { JOB_COLUMNS, JOB_FROM, toJob, type JobRow } from './job.mapper.js';
import { EXPIRED, asSeenByPoster } from './jobs.queries.js';

/** The condition each filter adds to the poster's jobs; `closed` and `open` leave out what ran out of time. */
function statusCondition(status: MyJobFilter | undefined, bind: (v: unknown) => string): string {
  if (!status) return '';
  if (status === 'expired') return ` AND ${EXPIRED}`;
  if (status === 'open' || status === 'closed') return ` AND j.status = ${bind(status)} AND NOT ${EXPIRED}`;
  return ` AND j.status = ${bind(status)}`;
}

/**
 * The poster's own jobs in every state, newest first: closed and expired ones stay here (and only
 * here), so their applicants and work remain within reach and the poster can post one again.
 */
@Injectable()
export class ListMyJobsHandler implements OperationHandler<typeof listMyJobs> {
  readonly operation = listMyJobs;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listMyJobs>, ctx: HandlerContext): Promise<OutputOf<typeof listMyJobs>> {
    const caller = callerOf(ctx);
    const params: unknown[] = [caller.memberId];
    const bind = (v: unknown) => `$${params.push(v)}`;
    const where = `j.poster_id = $1${statusCondition(input.status, bind)}`;
    const countParams = [...params];
    const [rows, [count]] = await Promise.all([
      this.ds.query(
        `SELECT ${JOB_COLUMNS}, ${EXPIRED} AS expired FROM ${JOB_FROM} WHERE ${where}
         ORDER BY j.created_at DESC, j.id DESC LIMIT ${bind(input.limit ?? OWN_LIST_LIMITS.defaultLimit)} OFFSET ${bind(input.offset ?? 0)}`,
        params,
      ) as Promise<(JobRow & { expired: boolean })[]>,
      this.ds.query(`SELECT count(*)::int AS total FROM jobs j WHERE ${where}`, countParams) as Promise<{ total: number }[]>,
    ]);
    return {
      jobs: rows.map((row) => ({ ...toJob(asSeenByPoster(row), { revealPoster: true }), expired: row.expired })),
      total: count?.total ?? 0,
    };
  }
}
