import { type DraftCostTask, draftTaskQueue } from '@marketplace/contracts';
import {
  addUsage,
  LOGGER,
  type Logger,
  meteredModelProviderFromEnv,
  ModelBudgetSpent,
  type ModelProvider,
  type ModelUsage,
  type WorkContext,
  type WorkHandler,
} from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { DraftTaskName, JobDraftEntity, StoredCosts, StoredUsage } from '../drafts/draft.entity.js';
import { draftById, updateDraft } from '../drafts/drafts.queries.js';
import { recordingById } from '../recordings/recordings.queries.js';
import { followUps, research, RESEARCH_UNAVAILABLE, writing } from './interview-tasks.js';

type Payload = { draftId: string; task: DraftTaskName; runId: string };

/** A usage as kept on the draft, with the model it was spent on (none yet: the one now reported). */
const asModelUsage = (u: StoredUsage, model: string): ModelUsage => ({ ...u, model: u.model ?? model });

/**
 * A draft's running model costs plus one task's usage, in the totals and under the task, with
 * the kit's arithmetic. The recording check, whose worker names no task, is the default.
 */
export function addCosts(costs: StoredCosts, usage: ModelUsage | null, task: DraftCostTask = 'recording'): StoredCosts {
  if (!usage) return costs;
  const before = costs.byTask?.[task];
  return {
    ...addUsage(asModelUsage(costs, usage.model), usage),
    byTask: { ...costs.byTask, [task]: before ? addUsage(asModelUsage(before, usage.model), usage) : usage },
  };
}

/**
 * Runs a draft's research, follow-up questions or writing (drafts worker, draftTaskQueue). The
 * result is written once: only while the draft still waits for this run, checked under the row
 * lock, so a redelivered or superseded item changes nothing.
 */
@Injectable()
export class DraftTaskWorker implements WorkHandler<typeof draftTaskQueue.payload> {
  readonly queue = draftTaskQueue;
  private readonly model: ModelProvider | null = meteredModelProviderFromEnv(this.ds);

  constructor(
    private readonly ds: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run({ draftId, task, runId }: Payload, ctx: WorkContext): Promise<void> {
    const draft = await draftById(this.ds, draftId);
    if (!draft || !this.awaits(draft, task, runId)) return;
    let apply: (d: JobDraftEntity) => void;
    let usage: ModelUsage | null;
    try {
      if (task === 'research') {
        const out = await research(draft, this.model, ctx.signal);
        if (!out) return await this.finish(draftId, task, runId, null, RESEARCH_UNAVAILABLE, 'unavailable');
        usage = out.usage;
        apply = (d) => {
          d.research = out.result;
        };
      } else if (task === 'followUps') {
        const out = await followUps(draft, this.model, ctx.signal);
        usage = out.usage;
        apply = (d) => {
          d.followUps = out.result;
        };
      } else {
        const out = await writing(draft, this.model, ctx.signal, await this.acceptedRequirements(draft));
        usage = out.usage;
        const answersVersion = draft.tasks.writing?.answersVersion ?? draft.answersVersion;
        apply = (d) => {
          d.posting = { ...out.result, writtenAt: new Date().toISOString(), answersVersion };
          d.approved = [];
        };
      }
    } catch (err) {
      // The last attempt says so on the draft instead of leaving it pending for ten minutes; a spent
      // budget says so at once, as trying again today would not help.
      const spent = err instanceof ModelBudgetSpent;
      if (spent || ctx.attempt >= this.queue.maxAttempts) await this.finish(draftId, task, runId, null, (err as Error).message);
      if (spent) return;
      throw err;
    }
    await this.finish(draftId, task, runId, { apply, usage }, null);
  }

  /** The suggested requirements of the moments the poster accepted in the draft's approved walkthrough. */
  private async acceptedRequirements(draft: JobDraftEntity): Promise<string[]> {
    const rec = draft.recordingId ? await recordingById(this.ds, draft.recordingId) : null;
    if (!rec?.approved) return [];
    const accepted = new Set(rec.acceptedMoments);
    return rec.moments
      .filter((m) => accepted.has(m.id))
      .map((m) => m.suggestedRequirement)
      .filter((r) => r.trim());
  }

  private awaits(draft: JobDraftEntity, task: DraftTaskName, runId: string): boolean {
    const state = draft.tasks[task];
    return draft.status === 'open' && state?.runId === runId && state.status === 'pending';
  }

  private async finish(
    draftId: string,
    task: DraftTaskName,
    runId: string,
    done: { apply: (d: JobDraftEntity) => void; usage: ModelUsage | null } | null,
    error: string | null,
    failedStep = 'failed',
  ): Promise<void> {
    const written = await this.ds.transaction(async (em) => {
      const draft = await draftById(em, draftId, true);
      if (!draft || !this.awaits(draft, task, runId)) return false;
      const state = draft.tasks[task]!;
      const finishedAt = new Date().toISOString();
      if (done) {
        done.apply(draft);
        draft.costs = addCosts(draft.costs, done.usage, task);
        const step = this.model ? `done with ${this.model.model}` : 'done without a model (built-in fallback)';
        draft.tasks = { ...draft.tasks, [task]: { ...state, status: 'ready', step, error: null, finishedAt } };
      } else {
        const message = failedStep === 'failed' ? `The ${task} task failed: ${error}` : error;
        draft.tasks = { ...draft.tasks, [task]: { ...state, status: 'failed', step: failedStep, error: message, finishedAt } };
      }
      draft.updatedAt = new Date();
      await updateDraft(em, draft);
      return true;
    });
    if (!written) this.logger.info({ draftId, task, runId }, 'draft task result not needed any more');
  }
}
