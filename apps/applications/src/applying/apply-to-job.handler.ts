import { randomUUID } from 'node:crypto';

import { AppError, applicationSubmittedV1, applyToJob, getApplicantProfile, getHiringJob, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { shareJobState } from '../hiring/hiring.queries.js';
import { toMyApplication } from './application.mapper.js';
import { type ApplicationRow, applyingChecks, insertApplication } from './applications.queries.js';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class ApplyToJobHandler implements OperationHandler<typeof applyToJob> {
  readonly operation = applyToJob;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof applyToJob>, ctx: HandlerContext): Promise<OutputOf<typeof applyToJob>> {
    const caller = callerOf(ctx);
    // Agents must say which model wrote the application; only a person in the browser may omit it.
    if (caller.via !== 'session' && !input.model) {
      throw AppError.badRequest('Say which AI model wrote this application.', { model: 'Required with an API key or over MCP.' });
    }
    // Both reads at once; the profile's answer decides first, as it did when they ran in turn.
    const jobRead = this.bus.call(getHiringJob, { jobId: input.id }, ctx).then(
      (found) => ({ found }),
      (err: unknown) => ({ err }),
    );
    const profile = await this.bus.call(getApplicantProfile, { memberId: caller.memberId }, ctx);
    if (profile.missing.length) {
      throw new AppError(403, `Complete your profile before applying. Missing: ${profile.missing.join(', ')}.`, {
        fields: Object.fromEntries(profile.missing.map((m) => [m, 'Required before applying (see missing on GET /api/me).'])),
      });
    }
    const read = await jobRead;
    if ('err' in read) throw read.err instanceof AppError && read.err.status === 404 ? AppError.notFound('No open job with this id.') : read.err;
    const job = read.found;
    if (!job.acceptingApplications) throw AppError.notFound('No open job with this id.');
    if (job.posterId === caller.memberId) throw AppError.conflict('You cannot apply to your own job.');
    if (input.jobVersion !== undefined && input.jobVersion !== job.version) {
      throw AppError.conflict(`The job changed since version ${input.jobVersion}; read version ${job.version} and apply again.`, {
        jobVersion: `The job is at version ${job.version} now.`,
      });
    }

    const app = await this.uow
      .run(async (em) => {
        // The job may have closed since it was read: the consumer of job.closed takes this lock alone.
        await shareJobState(em, job.id);
        const known = await applyingChecks(em, job.id, caller.memberId);
        if (known.closed) throw AppError.notFound('No open job with this id.');
        if (known.applied) throw AppError.conflict('You already applied to this job.');
        await countAttempt(em, limitBuckets().applications, caller.memberId);
        const row: ApplicationRow = {
          id: randomUUID(),
          job_id: job.id,
          applicant_id: caller.memberId,
          poster_id: job.posterId,
          status: 'submitted',
          pitch: input.pitch,
          agent: input.agent ?? null,
          model: input.model ?? null,
          resume: profile.resume,
          via_agent: caller.via !== 'session',
          applied_to: {
            version: job.version,
            title: job.title,
            category: job.category,
            constraints: job.constraints,
            createdAt: job.versionCreatedAt,
          },
          applicant: {
            name: profile.name,
            headline: profile.headline,
            photoUrl: profile.photoUrl,
            skills: profile.skills,
            city: profile.city,
            state: profile.state,
            website: profile.website,
            networkUrl: profile.networkUrl,
            email: profile.email,
          },
          visibility: profile.applicantVisibility,
          poster_contact: null,
          created_at: new Date(),
          decided_at: null,
          displaced_by: null,
        };
        await insertApplication(em, row);
        await recordEvent(em, applicationSubmittedV1, {
          applicationId: row.id,
          jobId: job.id,
          applicantId: caller.memberId,
          posterId: job.posterId,
          jobVersion: job.version,
          viaAgent: row.via_agent,
          submittedAt: row.created_at.toISOString(),
        });
        return row;
      })
      .catch((err: unknown) => {
        // Two simultaneous applications by one member: the unique index lets exactly one through.
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw AppError.conflict('You already applied to this job.');
        throw err;
      });
    return toMyApplication(app, {
      id: job.id,
      title: job.title,
      status: job.status,
      version: job.version,
      posterId: job.posterId,
      posterVisibility: job.posterVisibility,
      poster: job.poster,
    });
  }
}
