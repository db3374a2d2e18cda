import { randomUUID } from 'node:crypto';

import {
  AppError,
  closeTeamJob,
  getTeamJob,
  type InputOf,
  listJobsOfTeam,
  listTeamBoard,
  listTeamJobs,
  moveTeamJob,
  type OutputOf,
  postTeamJob,
  TEAM_LISTING_FEE_DOLLARS,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { JOB_LIFETIME_MS } from '../jobs/post-job.handler.js';
import { reviewJobText } from '../safety/job-text-review.js';
import { JobTextReviewer, recordReviewCost } from '../safety/model-safety-review.js';
import {
  closeTeamJob as closeTeamJobRow,
  insertTeamJob,
  jobsOfTeam as teamJobRows,
  moveTeamJob as moveTeamJobRow,
  openTeamJobs,
  recordListingFee,
} from './team.queries.js';
import { callerTeam, findTeamJob, toTeamJob } from './team-job.mapper.js';

/** GET /api/jobs for team and candidate keys: open team jobs, newest first. */
@Injectable()
export class ListTeamBoardHandler implements OperationHandler<typeof listTeamBoard> {
  readonly operation = listTeamBoard;

  constructor(private readonly ds: DataSource) {}

  async handle({ limit }: InputOf<typeof listTeamBoard>): Promise<OutputOf<typeof listTeamBoard>> {
    const rows = await openTeamJobs(this.ds, limit);
    return { jobs: rows.map((r) => toTeamJob(r)) };
  }
}

async function jobsOfTeam(ds: DataSource, teamId: string): Promise<OutputOf<typeof listTeamJobs>> {
  const rows = await teamJobRows(ds, teamId);
  return { jobs: rows.map((r) => toTeamJob(r)) };
}

@Injectable()
export class ListTeamJobsHandler implements OperationHandler<typeof listTeamJobs> {
  readonly operation = listTeamJobs;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(_input: InputOf<typeof listTeamJobs>, ctx: HandlerContext): Promise<OutputOf<typeof listTeamJobs>> {
    const team = await callerTeam(this.bus, ctx, callerOf(ctx).memberId);
    return jobsOfTeam(this.ds, team.teamId);
  }
}

@Injectable()
export class ListJobsOfTeamHandler implements OperationHandler<typeof listJobsOfTeam> {
  readonly operation = listJobsOfTeam;

  constructor(private readonly ds: DataSource) {}

  handle({ teamId }: InputOf<typeof listJobsOfTeam>): Promise<OutputOf<typeof listJobsOfTeam>> {
    return jobsOfTeam(this.ds, teamId);
  }
}

/**
 * Posting on the team surface: the same two automated approvals and the same per-member posting
 * limit as a member job (a refused attempt counts too), and the $1 listing fee recorded in the
 * ledger in the same transaction as the job, never charged.
 */
@Injectable()
export class PostTeamJobHandler implements OperationHandler<typeof postTeamJob> {
  readonly operation = postTeamJob;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
    private readonly reviewer: JobTextReviewer,
  ) {}

  async handle(input: InputOf<typeof postTeamJob>, ctx: HandlerContext): Promise<OutputOf<typeof postTeamJob>> {
    const caller = callerOf(ctx);
    const team = await callerTeam(this.bus, ctx, caller.memberId);
    const text = { title: input.title, constraints: input.constraints };
    const rules = reviewJobText(text, false);
    if (rules?.status === 503) throw rules;
    let refusal = rules;
    const row = await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().jobPosts, caller.memberId);
      if (refusal) return null;
      const id = randomUUID();
      // 503 when the model cannot check: thrown inside the transaction, so no job, fee or count is kept.
      const verdict = await this.reviewer.secondOpinion(text);
      refusal = verdict.refusal;
      await recordReviewCost(em, verdict.usage, { memberId: caller.memberId, jobId: refusal ? null : id });
      if (refusal) return null;
      const now = new Date();
      const posted = await insertTeamJob(em, {
        id,
        teamId: team.teamId,
        company: team.teamName,
        postedBy: caller.memberId,
        title: input.title,
        budget: input.budget,
        constraints: input.constraints,
        createdAt: now,
        closesAt: new Date(now.getTime() + JOB_LIFETIME_MS),
      });
      await recordListingFee(em, { jobId: id, teamId: team.teamId, memberId: caller.memberId, amountDollars: TEAM_LISTING_FEE_DOLLARS, recordedAt: now });
      return posted;
    });
    if (refusal) throw refusal;
    return toTeamJob(row!);
  }
}

@Injectable()
export class CloseTeamJobHandler implements OperationHandler<typeof closeTeamJob> {
  readonly operation = closeTeamJob;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof closeTeamJob>, ctx: HandlerContext): Promise<OutputOf<typeof closeTeamJob>> {
    await countAttempt(this.ds, limitBuckets().jobCloses, callerOf(ctx).memberId);
    const team = await callerTeam(this.bus, ctx, callerOf(ctx).memberId);
    const job = await findTeamJob(this.ds.manager, id);
    if (!job || job.team_id !== team.teamId) throw AppError.notFound('No job with this id on your team.');
    const closed = await closeTeamJobRow(this.ds, id);
    if (!closed) throw AppError.conflict('This job is not open.');
    return toTeamJob(closed);
  }
}

@Injectable()
export class GetTeamJobHandler implements OperationHandler<typeof getTeamJob> {
  readonly operation = getTeamJob;

  constructor(private readonly ds: DataSource) {}

  async handle({ jobId }: InputOf<typeof getTeamJob>): Promise<OutputOf<typeof getTeamJob>> {
    const job = await findTeamJob(this.ds.manager, jobId);
    if (!job) throw AppError.notFound('No open team job with this id.');
    return { ...toTeamJob(job), teamId: job.team_id, postedBy: job.posted_by };
  }
}

/**
 * The team half of hiring: open -> filled only while the job is still open and not past closing,
 * so of concurrent accepts exactly one moves it; the applications service undoes a move (filled ->
 * open) when its own half fails.
 */
@Injectable()
export class MoveTeamJobHandler implements OperationHandler<typeof moveTeamJob> {
  readonly operation = moveTeamJob;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof moveTeamJob>): Promise<OutputOf<typeof moveTeamJob>> {
    if (await moveTeamJobRow(this.ds, input)) return { moved: true, status: input.to };
    const job = await findTeamJob(this.ds.manager, input.jobId);
    return { moved: false, status: job ? toTeamJob(job).status : null };
  }
}
