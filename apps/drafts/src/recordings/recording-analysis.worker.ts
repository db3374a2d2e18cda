import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { RECORDING_LIMITS, recordingAnalysisQueue, videoContentType } from '@marketplace/contracts';
import {
  LOGGER,
  type Logger,
  meteredModelProviderFromEnv,
  type ModelProvider,
  type ModelUsage,
  ObjectStorage,
  type WorkContext,
  type WorkHandler,
} from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { draftById, setDraftCosts } from '../drafts/drafts.queries.js';
import { addCosts } from '../tasks/draft-task.worker.js';
import type { RecordingEntity } from './recording.entity.js';
import { analyzeRecording, type RecordingAnalysis } from './recording-analysis.js';
import { clean, noneChecked } from './recording-checks.js';
import { recordingStorageSettings } from './recording-storage.js';
import { recordingById, updateRecording } from './recordings.queries.js';
import { TooLongError } from './screen-check/decode-error.js';
import { containerOfFile } from './screen-check/recording-input.js';

/**
 * The background check of a completed recording (drafts worker). `analyzing` moves to `approved`
 * only after a check whose every part was done and found nothing, else to `needs_review`; the last
 * failed attempt moves it to `failed` with the reason, as does a video over ten minutes at once. The result is written once: only while the
 * recording is still `analyzing`, under its row lock, so a redelivered item changes nothing.
 */
@Injectable()
export class RecordingAnalysisWorker implements WorkHandler<typeof recordingAnalysisQueue.payload> {
  readonly queue = recordingAnalysisQueue;
  private readonly model: ModelProvider | null = meteredModelProviderFromEnv(this.ds);

  constructor(
    private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run({ recordingId }: { recordingId: string }, ctx: WorkContext): Promise<void> {
    const rec = await recordingById(this.ds, recordingId);
    if (!rec || rec.status !== 'analyzing') return;
    const draft = await draftById(this.ds, rec.draftId);
    if (!draft) return;
    // Refused before a byte is written: a larger recording would not fit the disk sized for the check.
    const bytes = rec.parts.reduce((sum, p) => sum + p.size, 0);
    const budget = recordingStorageSettings().checkBytes;
    if (bytes > budget) {
      await this.finish(recordingId, null, null, null, `the recording is ${bytes} bytes, more than the ${budget} a check may join (RECORDING_CHECK_MAX_BYTES)`);
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'recording-check-'));
    let outcome: Awaited<ReturnType<typeof analyzeRecording>>;
    let videoKey: string;
    try {
      const file = join(dir, 'video');
      videoKey = await this.join(rec, file, budget, ctx.signal);
      outcome = await analyzeRecording(rec, draft, file, this.model, ctx.signal);
    } catch (err) {
      // The same bytes are as long on every attempt: refused now, not retried.
      if (err instanceof TooLongError) {
        await this.finish(recordingId, null, null, null, err.message, 'refused');
        return;
      }
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
   * so a retry overwrites rather than adds. The bytes written are counted against the budget too,
   * so the file stays within it whatever the store hands back.
   */
  private async join(rec: RecordingEntity, file: string, budget: number, signal: AbortSignal): Promise<string> {
    const out = createWriteStream(file);
    let written = 0;
    const counted = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        written += chunk.length;
        if (written > budget) throw new Error(`the joined recording passed the ${budget} bytes a check may join (RECORDING_CHECK_MAX_BYTES)`);
        yield chunk;
      }
    };
    try {
      for (const part of rec.parts) {
        const object = await this.storage.open(part.key);
        if (!object) throw new Error(`part ${part.index} of recording ${rec.id} is missing from storage`);
        await pipeline(object.stream, counted, out, { end: false, signal });
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    }
    // MP4 by its `ftyp` box; anything else is kept as WebM, what browsers record (the check then says it was not decoded).
    const key = `recordings/${rec.id}.${(await containerOfFile(file)) === 'mov' ? 'mp4' : 'webm'}`;
    const size = rec.parts.reduce((sum, p) => sum + p.size, 0);
    await this.storage.putStream(key, createReadStream(file), { size, contentType: videoContentType(key), signal });
    return key;
  }

  private async finish(
    recordingId: string,
    result: RecordingAnalysis | null,
    usage: ModelUsage | null,
    videoKey: string | null,
    failure: string | null,
    how: 'failed' | 'refused' = 'failed',
  ): Promise<void> {
    const written = await this.ds.transaction(async (em) => {
      const rec = await recordingById(em, recordingId, true);
      if (!rec || rec.status !== 'analyzing') return false;
      if (result) {
        Object.assign(rec, result);
        rec.videoKey = videoKey;
        // Approved by itself only when every part of the check was done and found nothing.
        rec.approved = clean(result.checks, result.findings);
        rec.status = rec.approved ? 'approved' : 'needs_review';
      } else {
        rec.status = 'failed';
        rec.analyzed = false;
        rec.checks = noneChecked(how === 'refused' ? 'the recording was refused' : 'the check failed');
        rec.summary =
          how === 'refused'
            ? `This recording is refused: ${failure ?? 'it is over the limits'}. Delete it and record one of ${RECORDING_LIMITS.seconds / 60} minutes or less.`
            : `The check failed: ${failure ?? 'unknown error'}. Delete this recording and record again.`;
      }
      rec.updatedAt = new Date();
      await updateRecording(em, rec);
      if (usage) {
        const draft = await draftById(em, rec.draftId, true);
        if (draft) await setDraftCosts(em, draft.id, addCosts(draft.costs, usage));
      }
      return true;
    });
    if (!written) this.logger.info({ recordingId }, 'recording check result not needed any more');
  }
}
