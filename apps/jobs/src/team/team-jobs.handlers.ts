import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, closeTeamJob, getTeamJob, listJobsOfTeam, listTeamBoard, listTeamJobs, moveTeamJob, postTeamJob,
  TEAM_LISTING_FEE_DOLLARS, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, callerOf, countAttempt, limitBuckets, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { JOB_LIFETIME_MS } from '../jobs/post-job.handler.js';
import { reviewJobText } from '../safety/job-text-review.js';
import { JobTextReviewer, recordReviewCost } from '../safety/model-safety-review.js';
import { callerTeam, findTeamJob, TEAM_JOB_COLUMNS, toTeamJob, type TeamJobRow } from './team-job.mapper.js';

/** GET /api/jobs for team and candidate keys: open team jobs, newest first. */
@Injectable()
export class ListTeamBoardHandler implements OperationHandler<typeof listTeamBoard> {
  readonly operation = listTeamBoard;

  constructor(private readonly ds: DataSource) {}

  async handle({ limit }: InputOf<typeof listTeamBoard>): Promise<OutputOf<typeof listTeamBoard>> {
    const rows: TeamJobRow[] = await this.ds.query(
      `SELECT ${TEAM_JOB_COLUMNS} FROM team_jobs WHERE status = 'open' AND closes_at > now()
       ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return { jobs: rows.map((r) => toTeamJob(r)) };
  }
}

async function jobsOfTeam(ds: DataSource, teamId: string): Promise<OutputOf<typeof listTeamJobs>> {
  const rows: TeamJobRow[] = await ds.query(
    `SELECT ${TEAM_JOB_COLUMNS} FROM team_jobs WHERE team_id = $1 ORDER BY created_at DESC, id DESC`, [teamId],
  );
  return { jobs: rows.map((r) => toTeamJob(r)) };
}

@Injectable()
export class ListTeamJobsHandler implements OperationHandler<typeof listTeamJobs> {
  readonly operation = listTeamJobs;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient) {}

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

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient, private readonly reviewer: JobTextReviewer) {}

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
      const rows: TeamJobRow[] = await em.query(
        `INSERT INTO team_jobs (id, team_id, company, posted_by, title, budget, constraints, status, created_at, closes_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9) RETURNING ${TEAM_JOB_COLUMNS}`,
        [id, team.teamId, team.teamName, caller.memberId, input.title, input.budget, input.constraints, now,
          new Date(now.getTime() + JOB_LIFETIME_MS)],
      );
      await em.query(
        `INSERT INTO listing_fees (job_id, team_id, member_id, amount_dollars, charged, recorded_at) VALUES ($1, $2, $3, $4, false, $5)`,
        [id, team.teamId, caller.memberId, TEAM_LISTING_FEE_DOLLARS, now],
      );
      return rows[0]!;
    });
    if (refusal) throw refusal;
    return toTeamJob(row!);
  }
}

@Injectable()
export class CloseTeamJobHandler implements OperationHandler<typeof closeTeamJob> {
  readonly operation = closeTeamJob;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle({ id }: InputOf<typeof closeTeamJob>, ctx: HandlerContext): Promise<OutputOf<typeof closeTeamJob>> {
    await countAttempt(this.ds, limitBuckets().jobCloses, callerOf(ctx).memberId);
    const team = await callerTeam(this.bus, ctx, callerOf(ctx).memberId);
    const job = await findTeamJob(this.ds.manager, id);
    if (!job || job.team_id !== team.teamId) throw AppError.notFound("No job with this id on your team.");
    const [rows] = (await this.ds.query(
      `UPDATE team_jobs SET status = 'closed', decided_at = now() WHERE id = $1 AND status = 'open' AND closes_at > now()
       RETURNING ${TEAM_JOB_COLUMNS}`,
      [id],
    )) as [TeamJobRow[], number];
    if (!rows[0]) throw AppError.conflict('This job is not open.');
    return toTeamJob(rows[0]);
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
    const stillOpen = input.from === 'open' ? 'AND closes_at > now()' : '';
    const [rows] = (await this.ds.query(
      `UPDATE team_jobs SET status = $3::text,
         hired_application_id = CASE WHEN $3::text = 'open' THEN NULL ELSE $4::uuid END,
         decided_at = CASE WHEN $3::text = 'open' THEN NULL ELSE now() END
       WHERE id = $1 AND status = $2::text ${stillOpen}
         AND ($2::text <> 'filled' OR hired_application_id IS NOT DISTINCT FROM $4::uuid)
       RETURNING id`,
      [input.jobId, input.from, input.to, input.hiredApplicationId],
    )) as [unknown[], number];
    if (rows.length) return { moved: true, status: input.to };
    const job = await findTeamJob(this.ds.manager, input.jobId);
    return { moved: false, status: job ? toTeamJob(job).status : null };
  }
}
