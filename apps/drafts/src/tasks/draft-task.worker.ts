import { Inject, Injectable } from '@nestjs/common';
import { draftTaskQueue } from '@marketplace/contracts';
import {
  LOGGER, modelProviderFromEnv, type Logger, type ModelProvider, type ModelUsage, type WorkContext, type WorkHandler,
} from '@marketplace/service-kit';
import { DataSource } from 'typeorm';
import { JobDraftEntity, type DraftTaskName, type StoredCosts } from '../drafts/draft.entity.js';
import { followUps, research, writing } from './interview-tasks.js';

type Payload = { draftId: string; task: DraftTaskName; runId: string };

/** A draft's running model costs plus one task's usage (recording checks count too). */
export function addCosts(costs: StoredCosts, usage: ModelUsage | null): StoredCosts {
  if (!usage) return costs;
  return {
    calls: costs.calls + usage.calls, promptTokens: costs.promptTokens + usage.promptTokens,
    completionTokens: costs.completionTokens + usage.completionTokens, usd: Math.round((costs.usd + usage.usd) * 1e6) / 1e6, model: usage.model,
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
  private readonly model: ModelProvider | null = modelProviderFromEnv();

  constructor(private readonly ds: DataSource, @Inject(LOGGER) private readonly logger: Logger) {}

  async run({ draftId, task, runId }: Payload, ctx: WorkContext): Promise<void> {
    const draft = await this.ds.getRepository(JobDraftEntity).findOneBy({ id: draftId });
    if (!draft || !this.awaits(draft, task, runId)) return;
    let apply: (d: JobDraftEntity) => void;
    let usage: ModelUsage | null;
    try {
      if (task === 'research') {
        const out = await research(draft, this.model, ctx.signal);
        usage = out.usage;
        apply = (d) => { d.research = out.result; };
      } else if (task === 'followUps') {
        const out = await followUps(draft, this.model, ctx.signal);
        usage = out.usage;
        apply = (d) => { d.followUps = out.result; };
      } else {
        const out = await writing(draft, this.model, ctx.signal);
        usage = out.usage;
        const answersVersion = draft.tasks.writing?.answersVersion ?? draft.answersVersion;
        apply = (d) => { d.posting = { ...out.result, writtenAt: new Date().toISOString(), answersVersion }; d.approved = []; };
      }
    } catch (err) {
      // The last attempt says so on the draft instead of leaving it pending for ten minutes.
      if (ctx.attempt >= this.queue.maxAttempts) await this.finish(draftId, task, runId, null, (err as Error).message);
      throw err;
    }
    await this.finish(draftId, task, runId, { apply, usage }, null);
  }

  private awaits(draft: JobDraftEntity, task: DraftTaskName, runId: string): boolean {
    const state = draft.tasks[task];
    return draft.status === 'open' && state?.runId === runId && state.status === 'pending';
  }

  private async finish(
    draftId: string, task: DraftTaskName, runId: string,
    done: { apply: (d: JobDraftEntity) => void; usage: ModelUsage | null } | null, error: string | null,
  ): Promise<void> {
    const written = await this.ds.transaction(async (em) => {
      const repo = em.getRepository(JobDraftEntity);
      const draft = await repo.findOne({ where: { id: draftId }, lock: { mode: 'pessimistic_write' } });
      if (!draft || !this.awaits(draft, task, runId)) return false;
      const state = draft.tasks[task]!;
      const finishedAt = new Date().toISOString();
      if (done) {
        done.apply(draft);
        draft.costs = addCosts(draft.costs, done.usage);
        const step = this.model ? `done with ${this.model.model}` : 'done without a model (built-in fallback)';
        draft.tasks = { ...draft.tasks, [task]: { ...state, status: 'ready', step, error: null, finishedAt } };
      } else {
        draft.tasks = { ...draft.tasks, [task]: { ...state, status: 'failed', step: 'failed', error: `The ${task} task failed: ${error}`, finishedAt } };
      }
      draft.updatedAt = new Date();
      await repo.save(draft);
      return true;
    });
    if (!written) this.logger.info({ draftId, task, runId }, 'draft task result not needed any more');
  }
}
