import {
  acceptTeamApplication,
  AppError,
  declineTeamApplication,
  getApplicantProfile,
  getTeamJob,
  type InputOf,
  listTeamJobApplications,
  moveTeamJob,
  type OutputOf,
  teamApplicationAcceptedV1,
  teamApplicationDeclinedV1,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import {
  declineIfWaiting,
  declineOtherTeamApplications,
  hasAcceptedTeamApplication,
  lockTeamJobHiring,
  markTeamApplicationAccepted,
  teamApplication,
  teamApplicationForUpdate,
  teamJobApplications,
  teamJobApplicationsIn,
} from './team.queries.js';
import { findTeamApplication, teamOfCaller, toTeamApplication } from './team-application.mapper.js';

@Injectable()
export class ListTeamJobApplicationsHandler implements OperationHandler<typeof listTeamJobApplications> {
  readonly operation = listTeamJobApplications;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof listTeamJobApplications>, ctx: HandlerContext): Promise<OutputOf<typeof listTeamJobApplications>> {
    const notFound = AppError.notFound('No job with this id on your team.');
    const [teamId, job] = await Promise.all([
      teamOfCaller(this.bus, ctx, callerOf(ctx).memberId),
      this.bus.call(getTeamJob, { jobId: id }, ctx).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }),
    ]);
    if (!job || !teamId || job.teamId !== teamId) throw notFound;
    const rows = await teamJobApplications(this.ds, id);
    return { applications: rows.map((r) => toTeamApplication(r, 'team')) };
  }
}

/**
 * Hiring on the team surface is two owners agreeing, as on the member surface: this service's
 * row (one accepted per job: a per-job lock and a partial unique index) and the jobs service's
 * compare-and-set open -> filled. If anything fails after the job moved, the move is undone, so a
 * failed accept leaves the job open and every application as it was.
 */
@Injectable()
export class AcceptTeamApplicationHandler implements OperationHandler<typeof acceptTeamApplication> {
  readonly operation = acceptTeamApplication;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof acceptTeamApplication>, ctx: HandlerContext): Promise<OutputOf<typeof acceptTeamApplication>> {
    await countAttempt(this.ds, limitBuckets().applicationDecisions, callerOf(ctx).memberId);
    const caller = callerOf(ctx);
    const first = await findTeamApplication(this.ds.manager, this.bus, ctx, caller.memberId, id);
    if (first.status !== 'submitted') throw AppError.conflict(`This application was already decided (${first.status}).`);
    // Both contacts are read before the job's lock is taken, so the lock is never held across them.
    const [candidate, hirer] = await Promise.all([
      this.bus.call(getApplicantProfile, { memberId: first.candidate_id }, ctx),
      this.bus.call(getApplicantProfile, { memberId: caller.memberId }, ctx),
    ]);
    let moved = false;
    try {
      const row = await this.uow.run(async (em) => {
        await lockTeamJobHiring(em, first.job_id);
        const row = await teamApplicationForUpdate(em, id);
        if (!row || row.status !== 'submitted') throw AppError.conflict(`This application was already decided (${row?.status ?? 'gone'}).`);
        const hired = await hasAcceptedTeamApplication(em, row.job_id);
        if (hired) throw AppError.conflict('Another application to this job was already accepted.');
        const cas = await this.bus.call(moveTeamJob, { jobId: row.job_id, from: 'open', to: 'filled', hiredApplicationId: row.id }, ctx);
        if (!cas.moved) throw AppError.conflict('This job is no longer open.');
        moved = true;
        const now = new Date();
        row.status = 'accepted';
        row.decided_at = now;
        row.candidate_contact = { name: candidate.name, email: candidate.email };
        row.team_contact = { name: hirer.name, email: hirer.email };
        await markTeamApplicationAccepted(em, row.id, now, row.candidate_contact, row.team_contact);
        const declined = await teamJobApplicationsIn(em, row.job_id, 'submitted');
        await declineOtherTeamApplications(em, row.job_id, row.id, now);
        await recordEvent(em, teamApplicationAcceptedV1, {
          applicationId: row.id,
          jobId: row.job_id,
          title: row.title,
          company: row.company,
          candidateId: row.candidate_id,
          acceptedBy: caller.memberId,
          acceptedAt: now.toISOString(),
        });
        for (const d of declined.filter((d) => d.id !== row.id)) {
          await recordEvent(em, teamApplicationDeclinedV1, {
            applicationId: d.id,
            jobId: d.job_id,
            title: d.title,
            company: d.company,
            candidateId: d.candidate_id,
            reason: 'hired_other',
            declinedAt: now.toISOString(),
          });
        }
        return row;
      });
      return toTeamApplication(row, 'team');
    } catch (err) {
      // Only an uncommitted hire is undone: once committed, the hire stands whatever happens next.
      if (moved) {
        await this.bus.call(moveTeamJob, { jobId: first.job_id, from: 'filled', to: 'open', hiredApplicationId: id }, ctx).catch(() => undefined);
      }
      throw err;
    }
  }
}

@Injectable()
export class DeclineTeamApplicationHandler implements OperationHandler<typeof declineTeamApplication> {
  readonly operation = declineTeamApplication;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof declineTeamApplication>, ctx: HandlerContext): Promise<OutputOf<typeof declineTeamApplication>> {
    await countAttempt(this.ds, limitBuckets().applicationDecisions, callerOf(ctx).memberId);
    const first = await findTeamApplication(this.ds.manager, this.bus, ctx, callerOf(ctx).memberId, id);
    const row = await this.uow.run(async (em) => {
      const now = new Date();
      if (!(await declineIfWaiting(em, id, now))) return null;
      await recordEvent(em, teamApplicationDeclinedV1, {
        applicationId: id,
        jobId: first.job_id,
        title: first.title,
        company: first.company,
        candidateId: first.candidate_id,
        reason: 'declined',
        declinedAt: now.toISOString(),
      });
      const row = await teamApplication(em, id);
      if (!row) throw new Error(`team application ${id} not found after its decline`);
      return row;
    });
    if (!row) {
      const current = await teamApplication(this.ds, id);
      throw AppError.conflict(`This application was already decided (${current?.status ?? 'gone'}).`);
    }
    return toTeamApplication(row, 'team');
  }
}
