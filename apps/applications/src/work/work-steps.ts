import { AppError, getHiringJob, type JobStatus, type JobWork, moveJobStatus } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, type LogBucket, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { HireStatus } from '../hiring/hire.entity.js';
import type { HireRow } from '../hiring/hiring.queries.js';
import { revertJobMove } from '../hiring/revert-job-move.js';
import { liveHire, updateHire } from './work.queries.js';
import { buildWork, roleOf, type WorkRole } from './work-view.js';

/** The job's status for a hire's: a cancelled hire leaves the job open again. */
function jobStatusOf(s: HireStatus): JobStatus {
  return s === 'cancelled' ? 'open' : s;
}

interface Moved {
  hireId: string;
  workerId: string;
  from: HireStatus;
  to: HireStatus;
}

export interface Step {
  /** Who may take the step; anyone else who can see the work gets 403 with `forbidden`. */
  roles: WorkRole[];
  forbidden: string;
  from: readonly HireStatus[];
  /** 409 message when the work is not in one of `from`. */
  conflict: string;
  /** The next status, or null for none; the job on the jobs service moves in step (cancelled reopens it). */
  to: HireStatus | null;
  /** The named write limit the step counts against, per member, once role and order allow it. */
  limit?: LogBucket;
  /** Extra checks and writes inside the transaction, with the hire locked. */
  apply(em: EntityManager, hire: HireRow, role: WorkRole): Promise<void>;
}

/**
 * Runs one step of hired work: lock the live hire, check role and order, write, move the job
 * with a compare-and-set on the jobs service, commit. If the commit fails after the job moved, the
 * move is undone, so the two services never disagree for long.
 */
@Injectable()
export class WorkSteps {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async view(jobId: string, ctx: HandlerContext): Promise<JobWork> {
    const caller = callerOf(ctx);
    return this.uow.run(async (em) => {
      const hire = await liveHire(em, jobId);
      const role = hire ? roleOf(hire, caller.memberId, caller.staff) : null;
      if (!hire || !role) return this.noWork(jobId, caller.memberId, ctx);
      return buildWork(em, hire, role);
    });
  }

  async run(jobId: string, ctx: HandlerContext, step: Step): Promise<JobWork> {
    const caller = callerOf(ctx);
    let moved: Moved | null = null;
    try {
      return await this.uow.run(async (em) => {
        const hire = await liveHire(em, jobId, { forUpdate: true });
        const role = hire ? roleOf(hire, caller.memberId, caller.staff) : null;
        if (!hire || !role) return this.noWork(jobId, caller.memberId, ctx);
        if (!step.roles.includes(role)) throw AppError.forbidden(step.forbidden);
        if (!step.from.includes(hire.status)) throw AppError.conflict(step.conflict);
        if (step.limit) await countAttempt(em, step.limit, caller.memberId);
        await step.apply(em, hire, role);
        if (step.to && step.to !== hire.status) {
          const reopen = step.to === 'cancelled';
          const move = (from: JobStatus) =>
            this.bus.call(
              moveJobStatus,
              {
                jobId,
                from: [from],
                to: jobStatusOf(step.to!),
                hiredApplicationId: hire.id,
                reopen,
              },
              ctx,
            );
          let cas = await move(jobStatusOf(hire.status));
          if (!cas.moved && cas.hiredApplicationId === hire.id && cas.status && cas.status !== 'open' && cas.status !== 'closed') {
            // The job is still this hire's but its status fell out of step (an undo that never
            // arrived); the locked hire is the record of truth, so move from where the job is.
            cas = await move(cas.status);
          }
          if (!cas.moved) throw AppError.conflict('The job changed meanwhile; read the work again.');
          moved = { hireId: hire.id, workerId: hire.worker_id, from: hire.status, to: step.to };
          hire.status = step.to;
          hire.updated_at = new Date();
          if (step.to === 'completed') hire.completed_at = hire.updated_at;
          await updateHire(em, hire.id, {
            status: hire.status,
            updated_at: hire.updated_at,
            completed_at: hire.completed_at,
            cancel_requested_at: hire.cancel_requested_at,
          });
        } else {
          await updateHire(em, hire.id, { cancel_requested_at: hire.cancel_requested_at, updated_at: new Date() });
        }
        return buildWork(em, hire, role);
      });
    } catch (err) {
      const m = moved as Moved | null;
      if (m) {
        // A reopened job cannot simply be put back: the hire stays live, so move it back to where it was.
        if (m.to === 'cancelled') {
          await this.bus
            .call(
              moveJobStatus,
              {
                jobId,
                from: ['open'],
                to: jobStatusOf(m.from),
                hiredApplicationId: m.hireId,
                workerId: m.workerId,
                reopen: false,
              },
              ctx,
            )
            .catch(() => undefined);
        } else {
          await revertJobMove(this.bus, ctx, jobId, m.hireId, jobStatusOf(m.to), jobStatusOf(m.from));
        }
      }
      throw err;
    }
  }

  /** The poster of a job nobody is hired for gets 409; everyone else 404. */
  private async noWork(jobId: string, memberId: string, ctx: HandlerContext): Promise<never> {
    const notFound = AppError.notFound('No hired work on this job is visible to you.');
    const job = await this.bus.call(getHiringJob, { jobId }, ctx).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound : err;
    });
    if (job.posterId === memberId && job.status !== 'closed') throw AppError.conflict('Nobody is hired for this job yet.');
    throw notFound;
  }
}
