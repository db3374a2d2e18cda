import { AppError, editJob, getMemberCard, type InputOf, jobEditedV1, jobPosterVisibilityChangedV1, type OutputOf } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { toJob } from '../jobs/job.mapper.js';
import { findJobRow, insertJobVersion, lockOwnJob } from '../jobs/jobs.queries.js';
import { MAX_PREFERRED_WORKERS, mergeReferences, nameWorkers, resolvePreferredWorkers } from '../jobs/preferred-workers.js';
import { reviewJobText } from '../safety/job-text-review.js';
import { JobTextReviewer, recordReviewCost } from '../safety/model-safety-review.js';
import { updateJobText, updatePreferredWorkers } from './edits.queries.js';

/**
 * Edits run in one transaction holding the job's row lock, so a concurrent edit either sees the
 * new version (and a stale expectedVersion gets 409) or waits. Content edits pass the same checks
 * and the same submission counting as a new posting (counted as `job_edit`, under the posting
 * limits, so edits never use up the day's posts); a refused attempt still counts, one the model
 * could not check (503) does not.
 */
@Injectable()
export class EditJobHandler implements OperationHandler<typeof editJob> {
  readonly operation = editJob;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
    private readonly reviewer: JobTextReviewer,
  ) {}

  async handle(input: InputOf<typeof editJob>, ctx: HandlerContext): Promise<OutputOf<typeof editJob>> {
    const caller = callerOf(ctx);
    const { id, expectedVersion, preferredWorkers, acknowledgeExposures, ...changes } = input;
    if (Object.values(changes).every((v) => v === undefined) && preferredWorkers === undefined) {
      throw AppError.badRequest('Nothing to change: send title, category, constraints, posterVisibility or preferredWorkers.');
    }

    const outcome = await this.uow.run(async (em) => {
      const row = await lockOwnJob(em, id, caller.memberId);
      if (row.safety_hidden) throw AppError.forbidden('This job was hidden by staff and cannot be edited.');
      if (row.status !== 'open') throw AppError.conflict('This job is no longer open, so it cannot be edited.');
      if (expectedVersion !== undefined && expectedVersion !== row.version) {
        throw AppError.conflict(`The job moved to version ${row.version} since version ${expectedVersion}.`, {
          expectedVersion: `Version ${expectedVersion} is no longer current.`,
          jobVersion: `The current version is ${row.version}.`,
        });
      }
      const next = {
        title: changes.title ?? row.title,
        category: changes.category ?? row.category,
        constraints: changes.constraints ?? row.constraints,
        posterVisibility: changes.posterVisibility ?? row.poster_visibility,
      };
      const contentChanged = next.title !== row.title || next.category !== row.category || next.constraints !== row.constraints;
      const visibilityChanged = next.posterVisibility !== row.poster_visibility;
      const references = mergeReferences(row.preferred_workers, preferredWorkers ?? []);
      if (references.length > MAX_PREFERRED_WORKERS) {
        throw AppError.badRequest('At most 10 preferred workers per job.', {
          preferredWorkers: `At most ${MAX_PREFERRED_WORKERS} in all; ${row.preferred_workers.length} already named.`,
        });
      }
      const added = references.slice(row.preferred_workers.length);
      if (!contentChanged && !visibilityChanged && added.length === 0) return { row, refusal: null };

      let refusal: AppError | null = null;
      if (contentChanged) {
        const card = await this.bus.call(getMemberCard, { memberId: caller.memberId }, ctx);
        if (card.missing.length) {
          throw AppError.forbidden(`Complete your profile before editing. Missing: ${card.missing.join(', ')}.`);
        }
        const text = { title: next.title, constraints: next.constraints };
        refusal = reviewJobText(text, acknowledgeExposures === true);
        if (refusal?.status === 503) throw refusal;
        await countAttempt(em, limitBuckets().jobEdits, caller.memberId);
        if (refusal) return { row, refusal };
        // Asked under the row lock, so the text reviewed is the text stored; the provider's timeout bounds the wait.
        // An unavailable model throws 503 here, and the rollback keeps no version and no count (as for a posting).
        const verdict = await this.reviewer.secondOpinion(text);
        await recordReviewCost(em, verdict.usage, { memberId: caller.memberId, jobId: id });
        refusal = verdict.refusal;
        if (refusal) return { row, refusal };
      }
      // A visibility-only edit runs no model but alerts every waiting applicant: its own limit.
      if (visibilityChanged && !contentChanged) await countAttempt(em, limitBuckets().visibilityChanges, caller.memberId);
      const workerIds = await resolvePreferredWorkers(this.bus, added, caller.memberId, ctx);

      if (contentChanged || visibilityChanged) {
        const version = row.version + 1;
        const now = new Date();
        await updateJobText(em, id, {
          title: next.title,
          category: next.category,
          constraints: next.constraints,
          posterVisibility: next.posterVisibility,
          version,
          updatedAt: now,
          preferredWorkers: references,
        });
        await insertJobVersion(em, {
          jobId: id,
          version,
          title: next.title,
          category: next.category,
          constraints: next.constraints,
          createdAt: now,
        });
        await recordEvent(em, jobEditedV1, { jobId: id, posterId: caller.memberId, version, title: next.title, contentChanged });
        if (visibilityChanged) {
          await recordEvent(em, jobPosterVisibilityChangedV1, {
            jobId: id,
            posterId: caller.memberId,
            version,
            posterVisibility: next.posterVisibility,
          });
        }
      } else {
        await updatePreferredWorkers(em, id, references);
      }
      await nameWorkers(em, { id, posterId: caller.memberId, title: next.title }, workerIds);
      return { row: (await findJobRow(em, id))!, refusal: null };
    });

    if (outcome.refusal) throw outcome.refusal;
    return toJob(outcome.row, { revealPoster: true, detail: true });
  }
}
