import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { getTeamPerformance, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { callerTeam } from './team-job.mapper.js';

const DAY_MS = 86_400_000;

/** The team's figures over whole UTC days, today included, from this service's own tables. */
@Injectable()
export class GetTeamPerformanceHandler implements OperationHandler<typeof getTeamPerformance> {
  readonly operation = getTeamPerformance;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle({ days }: InputOf<typeof getTeamPerformance>, ctx: HandlerContext): Promise<OutputOf<typeof getTeamPerformance>> {
    const team = await callerTeam(this.bus, ctx, callerOf(ctx).memberId);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS);
    const [row] = (await this.ds.query(
      `SELECT
         (SELECT count(*) FROM team_jobs WHERE team_id = $1 AND created_at >= $2)::int AS posted,
         (SELECT count(*) FROM team_jobs WHERE team_id = $1 AND status = 'open' AND closes_at > now())::int AS open,
         (SELECT count(*) FROM team_jobs WHERE team_id = $1 AND created_at >= $2 AND status = 'filled')::int AS filled,
         (SELECT count(*) FROM team_jobs WHERE team_id = $1 AND created_at >= $2
            AND (status = 'closed' OR (status = 'open' AND closes_at <= now())))::int AS closed,
         (SELECT count(*) FROM team_application_records WHERE team_id = $1 AND submitted_at >= $2)::int AS applications,
         (SELECT coalesce(sum(amount_dollars), 0) FROM listing_fees WHERE team_id = $1 AND recorded_at >= $2)::int AS fees`,
      [team.teamId, since],
    )) as { posted: number; open: number; filled: number; closed: number; applications: number; fees: number }[];
    return {
      days, since: since.toISOString(), jobsPosted: row!.posted, openJobs: row!.open, filled: row!.filled,
      closed: row!.closed, applications: row!.applications, listingFeesRecorded: row!.fees,
    };
  }
}
