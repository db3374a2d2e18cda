import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FILE_LIMITS, filePreviewQueue } from '@marketplace/contracts';
import { LOGGER, ObjectStorage, type Logger, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { makePreview, PREVIEW_REASONS, previewObjectKey, type PreviewResult } from './preview-image.js';

/**
 * Makes the preview of a ready file (files worker, filePreviewQueue). Safe to repeat: a file with
 * a finished preview is left alone. The preview row is written only while the file is still ready
 * (its row locked), so a preview can never outlive its file's cleanup.
 */
@Injectable()
export class PreviewWorker implements WorkHandler<typeof filePreviewQueue.payload> {
  readonly queue = filePreviewQueue;

  constructor(private readonly ds: DataSource, private readonly storage: ObjectStorage, @Inject(LOGGER) private readonly logger: Logger) {}

  async run({ fileId }: { fileId: string }, _ctx: WorkContext): Promise<void> {
    const rows: { size: string; status: string; object_key: string | null; kind: string | null }[] = await this.ds.query(
      `SELECT f.size, f.status, f.object_key, p.kind FROM files f LEFT JOIN file_previews p ON p.file_id = f.id WHERE f.id = $1`,
      [fileId],
    );
    const file = rows[0];
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
      const live = await em.query(`SELECT id FROM files WHERE id = $1 AND status = 'ready' FOR SHARE`, [fileId]);
      if (!live.length) return false;
      await em.query(
        `INSERT INTO file_previews (file_id, kind, mime_type, object_key, reason, requested_at, made_at)
         VALUES ($1, $2, $3, $4, $5, now(), now())
         ON CONFLICT (file_id) DO UPDATE SET kind = EXCLUDED.kind, mime_type = EXCLUDED.mime_type,
           object_key = EXCLUDED.object_key, reason = EXCLUDED.reason, made_at = EXCLUDED.made_at`,
        [fileId, result.kind, result.kind === 'image' ? result.mimeType : null, result.kind === 'image' ? key : null,
          result.kind === 'unavailable' ? result.reason : null],
      );
      return true;
    });
    if (!saved && result.kind === 'image') {
      // Deleted meanwhile: cleanup may already have passed this key.
      await this.storage.remove(key).catch((err: unknown) => this.logger.warn({ fileId, err }, 'preview of a deleted file not removed'));
    }
  }

  private async isReady(fileId: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM files WHERE id = $1 AND status = 'ready'`, [fileId]);
    return rows.length > 0;
  }
}
