import { getTeamPerformance, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { teamFigures } from './team.queries.js';
import { callerTeam } from './team-job.mapper.js';

const DAY_MS = 86_400_000;

/** The team's figures over whole UTC days, today included, from this service's own tables. */
@Injectable()
export class GetTeamPerformanceHandler implements OperationHandler<typeof getTeamPerformance> {
  readonly operation = getTeamPerformance;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ days }: InputOf<typeof getTeamPerformance>, ctx: HandlerContext): Promise<OutputOf<typeof getTeamPerformance>> {
    const team = await callerTeam(this.bus, ctx, callerOf(ctx).memberId);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS);
    const row = await teamFigures(this.ds, team.teamId, since);
    return {
      days,
      since: since.toISOString(),
      jobsPosted: row.posted,
      openJobs: row.open,
      filled: row.filled,
      closed: row.closed,
      applications: row.applications,
      listingFeesRecorded: row.fees,
    };
  }
}
