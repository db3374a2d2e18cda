import { fileCleanupQueue } from '@marketplace/contracts';
import { ObjectStorage, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { previewObjectKey } from '../previews/preview-image.js';
import { chunkObjects, deleteFileRows, fileToClean } from './cleanup.queries.js';

/** Removes this many objects at once. */
const PARALLEL_REMOVES = 16;

export function chunkPrefix(fileId: string): string {
  return `files/chunks/${fileId}/`;
}

export function fileObjectKey(fileId: string): string {
  return `files/objects/${fileId}`;
}

/**
 * Removes a deleted file (status `deleting`): a direct upload's parts, its chunks, its assembled object and its preview
 * from storage, then its preview row, download grants, chunk rows and the file row, in that
 * order, so the file keeps its quota until the bytes are gone. A storage failure throws and the
 * queue retries with backoff; every step is safe to repeat. A file that is not `deleting` (or no
 * longer exists) is left alone.
 */
@Injectable()
export class CleanupWorker implements WorkHandler<typeof fileCleanupQueue.payload> {
  readonly queue = fileCleanupQueue;

  constructor(
    private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async run({ fileId }: { fileId: string }, ctx: WorkContext): Promise<void> {
    const file = await fileToClean(this.ds, fileId);
    if (file?.status !== 'deleting') return;
    // A direct upload's parts sit in storage under its multipart upload until it is aborted. Every
    // supported store aborts (the embedded one too), so a failure is retried like any other step
    // rather than freeing the quota while the parts stay; one already gone is not a failure.
    if (file.upload_id) await this.storage.abortMultipart(fileObjectKey(fileId), file.upload_id);

    // Chunks are the gateway's staged objects, adopted where they were (file_chunks); the prefix
    // holds those of files uploaded before that.
    const adopted = await chunkObjects(this.ds, fileId);
    const keys = [...adopted.map((c) => c.object_key), ...(await this.storage.list(chunkPrefix(fileId))), fileObjectKey(fileId), previewObjectKey(fileId)];
    for (let i = 0; i < keys.length; i += PARALLEL_REMOVES) {
      if (ctx.signal.aborted) throw new Error('cleanup stopped; the item is retried');
      await Promise.all(keys.slice(i, i + PARALLEL_REMOVES).map((key) => this.storage.remove(key)));
      ctx.heartbeat();
    }
    // Chunks that arrived while the list was read (an upload racing its own deletion) are caught by the next attempt.
    if ((await this.storage.list(chunkPrefix(fileId))).length) throw new Error(`chunks of file ${fileId} are still in storage`);

    await this.ds.transaction((em) => deleteFileRows(em, fileId));
  }
}
