import { type InputOf, listMyJobs, type OutputOf, OWN_LIST_LIMITS } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { toJob } from './job.mapper.js';
import { asSeenByPoster, countOwnJobs, ownJobsPage } from './jobs.queries.js';

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
    const [rows, total] = await Promise.all([
      ownJobsPage(this.ds, caller.memberId, input.status, input.offset ?? 0, input.limit ?? OWN_LIST_LIMITS.defaultLimit),
      countOwnJobs(this.ds, caller.memberId, input.status),
    ]);
    return {
      jobs: rows.map((row) => ({ ...toJob(asSeenByPoster(row), { revealPoster: true }), expired: row.expired })),
      total,
    };
  }
}
