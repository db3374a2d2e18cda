import { randomUUID } from 'node:crypto';

import {
  AppError,
  applyToTeamJob,
  getApplicantProfile,
  getTeamJob,
  type InputOf,
  listCandidateApplications,
  type OutputOf,
  teamApplicationSubmittedV1,
  withdrawCandidateApplication,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { candidate as candidateOf, candidateApplications, insertTeamApplication, teamApplication, withdrawTeamApplication } from './team.queries.js';
import { teamOfCaller, toTeamApplication } from './team-application.mapper.js';

/**
 * POST /api/jobs/{id}/applications with a team or candidate key. Needs a saved candidate profile;
 * one application per candidate and job (a unique index, so concurrent tries cannot both land);
 * counted against the member's application limits like any application.
 */
@Injectable()
export class ApplyToTeamJobHandler implements OperationHandler<typeof applyToTeamJob> {
  readonly operation = applyToTeamJob;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof applyToTeamJob>, ctx: HandlerContext): Promise<OutputOf<typeof applyToTeamJob>> {
    const caller = callerOf(ctx);
    const noJob = AppError.notFound('No open team job with this id.');
    const candidate = await candidateOf(this.ds, caller.memberId);
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
      const inserted = await insertTeamApplication(em, {
        id: randomUUID(),
        job_id: job.id,
        team_id: job.teamId,
        posted_by: job.postedBy,
        title: job.title,
        company: job.company,
        budget: job.budget,
        candidate_id: caller.memberId,
        candidate_name: profile.name,
        candidate_state: candidate.state,
        pitch: input.pitch,
        agent: input.agent ?? null,
        created_at: now,
      });
      if (!inserted) throw AppError.conflict('You already applied to this job.');
      await recordEvent(em, teamApplicationSubmittedV1, {
        applicationId: inserted.id,
        jobId: job.id,
        title: job.title,
        candidateId: caller.memberId,
        postedBy: job.postedBy,
        submittedAt: now.toISOString(),
      });
      const row = await teamApplication(em, inserted.id);
      if (!row) throw new Error(`team application ${inserted.id} not found after insert`);
      return row;
    });
    return toTeamApplication(row, 'candidate');
  }
}

@Injectable()
export class ListCandidateApplicationsHandler implements OperationHandler<typeof listCandidateApplications> {
  readonly operation = listCandidateApplications;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listCandidateApplications>, ctx: HandlerContext): Promise<OutputOf<typeof listCandidateApplications>> {
    const rows = await candidateApplications(this.ds, callerOf(ctx).memberId);
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
    const withdrawn = await withdrawTeamApplication(this.ds, id, memberId);
    const row = await teamApplication(this.ds, id, memberId);
    if (!row) throw notFound;
    if (!withdrawn) throw AppError.conflict(`Only a waiting application can be withdrawn (this one is ${row.status}).`);
    return toTeamApplication(row, 'candidate');
  }
}
