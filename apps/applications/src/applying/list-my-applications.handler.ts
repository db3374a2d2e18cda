import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { getJobStates, listMyApplications, OWN_LIST_LIMITS, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, type HandlerContext, type OperationHandler, callerOf } from '@marketplace/service-kit';
import { ApplicationEntity } from './application.entity.js';
import { toMyApplication } from './application.mapper.js';

@Injectable()
export class ListMyApplicationsHandler implements OperationHandler<typeof listMyApplications> {
  readonly operation = listMyApplications;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle({ limit = OWN_LIST_LIMITS.defaultLimit, offset = 0 }: InputOf<typeof listMyApplications>, ctx: HandlerContext): Promise<OutputOf<typeof listMyApplications>> {
    const caller = callerOf(ctx);
    const [apps, total] = await this.ds.getRepository(ApplicationEntity).findAndCount({
      where: { applicantId: caller.memberId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit, skip: offset,
    });
    if (!apps.length) return { applications: [], total };
    const { jobs } = await this.bus.call(getJobStates, { jobIds: [...new Set(apps.map((a) => a.jobId))] }, ctx);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    return { applications: apps.map((a) => toMyApplication(a, byId.get(a.jobId))), total };
  }
}
