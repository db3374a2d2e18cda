import { FILE_LIMITS, filePreviewQueue } from '@marketplace/contracts';
import { LOGGER, type Logger, ObjectStorage, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { makePreview, PREVIEW_REASONS, previewObjectKey, type PreviewResult } from './preview-image.js';
import { fileToPreview, isReadyFile, savePreview } from './previews.queries.js';

/**
 * Makes the preview of a ready file (files worker, filePreviewQueue). Safe to repeat: a file with
 * a finished preview is left alone. The preview row is written only while the file is still ready
 * (its row locked), so a preview can never outlive its file's cleanup.
 */
@Injectable()
export class PreviewWorker implements WorkHandler<typeof filePreviewQueue.payload> {
  readonly queue = filePreviewQueue;

  constructor(
    private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run({ fileId }: { fileId: string }, _ctx: WorkContext): Promise<void> {
    const file = await fileToPreview(this.ds, fileId);
    if (!file || file.status !== 'ready' || !file.object_key) return;
    if (file.kind === 'image' || file.kind === 'unavailable') return;

    let result: PreviewResult;
    if (Number(file.size) > FILE_LIMITS.previewBytes) {
      result = { kind: 'unavailable', reason: PREVIEW_REASONS.bytes };
    } else {
      // At most previewBytes, so holding it to decode is bounded. Missing or unreadable storage throws: retried.
      const bytes = await this.storage.read(file.object_key, FILE_LIMITS.previewBytes);
      if (!bytes) {
        // Deleted since it was read (its object goes with it): nothing to preview, nothing to retry.
        if (!(await this.isReady(fileId))) return;
        throw new Error(`file ${fileId} is ready but its object ${file.object_key} is missing`);
      }
      result = await makePreview(bytes);
    }
    const key = previewObjectKey(fileId);
    if (result.kind === 'image') await this.storage.put(key, result.data, result.mimeType);

    const saved = await this.ds.transaction(async (em) => {
      if (!(await isReadyFile(em, fileId, true))) return false;
      await savePreview(em, {
        fileId,
        kind: result.kind,
        mimeType: result.kind === 'image' ? result.mimeType : null,
        objectKey: result.kind === 'image' ? key : null,
        reason: result.kind === 'unavailable' ? result.reason : null,
      });
      return true;
    });
    if (!saved && result.kind === 'image') {
      // Deleted meanwhile: cleanup may already have passed this key.
      await this.storage.remove(key).catch((err: unknown) => this.logger.warn({ fileId, err }, 'preview of a deleted file not removed'));
    }
  }

  private async isReady(fileId: string): Promise<boolean> {
    return isReadyFile(this.ds, fileId);
  }
}
