import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fileCleanupQueue } from '@marketplace/contracts';
import { enqueueWork, LOGGER, UnitOfWork, type Logger, serviceEnv } from '@marketplace/service-kit';
import { releaseTurnIns } from '../jobs/lock-worker-files.handler.js';

/** Uploads whose join is under way get this much longer before they count as abandoned. */
const ASSEMBLY_GRACE_SECONDS = 15 * 60;
const BATCH = 200;

/**
 * Abandoned uploads: an `uploading` file past its upload_expires_at (600 s from creation) moves
 * to `deleting` and its cleanup is queued, which frees its quota once its chunks are gone. Files
 * turned in by a submission that never committed (no work.submitted in time) are released. Runs
 * every FILES_SWEEP_SECONDS (default 60) in every process of the service; one at a time per
 * schema (a try-lock, so the others skip a pass).
 */
@Injectable()
export class UploadExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly intervalMs = Math.max(1, Number(serviceEnv().FILES_SWEEP_SECONDS) || 60) * 1000;

  constructor(private readonly ds: DataSource, private readonly uow: UnitOfWork, @Inject(LOGGER) private readonly logger: Logger) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweepOnce()
        .then((n) => { if (n) this.logger.info({ expired: n }, 'abandoned uploads expired'); })
        .catch((err: unknown) => this.logger.warn({ err }, 'expiring abandoned uploads failed; will retry'))
        .finally(() => { this.running = undefined; });
    }, this.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; the number of uploads expired, or null when another process is sweeping. */
  async sweepOnce(): Promise<number | null> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      const [got] = (await runner.query(`SELECT pg_try_advisory_lock(hashtext('files-upload-expiry'), hashtext(current_schema())) AS ok`)) as { ok: boolean }[];
      if (!got?.ok) return null;
      try {
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
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext('files-upload-expiry'), hashtext(current_schema()))`);
      }
    } finally {
      await runner.release();
    }
  }
}
