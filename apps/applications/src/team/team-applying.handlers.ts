import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  isUuid,
  AppError, applyToTeamJob, getApplicantProfile, getTeamJob, listCandidateApplications, teamApplicationSubmittedV1,
  withdrawCandidateApplication, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, callerOf, countAttempt, limitBuckets, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { CandidateEntity, TeamApplicationEntity } from './team-application.entity.js';
import { teamOfCaller, toTeamApplication } from './team-application.mapper.js';

/**
 * POST /api/jobs/{id}/applications with a team or candidate key. Needs a saved candidate profile;
 * one application per candidate and job (a unique index, so concurrent tries cannot both land);
 * counted against the member's application limits like any application.
 */
@Injectable()
export class ApplyToTeamJobHandler implements OperationHandler<typeof applyToTeamJob> {
  readonly operation = applyToTeamJob;

  constructor(private readonly uow: UnitOfWork, private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle(input: InputOf<typeof applyToTeamJob>, ctx: HandlerContext): Promise<OutputOf<typeof applyToTeamJob>> {
    const caller = callerOf(ctx);
    const noJob = AppError.notFound('No open team job with this id.');
    if (!isUuid(input.id)) throw noJob;
    const candidate = await this.ds.getRepository(CandidateEntity).findOneBy({ memberId: caller.memberId });
    if (!candidate) {
      throw new AppError(403, 'Save your candidate profile first (PUT /api/candidate/profile).', {
        fields: { profile: 'A saved candidate profile is required.' },
      });
    }
    const job = await this.bus.call(getTeamJob, { jobId: input.id }, ctx);
    if (job.status !== 'open') throw noJob;
    if ((await teamOfCaller(this.bus, ctx, caller.memberId)) === job.teamId) {
      throw AppError.conflict("You cannot apply to your own team's job.");
    }
    const profile = await this.bus.call(getApplicantProfile, { memberId: caller.memberId }, ctx);
    const row = await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().applications, caller.memberId);
      const now = new Date();
      const inserted = (await em.query(
        `INSERT INTO team_applications (id, job_id, team_id, posted_by, title, company, budget, candidate_id, candidate_name,
           candidate_state, pitch, agent, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'submitted', $13)
         ON CONFLICT (job_id, candidate_id) DO NOTHING RETURNING id`,
        [randomUUID(), job.id, job.teamId, job.postedBy, job.title, job.company, job.budget, caller.memberId, profile.name,
          candidate.state, input.pitch, input.agent ?? null, now],
      )) as { id: string }[];
      if (!inserted[0]) throw AppError.conflict('You already applied to this job.');
      await recordEvent(em, teamApplicationSubmittedV1, {
        applicationId: inserted[0].id, jobId: job.id, title: job.title, candidateId: caller.memberId, postedBy: job.postedBy,
        submittedAt: now.toISOString(),
      });
      return em.findOneByOrFail(TeamApplicationEntity, { id: inserted[0].id });
    });
    return toTeamApplication(row, 'candidate');
  }
}

@Injectable()
export class ListCandidateApplicationsHandler implements OperationHandler<typeof listCandidateApplications> {
  readonly operation = listCandidateApplications;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listCandidateApplications>, ctx: HandlerContext): Promise<OutputOf<typeof listCandidateApplications>> {
    const rows = await this.ds.getRepository(TeamApplicationEntity).find({
      where: { candidateId: callerOf(ctx).memberId }, order: { createdAt: 'DESC', id: 'DESC' },
    });
    return { applications: rows.map((r) => toTeamApplication(r, 'candidate')) };
  }
}

@Injectable()
export class WithdrawCandidateApplicationHandler implements OperationHandler<typeof withdrawCandidateApplication> {
  readonly operation = withdrawCandidateApplication;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof withdrawCandidateApplication>, ctx: HandlerContext): Promise<OutputOf<typeof withdrawCandidateApplication>> {
    await countAttempt(this.ds, limitBuckets().withdrawals, callerOf(ctx).memberId);
    const memberId = callerOf(ctx).memberId;
    const notFound = AppError.notFound('You have no application with this id.');
    if (!isUuid(id)) throw notFound;
    const repo = this.ds.getRepository(TeamApplicationEntity);
    const [rows] = (await this.ds.query(
      `UPDATE team_applications SET status = 'withdrawn', decided_at = now()
       WHERE id = $1 AND candidate_id = $2 AND status = 'submitted' RETURNING id`,
      [id, memberId],
    )) as [unknown[], number];
    const row = await repo.findOneBy({ id, candidateId: memberId });
    if (!row) throw notFound;
    if (!rows.length) throw AppError.conflict(`Only a waiting application can be withdrawn (this one is ${row.status}).`);
    return toTeamApplication(row, 'candidate');
  }
}
