import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listMyJobs, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { JOB_COLUMNS, JOB_FROM, toJob, type JobRow } from './job.mapper.js';

@Injectable()
export class ListMyJobsHandler implements OperationHandler<typeof listMyJobs> {
  readonly operation = listMyJobs;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof listMyJobs>> {
    const caller = callerOf(ctx);
    // A closed job is found by nobody, its poster included.
    const rows: JobRow[] = await this.ds.query(
      `SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE j.poster_id = $1 AND j.status <> 'closed'
         AND NOT (j.status = 'open' AND j.closes_at <= now())
       ORDER BY j.created_at DESC LIMIT 500`,
      [caller.memberId],
    );
    return { jobs: rows.map((row) => toJob(row, { revealPoster: true })) };
  }
}
