import {
  AppError,
  approveDraftPart,
  DRAFT_PARTS,
  getJobEval,
  getPostedJobEval,
  type InputOf,
  type OutputOf,
  postJobDraft,
  postJobFromDraft,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { recordingById } from '../recordings/recordings.queries.js';
import type { JobDraftEntity } from './draft.entity.js';
import { changeOwnDraft, ownDraft, requireOpen, saveDraft } from './draft-store.js';
import { isRunning, isStale, taskState } from './draft-view.js';
import { draftOfJob } from './drafts.queries.js';

/** Approval and posting both need a finished, current posting. */
function requireCurrentPosting(draft: JobDraftEntity): NonNullable<JobDraftEntity['posting']> {
  requireOpen(draft);
  if (isRunning(draft, 'writing')) throw AppError.conflict('The posting is being rewritten; wait until tasks.writing is ready.');
  if (!draft.posting) throw AppError.badRequest('Nothing is written yet: call write_job_description first.');
  if (isStale(draft)) throw AppError.conflict('Answers changed after the posting was written (postingStale): write it again first.');
  return draft.posting;
}

@Injectable()
export class ApproveDraftPartHandler implements OperationHandler<typeof approveDraftPart> {
  readonly operation = approveDraftPart;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof approveDraftPart>, ctx: HandlerContext): Promise<OutputOf<typeof approveDraftPart>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().draftChanges, callerOf(ctx).memberId));
    return changeOwnDraft(this.uow, input.id, ctx, (draft) => {
      requireCurrentPosting(draft);
      if (draft.approved.includes(input.part)) return;
      const before = DRAFT_PARTS.slice(0, DRAFT_PARTS.indexOf(input.part)).filter((p) => !draft.approved.includes(p));
      if (before.length) throw AppError.conflict(`Approve ${before[0]} first: parts are approved in the order ${DRAFT_PARTS.join(', ')}.`);
      draft.approved = [...draft.approved, input.part];
    });
  }
}

@Injectable()
export class PostJobDraftHandler implements OperationHandler<typeof postJobDraft> {
  readonly operation = postJobDraft;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof postJobDraft>, ctx: HandlerContext): Promise<OutputOf<typeof postJobDraft>> {
    const caller = callerOf(ctx);
    return this.uow.run(async (em) => {
      // The row stays locked while the job board posts, so two posts of one draft cannot both succeed.
      const draft = await ownDraft(em, input.id, caller.memberId, true);
      const posting = requireCurrentPosting(draft);
      const waiting = DRAFT_PARTS.filter((p) => !draft.approved.includes(p));
      if (waiting.length) throw AppError.conflict(`Every part must be approved first; still waiting: ${waiting.join(', ')}.`);
      // The job board applies its own rules (profile, credentials, exposures, policy, daily limits);
      // a refusal there rolls this transaction back, leaving the draft open.
      // Only an approved recording goes out with the job; the job board serves it from then on.
      const rec = draft.recordingId ? await recordingById(em, draft.recordingId) : null;
      const walkthroughKey = rec?.approved ? rec.videoKey : null;
      const job = await this.bus.call(
        postJobFromDraft,
        {
          title: posting.title,
          category: posting.category as InputOf<typeof postJobFromDraft>['category'],
          constraints: posting.description,
          posterVisibility: draft.posterVisibility,
          ...(input.preferredWorkers ? { preferredWorkers: input.preferredWorkers } : {}),
          ...(input.acknowledgeExposures !== undefined ? { acknowledgeExposures: input.acknowledgeExposures } : {}),
          ...(walkthroughKey ? { walkthroughKey } : {}),
        },
        ctx,
      );
      draft.status = 'posted';
      draft.jobId = job.id;
      await saveDraft(em, draft);
      return job;
    });
  }
}

/** The eval as either route reads it. Once posted it follows the job's content edits (jobEval); before, the writing task produces it. */
function evalView(draft: JobDraftEntity): OutputOf<typeof getJobEval> {
  const { jobEval } = draft;
  return {
    draftId: draft.id,
    evaluation: draft.posting?.evaluation ?? null,
    task: taskState(jobEval?.task ?? draft.tasks.writing),
    stale: jobEval ? jobEval.evaluatedVersion < jobEval.version : isStale(draft),
    jobId: draft.jobId,
    jobVersion: draft.jobId ? (jobEval?.version ?? 1) : null,
  };
}

@Injectable()
export class GetJobEvalHandler implements OperationHandler<typeof getJobEval> {
  readonly operation = getJobEval;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof getJobEval>, ctx: HandlerContext): Promise<OutputOf<typeof getJobEval>> {
    return evalView(await ownDraft(this.ds.manager, input.id, callerOf(ctx).memberId));
  }
}

@Injectable()
export class GetPostedJobEvalHandler implements OperationHandler<typeof getPostedJobEval> {
  readonly operation = getPostedJobEval;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof getPostedJobEval>, ctx: HandlerContext): Promise<OutputOf<typeof getPostedJobEval>> {
    // Someone else's job and a job posted without a draft read the same, so the answer reveals neither.
    const notFound = AppError.notFound('No job eval for this job: it was not posted from one of your drafts.');
    const draft = await draftOfJob(this.ds, input.id.toLowerCase(), callerOf(ctx).memberId);
    if (!draft) throw notFound;
    return evalView(draft);
  }
}
