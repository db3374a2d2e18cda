import { fileCleanupQueue } from '@marketplace/contracts';
import { enqueueWork, LOGGER, type Logger, ObjectStorage, type PeriodicTask, UnitOfWork } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';

import { filesSettings } from '../files.settings.js';
import { releaseTurnIns } from '../jobs/lock-worker-files.handler.js';
import { FILE_OBJECTS_PREFIX } from './area-files.js';
import { expireUploads } from './files.queries.js';

/** Uploads whose join is under way get this much longer before they count as abandoned. */
const ASSEMBLY_GRACE_SECONDS = 15 * 60;
const BATCH = 200;

/**
 * Abandoned uploads: an `uploading` file past its upload_expires_at (600 s from creation) moves
 * to `deleting` and its cleanup is queued, which frees its quota once its chunks are gone and
 * aborts its multipart upload. Files turned in by a submission that never committed (no
 * work.submitted in time) are released. Then the store's own incomplete multipart uploads of
 * files' objects begun more than FILES_STALE_MULTIPART_SECONDS ago (default 3600) are aborted,
 * whatever the rows say: one no row names any more (its abort failed, or its row was never
 * written) would otherwise keep its parts for good on a store with no rule of its own (the
 * embedded store; S3 without an AbortIncompleteMultipartUpload rule). None is legitimately that
 * old: a direct upload completes within its 600 s, and a join is given up 15 minutes after that.
 * A periodic task every FILES_SWEEP_SECONDS (default 60): the kit runs each tick in one replica.
 */
@Injectable()
export class UploadExpirySweeper implements PeriodicTask {
  readonly name = 'files-upload-expiry';
  readonly intervalMs = filesSettings().sweepMs;
  private readonly staleMultipartMs = filesSettings().staleMultipartMs;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly storage: ObjectStorage,
  ) {}

  async run(): Promise<Record<string, number>> {
    const expired = await this.sweepOnce();
    return { expired, abortedMultipart: await this.abortStaleMultipart() };
  }

  /**
   * Aborts the incomplete multipart uploads of files' objects begun before the stale age (one
   * listing, up to 1000 a tick); the number aborted. A store that lists none (MinIO expires its own
   * after a day) makes this a no-op.
   */
  async abortStaleMultipart(): Promise<number> {
    const before = Date.now() - this.staleMultipartMs;
    const stale = (await this.storage.listIncompleteUploads(FILE_OBJECTS_PREFIX)).filter((u) => u.initiated.getTime() < before);
    for (const upload of stale) await this.storage.abortMultipart(upload.key, upload.uploadId);
    if (stale.length) this.logger.info({ aborted: stale.length }, 'incomplete multipart uploads left behind aborted');
    return stale.length;
  }

  /** One pass; the number of uploads expired. */
  async sweepOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.uow.run(async (em) => {
        const rows = await expireUploads(em, ASSEMBLY_GRACE_SECONDS, BATCH);
        for (const { id } of rows) await enqueueWork(em, fileCleanupQueue, { fileId: id });
        return rows.length;
      });
      total += n;
      if (n < BATCH) {
        const released = await this.uow.run((em) => releaseTurnIns(em, { expired: true }));
        if (released) this.logger.info({ released }, 'files of submissions that never committed released');
        return total;
      }
    }
  }
}
