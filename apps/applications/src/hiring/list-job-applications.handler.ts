import { type InputOf, listJobApplications, type OutputOf, OWN_LIST_LIMITS } from '@marketplace/contracts';
import { BusClient, callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { toJobApplication } from '../applying/application.mapper.js';
import { jobApplications } from './hiring.queries.js';
import { isPreferred, posterJob } from './poster-job.js';

/** The poster's view, paged: oldest first with preferred applicants ahead, withdrawn ones left out. */
@Injectable()
export class ListJobApplicationsHandler implements OperationHandler<typeof listJobApplications> {
  readonly operation = listJobApplications;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(
    { id, limit = OWN_LIST_LIMITS.defaultLimit, offset = 0 }: InputOf<typeof listJobApplications>,
    ctx: HandlerContext,
  ): Promise<OutputOf<typeof listJobApplications>> {
    const caller = callerOf(ctx);
    const job = await posterJob(this.bus, id, caller.memberId, ctx);
    const apps = await jobApplications(this.ds, job.id);
    // Who is preferred is decided by isPreferred alone, so the order is made here and then paged:
    // one job's applications are few enough to read whole.
    const rows = apps.map((a) => toJobApplication(a, job.version, isPreferred(job, { id: a.applicant_id, ...a.applicant })));
    // Array.prototype.sort is stable, so the oldest-first order holds within each group.
    rows.sort((a, b) => Number(b.preferred) - Number(a.preferred));
    return { applications: rows.slice(offset, offset + limit), total: rows.length };
  }
}
