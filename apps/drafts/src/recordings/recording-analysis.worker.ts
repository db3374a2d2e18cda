import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { recordingAnalysisQueue, videoContentType } from '@marketplace/contracts';
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
 * only after a check that read the frames and found nothing, else to `needs_review`; the last
 * failed attempt moves it to `failed` with the reason. The result is written once: only while the
 * recording is still `analyzing`, under its row lock, so a redelivered item changes nothing.
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
    const dir = await mkdtemp(join(tmpdir(), 'recording-check-'));
    let outcome: Awaited<ReturnType<typeof analyzeRecording>>;
    let videoKey: string;
    try {
      const file = join(dir, 'video');
      videoKey = await this.join(rec, file, ctx.signal);
      outcome = await analyzeRecording(rec, draft, file, this.model, ctx.signal);
    } catch (err) {
      if (ctx.attempt >= this.queue.maxAttempts) await this.finish(recordingId, null, null, null, (err as Error).message);
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await this.finish(recordingId, outcome.result, outcome.usage, videoKey, null);
  }

  /**
   * Joins the parts, in order, into a local file for the check, then stores that file as the
   * recording's one video, streamed both ways so memory stays flat. The key is the recording's own,
   * so a retry overwrites rather than adds.
   */
  private async join(rec: RecordingEntity, file: string, signal: AbortSignal): Promise<string> {
    const out = createWriteStream(file);
    try {
      for (const part of rec.parts) {
        const object = await this.storage.open(part.key);
        if (!object) throw new Error(`part ${part.index} of recording ${rec.id} is missing from storage`);
        await pipeline(object.stream, out, { end: false, signal });
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    }
    const contentType = await sniffVideo(file);
    const key = `recordings/${rec.id}.${contentType === 'video/mp4' ? 'mp4' : 'webm'}`;
    const size = rec.parts.reduce((sum, p) => sum + p.size, 0);
    await this.storage.putStream(key, createReadStream(file), { size, contentType: videoContentType(key), signal });
    return key;
  }

  private async finish(recordingId: string, result: RecordingAnalysis | null, usage: ModelUsage | null, videoKey: string | null, failure: string | null): Promise<void> {
    const written = await this.ds.transaction(async (em) => {
      const repo = em.getRepository(RecordingEntity);
      const rec = await repo.findOne({ where: { id: recordingId }, lock: { mode: 'pessimistic_write' } });
      if (!rec || rec.status !== 'analyzing') return false;
      if (result) {
        Object.assign(rec, result);
        rec.videoKey = videoKey;
        // Approved by itself only when the frames were read and nothing was found on them.
        rec.approved = result.analyzed && result.findings.length === 0;
        rec.status = rec.approved ? 'approved' : 'needs_review';
      } else {
        rec.status = 'failed';
        rec.analyzed = false;
        rec.summary = `The check failed: ${failure ?? 'unknown error'}. Delete this recording and record again.`;
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

/** MP4 names its `ftyp` box in bytes 4-8; anything else is taken for WebM, what browsers record. */
async function sniffVideo(file: string): Promise<'video/mp4' | 'video/webm'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    return head.subarray(4, 8).toString('latin1') === 'ftyp' ? 'video/mp4' : 'video/webm';
  } finally {
    await handle.close();
  }
}
