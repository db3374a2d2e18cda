import { PassThrough } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { recordingAnalysisQueue } from '@marketplace/contracts';
import {
  LOGGER, meteredModelProviderFromEnv, ObjectStorage, type Logger, type ModelProvider, type ModelUsage, type WorkContext, type WorkHandler,
} from '@marketplace/service-kit';
import { DataSource } from 'typeorm';
import { JobDraftEntity } from '../drafts/draft.entity.js';
import { addCosts } from '../tasks/draft-task.worker.js';
import { RecordingEntity } from './recording.entity.js';
import { analyzeRecording, type RecordingAnalysis } from './recording-analysis.js';

/**
 * The background check of a completed recording (drafts worker). `analyzing` moves to `approved`
 * after a model's clean check, else to `needs_review`; the last failed attempt moves it to
 * `failed`. The result is written once: only while the recording is still `analyzing`, under its
 * row lock, so a redelivered item changes nothing.
 */
@Injectable()
export class RecordingAnalysisWorker implements WorkHandler<typeof recordingAnalysisQueue.payload> {
  readonly queue = recordingAnalysisQueue;
  private readonly model: ModelProvider | null = meteredModelProviderFromEnv(this.ds);

  constructor(private readonly ds: DataSource, private readonly storage: ObjectStorage, @Inject(LOGGER) private readonly logger: Logger) {}

  async run({ recordingId }: { recordingId: string }, ctx: WorkContext): Promise<void> {
    const rec = await this.ds.getRepository(RecordingEntity).findOneBy({ id: recordingId });
    if (!rec || rec.status !== 'analyzing') return;
    const draft = await this.ds.getRepository(JobDraftEntity).findOneBy({ id: rec.draftId });
    if (!draft) return;
    let outcome: Awaited<ReturnType<typeof analyzeRecording>>;
    let videoKey: string;
    try {
      videoKey = await this.join(rec, ctx.signal);
      outcome = await analyzeRecording(rec, draft, this.model, ctx.signal);
    } catch (err) {
      if (ctx.attempt >= this.queue.maxAttempts) await this.finish(recordingId, null, null, null);
      throw err;
    }
    await this.finish(recordingId, outcome.result, outcome.usage, videoKey);
  }

  /**
   * Joins the parts, in order, into one video object, streamed part after part so the worker's
   * memory stays flat. The key is the recording's own, so a retry overwrites rather than adds.
   */
  private async join(rec: RecordingEntity, signal: AbortSignal): Promise<string> {
    const key = `recordings/${rec.id}.webm`;
    const size = rec.parts.reduce((sum, p) => sum + p.size, 0);
    const body = new PassThrough();
    const feed = (async () => {
      for (const part of rec.parts) {
        const object = await this.storage.open(part.key);
        if (!object) throw new Error(`part ${part.index} of recording ${rec.id} is missing from storage`);
        for await (const chunk of object.stream) if (!body.write(chunk)) await new Promise((r) => body.once('drain', r));
      }
      body.end();
    })();
    feed.catch((err: Error) => body.destroy(err));
    await Promise.all([this.storage.putStream(key, body, { size, contentType: 'video/webm', signal }), feed]);
    return key;
  }

  private async finish(recordingId: string, result: RecordingAnalysis | null, usage: ModelUsage | null, videoKey: string | null): Promise<void> {
    const written = await this.ds.transaction(async (em) => {
      const repo = em.getRepository(RecordingEntity);
      const rec = await repo.findOne({ where: { id: recordingId }, lock: { mode: 'pessimistic_write' } });
      if (!rec || rec.status !== 'analyzing') return false;
      if (result) {
        Object.assign(rec, result);
        rec.videoKey = videoKey;
        // A clean check by a model is approved automatically; anything else waits for the poster.
        rec.approved = result.analyzed && result.findings.length === 0;
        rec.status = rec.approved ? 'approved' : 'needs_review';
      } else {
        rec.status = 'failed';
      }
      rec.updatedAt = new Date();
      await repo.save(rec);
      if (usage) {
        const draft = await em.getRepository(JobDraftEntity).findOne({ where: { id: rec.draftId }, lock: { mode: 'pessimistic_write' } });
        if (draft) await em.getRepository(JobDraftEntity).update({ id: draft.id }, { costs: addCosts(draft.costs, usage) });
      }
      return true;
    });
    if (!written) this.logger.info({ recordingId }, 'recording check result not needed any more');
  }
}
