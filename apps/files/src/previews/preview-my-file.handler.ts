import { FILE_LIMITS, type FilePreview, filePreviewQueue, type InputOf, type OutputOf, previewMyFile } from '@marketplace/contracts';
import { callerOf, enqueueWork, type HandlerContext, ObjectStorage, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { findOwnPersonalFile, type StoredFile } from '../downloads/own-file.js';
import { PREVIEW_MAX_BYTES, PREVIEW_REASONS } from './preview-image.js';
import { claimPreview, previewState } from './previews.queries.js';

/** A pending preview whose work item has not finished in this long is asked for again. */
const REQUEUE_AFTER_SECONDS = 120;

/**
 * The preview of a file of any area. The files worker makes it once (filePreviewQueue); until
 * then the answer is `unavailable` "still being made". A ready file without a preview row
 * (completed before previews existed, or its work item lost) gets one queued here.
 */
@Injectable()
export class FilePreviews {
  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
  ) {}

  async preview(file: StoredFile): Promise<FilePreview> {
    const head = { fileId: file.id, path: file.path };
    const unavailable = (reason: string) => ({ kind: 'unavailable' as const, ...head, reason });
    if (file.status === 'deleting') return unavailable(PREVIEW_REASONS.deleting);
    if (file.status !== 'ready') return unavailable(PREVIEW_REASONS.notReady);
    if (file.size > FILE_LIMITS.previewBytes) return unavailable(PREVIEW_REASONS.bytes);

    const row = await previewState(this.ds, file.id, REQUEUE_AFTER_SECONDS);
    if (row?.kind === 'unavailable') return unavailable(row.reason ?? PREVIEW_REASONS.type);
    if (row?.kind === 'image' && row.object_key && row.mime_type) {
      const data = await this.storage.read(row.object_key, PREVIEW_MAX_BYTES);
      if (data) return { kind: 'image', ...head, mimeType: row.mime_type, data: data.toString('base64') };
    }
    if (!row || row.stale || row.kind === 'image') await this.request(file.id);
    return unavailable(PREVIEW_REASONS.pending);
  }

  /** Marks the preview pending and queues its work item in one transaction (at most one per REQUEUE_AFTER_SECONDS). */
  private async request(fileId: string): Promise<void> {
    await this.uow.run(async (em) => {
      if (await claimPreview(em, fileId, REQUEUE_AFTER_SECONDS)) await enqueueWork(em, filePreviewQueue, { fileId });
    });
  }
}

/** The preview of one of the member's personal files (FilePreviews). */
@Injectable()
export class PreviewMyFileHandler implements OperationHandler<typeof previewMyFile> {
  readonly operation = previewMyFile;

  constructor(
    private readonly ds: DataSource,
    private readonly previews: FilePreviews,
  ) {}

  async handle({ fileId }: InputOf<typeof previewMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof previewMyFile>> {
    return this.previews.preview(await findOwnPersonalFile(this.ds, callerOf(ctx).memberId, fileId));
  }
}
