import { randomUUID } from 'node:crypto';

import { AppError, getMemberCard, type InputOf, jobPostedV1, type MemberCard, type OutputOf, postJob, postJobFromDraft } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { reviewJobText } from '../safety/job-text-review.js';
import { JobTextReviewer, recordReviewCost } from '../safety/model-safety-review.js';
import { toJob } from './job.mapper.js';
import { findJobRow, insertPostedJob } from './jobs.queries.js';
import { nameWorkers, resolvePreferredWorkers } from './preferred-workers.js';
import { newSealedWalkthroughSecret } from './walkthrough-link.js';

export const JOB_LIFETIME_MS = 14 * 24 * 3600 * 1000;

@Injectable()
export class PostJobHandler implements OperationHandler<typeof postJob> {
  readonly operation = postJob;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
    private readonly reviewer: JobTextReviewer,
  ) {}

  async handle(input: InputOf<typeof postJob> & { walkthroughKey?: string | undefined }, ctx: HandlerContext): Promise<OutputOf<typeof postJob>> {
    const caller = callerOf(ctx);
    const card: MemberCard = await this.bus.call(getMemberCard, { memberId: caller.memberId }, ctx);
    if (card.missing.length) {
      throw AppError.forbidden(`Complete your profile before posting. Missing: ${card.missing.join(', ')}.`);
    }
    const rules = reviewJobText(input, input.acknowledgeExposures === true);
    if (rules?.status === 503) throw rules;
    const references = input.preferredWorkers ?? [];
    const workerIds = rules ? [] : await resolvePreferredWorkers(this.bus, references, caller.memberId, ctx);

    const outcome = await this.uow.run(async (em) => {
      // A refused attempt still counts (spec: submission counting includes safety refusals).
      await countAttempt(em, limitBuckets().jobPosts, caller.memberId);
      if (rules) return { refusal: rules };
      const id = randomUUID();
      // A model that cannot give its verdict throws 503 here, rolling back the attempt's count with
      // everything else: an outage is not a posting the member made, so retrying after it must not
      // use up the day's posts. Meanwhile the count's lock still lets one attempt per member wait on the model.
      const { refusal, usage } = await this.reviewer.secondOpinion(input);
      await recordReviewCost(em, usage, { memberId: caller.memberId, jobId: refusal ? null : id });
      if (refusal) return { refusal };
      const now = new Date();
      const closesAt = new Date(now.getTime() + JOB_LIFETIME_MS);
      // The poster's card, the job and its first version: one statement.
      await insertPostedJob(em, card, {
        id,
        posterId: caller.memberId,
        posterVisibility: input.posterVisibility,
        title: input.title,
        category: input.category,
        constraints: input.constraints,
        createdAt: now,
        closesAt,
        preferredWorkers: references,
        walkthroughKey: input.walkthroughKey ?? null,
        walkthroughSecret: input.walkthroughKey ? newSealedWalkthroughSecret() : null,
      });
      await recordEvent(em, jobPostedV1, {
        jobId: id,
        posterId: caller.memberId,
        title: input.title,
        category: input.category,
        posterVisibility: input.posterVisibility,
        closesAt: closesAt.toISOString(),
      });
      await nameWorkers(em, { id, posterId: caller.memberId, title: input.title }, workerIds);
      return { row: await findJobRow(em, id) };
    });

    if ('refusal' in outcome) throw outcome.refusal;
    if (!outcome.row) throw new Error('posted job vanished');
    return toJob(outcome.row, { revealPoster: true, detail: true });
  }
}

/** A job a guided draft wrote, posted on the poster's behalf by the drafts service: one rule set for both. */
@Injectable()
export class PostJobFromDraftHandler extends PostJobHandler {
  override readonly operation = postJobFromDraft;
}
