import { Inject, Injectable } from '@nestjs/common';
import { fileCleanupQueue } from '@marketplace/contracts';
import { enqueueWork, LOGGER, UnitOfWork, type Logger, type PeriodicTask, settingsOf } from '@marketplace/service-kit';
import { releaseTurnIns } from '../jobs/lock-worker-files.handler.js';

/** Uploads whose join is under way get this much longer before they count as abandoned. */
const ASSEMBLY_GRACE_SECONDS = 15 * 60;
const BATCH = 200;

/**
 * Abandoned uploads: an `uploading` file past its upload_expires_at (600 s from creation) moves
 * to `deleting` and its cleanup is queued, which frees its quota once its chunks are gone. Files
 * turned in by a submission that never committed (no work.submitted in time) are released. A
 * periodic task every FILES_SWEEP_SECONDS (default 60): the kit runs each tick in one replica.
 */
@Injectable()
export class UploadExpirySweeper implements PeriodicTask {
  readonly name = 'files-upload-expiry';
  readonly intervalMs = settingsOf().duration('FILES_SWEEP_SECONDS', 60_000, { unit: 's', min: 1000 });

  constructor(private readonly uow: UnitOfWork, @Inject(LOGGER) private readonly logger: Logger) {}

  async run(): Promise<Record<string, number>> {
    return { expired: await this.sweepOnce() };
  }

  /** One pass; the number of uploads expired. */
  async sweepOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.uow.run(async (em) => {
        const [rows] = (await em.query(
          `UPDATE files SET status = 'deleting' WHERE id IN (
             SELECT id FROM files WHERE status = 'uploading' AND upload_expires_at < now()
               AND (assembly_requested_at IS NULL OR assembly_requested_at < now() - make_interval(secs => $1))
             ORDER BY upload_expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING id`, [ASSEMBLY_GRACE_SECONDS, BATCH])) as [{ id: string }[], number];
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
