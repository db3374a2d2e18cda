import { getHiringJob, jobEvalQueue } from '@marketplace/contracts';
import {
  BusClient,
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

import type { JobDraftEntity, StoredPosting } from '../drafts/draft.entity.js';
import { draftById, updateDraft } from '../drafts/drafts.queries.js';
import { addCosts } from './draft-task.worker.js';
import { evaluateJob } from './interview-tasks.js';

type Payload = { draftId: string; runId: string };
interface Outcome {
  evaluation: StoredPosting['evaluation'];
  usage: ModelUsage | null;
  version: number;
}

/**
 * Writes a posted draft's job eval again for its job's current text (jobEvalQueue, queued by a
 * content edit). The job is read when the work runs, so the eval describes what applicants see
 * now; it is written once, only while the draft still waits for this run, under the row lock.
 */
@Injectable()
export class JobEvalWorker implements WorkHandler<typeof jobEvalQueue.payload> {
  readonly queue = jobEvalQueue;
  private readonly model: ModelProvider | null = meteredModelProviderFromEnv(this.ds);

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run({ draftId, runId }: Payload, ctx: WorkContext): Promise<void> {
    const draft = await draftById(this.ds, draftId);
    if (!draft?.jobId || !awaits(draft, runId)) return;
    let outcome: Outcome;
    try {
      const job = await this.bus.call(getHiringJob, { jobId: draft.jobId }, { requestId: ctx.id, caller: null });
      const { result, usage } = await evaluateJob(job, this.model, ctx.signal);
      outcome = { evaluation: result, usage, version: job.version };
    } catch (err) {
      // The last attempt says so on the draft instead of leaving the eval pending for ten minutes; a
      // spent budget says so at once, as trying again today would not help.
      const spent = err instanceof ModelBudgetSpent;
      if (spent || ctx.attempt >= this.queue.maxAttempts) await this.finish(draftId, runId, null, (err as Error).message);
      if (spent) return;
      throw err;
    }
    await this.finish(draftId, runId, outcome, null);
  }

  private async finish(draftId: string, runId: string, done: Outcome | null, error: string | null): Promise<void> {
    const written = await this.ds.transaction(async (em) => {
      const draft = await draftById(em, draftId, true);
      if (!draft?.jobEval || !draft.posting || !awaits(draft, runId)) return false;
      const { jobEval } = draft;
      const finishedAt = new Date().toISOString();
      if (done) {
        draft.posting = { ...draft.posting, evaluation: done.evaluation };
        draft.costs = addCosts(draft.costs, done.usage, 'eval');
        const step = this.model ? `done with ${this.model.model}` : 'done without a model (built-in checklist)';
        draft.jobEval = {
          // A visibility edit may have moved the job past the version asked for; the eval is of the text read.
          version: Math.max(jobEval.version, done.version),
          evaluatedVersion: done.version,
          task: { ...jobEval.task, status: 'ready', step, error: null, finishedAt },
        };
      } else {
        draft.jobEval = { ...jobEval, task: { ...jobEval.task, status: 'failed', step: 'failed', error: `The job eval failed: ${error}`, finishedAt } };
      }
      draft.updatedAt = new Date();
      await updateDraft(em, draft);
      return true;
    });
    if (!written) this.logger.info({ draftId, runId }, 'job eval not needed any more');
  }
}

function awaits(draft: JobDraftEntity, runId: string): boolean {
  const task = draft.jobEval?.task;
  return draft.status === 'posted' && task?.runId === runId && task.status === 'pending';
}
