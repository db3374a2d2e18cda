import { getJobStates, type InputOf, listMyApplications, type OutputOf, OWN_LIST_LIMITS } from '@marketplace/contracts';
import { BusClient, callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { toMyApplication } from './application.mapper.js';
import { myApplicationsPage } from './applications.queries.js';

@Injectable()
export class ListMyApplicationsHandler implements OperationHandler<typeof listMyApplications> {
  readonly operation = listMyApplications;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(
    { limit = OWN_LIST_LIMITS.defaultLimit, offset = 0 }: InputOf<typeof listMyApplications>,
    ctx: HandlerContext,
  ): Promise<OutputOf<typeof listMyApplications>> {
    const caller = callerOf(ctx);
    const { rows: apps, total } = await myApplicationsPage(this.ds, caller.memberId, offset, limit);
    if (!apps.length) return { applications: [], total };
    const { jobs } = await this.bus.call(getJobStates, { jobIds: [...new Set(apps.map((a) => a.job_id))] }, ctx);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    return { applications: apps.map((a) => toMyApplication(a, byId.get(a.job_id))), total };
  }
}
