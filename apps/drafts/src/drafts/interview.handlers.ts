import { randomUUID } from 'node:crypto';

import {
  AppError,
  discardJobDraft,
  getJobDraft,
  type InputOf,
  listJobDrafts,
  OPENING_ANSWERS,
  type OutputOf,
  OWN_LIST_LIMITS,
  startJobDraft,
  updateJobDraft,
  writeJobDescription,
} from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { JobDraftEntity } from './draft.entity.js';
import { changeOwnDraft, currentRecording, ownDraft, startTask } from './draft-store.js';
import { isRunning, missingAnswers, previewPathOf, readiness, toJobDraft } from './draft-view.js';
import { countOpenDrafts, insertDraft, latestOpenDraft, openDraftsPage } from './drafts.queries.js';

/** Research and follow-up questions start as soon as the required answer (the problem) is in. */
async function startInterviewTasks(em: Parameters<typeof startTask>[0], draft: JobDraftEntity, openingChanged: boolean): Promise<void> {
  if (missingAnswers(draft).length) return;
  if (!draft.tasks.research || openingChanged) await startTask(em, draft, 'research');
  if (!draft.tasks.followUps) await startTask(em, draft, 'followUps');
}

@Injectable()
export class StartJobDraftHandler implements OperationHandler<typeof startJobDraft> {
  readonly operation = startJobDraft;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof startJobDraft>, ctx: HandlerContext): Promise<OutputOf<typeof startJobDraft>> {
    const caller = callerOf(ctx);
    const draft = await this.uow.run(async (em) => {
      // Counted first, in the draft's transaction: a refused start writes and queues nothing.
      await countAttempt(em, limitBuckets().draftStarts, caller.memberId);
      const now = new Date();
      const row: JobDraftEntity = {
        id: randomUUID(),
        memberId: caller.memberId,
        status: 'open',
        jobId: null,
        posterVisibility: input.posterVisibility,
        answers: {
          ...(input.answers?.context ? { context: input.answers.context } : {}),
          ...(input.answers?.problem ? { problem: input.answers.problem } : {}),
        },
        answersVersion: 1,
        research: null,
        researchCorrection: null,
        followUps: [],
        posting: null,
        approved: [],
        tasks: {},
        costs: { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null },
        jobEval: null,
        recordingTokenHash: null,
        recordingLinkExpiresAt: null,
        recordingId: null,
        createdAt: now,
        updatedAt: now,
      };
      await startInterviewTasks(em, row, true);
      row.updatedAt = new Date();
      return insertDraft(em, row);
    });
    return toJobDraft(draft, ctx.surface);
  }
}

@Injectable()
export class UpdateJobDraftHandler implements OperationHandler<typeof updateJobDraft> {
  readonly operation = updateJobDraft;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof updateJobDraft>, ctx: HandlerContext): Promise<OutputOf<typeof updateJobDraft>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().draftChanges, callerOf(ctx).memberId));
    return changeOwnDraft(this.uow, input.id, ctx, async (draft, em) => {
      const known = new Set<string>([...OPENING_ANSWERS, ...draft.followUps.map((f) => f.id)]);
      const unknown = Object.keys(input.answers ?? {}).filter((k) => !known.has(k));
      if (unknown.length) {
        throw AppError.badRequest('Answer the questions the draft asks.', {
          answers: `Unknown answer key(s): ${unknown.join(', ')}. Use the answerIds of nextQuestion.`,
        });
      }
      const editsPosting = input.title !== undefined || input.category !== undefined || input.description !== undefined;
      if (editsPosting && !draft.posting) {
        throw AppError.badRequest('Nothing is written yet: call write_job_description first.', {
          [input.title !== undefined ? 'title' : input.category !== undefined ? 'category' : 'description']: 'Nothing is written yet.',
        });
      }
      if ((editsPosting || input.posterVisibility !== undefined) && isRunning(draft, 'writing')) {
        throw AppError.conflict('The posting is being rewritten; wait until tasks.writing is ready.');
      }

      let answersChanged = false;
      let openingChanged = false;
      const answers = { ...draft.answers };
      for (const [key, value] of Object.entries(input.answers ?? {})) {
        if (answers[key] === value) continue;
        answers[key] = value;
        answersChanged = true;
        if ((OPENING_ANSWERS as readonly string[]).includes(key)) openingChanged = true;
      }
      if (input.researchCorrection !== undefined && input.researchCorrection !== draft.researchCorrection) {
        draft.researchCorrection = input.researchCorrection;
        answersChanged = true;
      }
      if (answersChanged) {
        draft.answers = answers;
        draft.answersVersion += 1;
      }
      // Editing a part makes it unapproved again.
      const unapprove = new Set<string>();
      if (draft.posting) {
        const posting = { ...draft.posting };
        if (input.title !== undefined && input.title !== posting.title) {
          posting.title = input.title;
          unapprove.add('summary');
        }
        if (input.category !== undefined && input.category !== posting.category) {
          posting.category = input.category;
          unapprove.add('summary');
        }
        if (input.description !== undefined && input.description !== posting.description) {
          posting.description = input.description;
          unapprove.add('details');
        }
        draft.posting = posting;
      }
      if (input.posterVisibility !== undefined && input.posterVisibility !== draft.posterVisibility) {
        draft.posterVisibility = input.posterVisibility;
        unapprove.add('visibility');
      }
      draft.approved = draft.approved.filter((p) => !unapprove.has(p));
      if (openingChanged && missingAnswers(draft).length === 0) {
        // Before the research is queued; a refusal rolls the whole change back.
        await countAttempt(em, limitBuckets().researchReruns, draft.memberId);
        await startInterviewTasks(em, draft, true);
      }
    });
  }
}

@Injectable()
export class GetJobDraftHandler implements OperationHandler<typeof getJobDraft> {
  readonly operation = getJobDraft;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof getJobDraft>, ctx: HandlerContext): Promise<OutputOf<typeof getJobDraft>> {
    const caller = callerOf(ctx);
    const draft = input.id !== undefined ? await ownDraft(this.ds.manager, input.id, caller.memberId) : await latestOpenDraft(this.ds, caller.memberId);
    if (!draft) throw AppError.notFound('You have no open draft. Start one with start_job_draft.');
    return toJobDraft(draft, ctx.surface, await currentRecording(this.ds.manager, draft));
  }
}

@Injectable()
export class ListJobDraftsHandler implements OperationHandler<typeof listJobDrafts> {
  readonly operation = listJobDrafts;

  constructor(private readonly ds: DataSource) {}

  async handle(
    { limit = OWN_LIST_LIMITS.defaultLimit, offset = 0 }: InputOf<typeof listJobDrafts>,
    ctx: HandlerContext,
  ): Promise<OutputOf<typeof listJobDrafts>> {
    const caller = callerOf(ctx);
    const rows = await openDraftsPage(this.ds, caller.memberId, offset, limit);
    const total = await countOpenDrafts(this.ds, caller.memberId);
    return {
      total,
      drafts: rows.map((d) => ({
        id: d.id,
        title: d.posting?.title ?? (d.answers.problem ? d.answers.problem.split('\n')[0]!.slice(0, 120) : null),
        posterVisibility: d.posterVisibility,
        previewPath: previewPathOf(d.id),
        readiness: readiness(d),
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      })),
    };
  }
}

@Injectable()
export class DiscardJobDraftHandler implements OperationHandler<typeof discardJobDraft> {
  readonly operation = discardJobDraft;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof discardJobDraft>, ctx: HandlerContext): Promise<OutputOf<typeof discardJobDraft>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().draftChanges, callerOf(ctx).memberId));
    return changeOwnDraft(this.uow, input.id, ctx, (draft) => {
      draft.status = 'discarded';
    });
  }
}

@Injectable()
export class WriteJobDescriptionHandler implements OperationHandler<typeof writeJobDescription> {
  readonly operation = writeJobDescription;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof writeJobDescription>, ctx: HandlerContext): Promise<OutputOf<typeof writeJobDescription>> {
    return changeOwnDraft(this.uow, input.id, ctx, async (draft, em) => {
      const missing = missingAnswers(draft);
      if (missing.length) {
        throw AppError.badRequest(
          'Say what problem you face or what result you want first.',
          Object.fromEntries(missing.map((k) => [k, 'Required before writing.'])),
        );
      }
      await countAttempt(em, limitBuckets().draftRewrites, draft.memberId);
      // A rewrite replaces every part, so every approval starts again.
      draft.approved = [];
      await startTask(em, draft, 'writing');
    });
  }
}
