import { ObjectStorage, type PeriodicTask, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { recordingStorageSettings, removeQueued, VIDEO_PREFIX } from './recording-storage.js';
import { deleteSweptRecordings, liveRecordingIds, queuedDiscards, type SweptRecordings } from './recordings.queries.js';

const BATCH = 200;
const UUID_VIDEO = /^recordings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webm|mp4)$/;

/**
 * Recordings that no longer belong anywhere, deleted from storage:
 * - uploads abandoned: still `uploading` with no part for longer than a record link lives (60
 *   minutes), so no link can finish them; the row goes too (the record page starts a new one);
 * - recordings of discarded drafts, and any finished recording its draft no longer points at
 *   (superseded, or a draft that is gone);
 * - objects queued in recording_discards by whatever deleted a recording (superseded on
 *   complete, deleted by the poster, an account deletion) and not yet removed;
 * - joined videos under recordings/ whose recording is gone.
 * Each step is safe to repeat; the periodic-task primitive runs it in one replica at a time.
 */
@Injectable()
export class RecordingSweepTask implements PeriodicTask {
  readonly name = 'recording-sweep';
  readonly intervalMs = recordingStorageSettings().sweepSeconds * 1000;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
  ) {}

  async run(signal: AbortSignal): Promise<Record<string, number>> {
    const abandoned = await this.deleteRows('abandoned');
    const unreferenced = await this.deleteRows('unreferenced');
    const discardedDrafts = await this.deleteRows('discardedDrafts');
    // An install without storage never had a recording object; its rows still go.
    if (!this.storageConfigured()) return { abandoned, unreferenced, discardedDrafts };
    let removed = 0;
    for (;;) {
      if (signal.aborted) break;
      const rows = await queuedDiscards(this.ds, BATCH);
      removed += await removeQueued(
        this.ds,
        this.storage,
        rows.map((r) => r.key),
      );
      if (rows.length < BATCH) break;
    }
    const videos = signal.aborted ? 0 : await this.removeOrphanVideos();
    return { abandoned, unreferenced, discardedDrafts, removed, videos };
  }

  private storageConfigured(): boolean {
    try {
      this.storage.requireConfigured();
      return true;
    } catch {
      return false;
    }
  }

  /** Deletes recordings of one kind in batches, queueing their objects in the same statement. */
  private async deleteRows(which: SweptRecordings): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.uow.run((em) => deleteSweptRecordings(em, which, BATCH));
      total += n;
      if (n < BATCH) return total;
    }
  }

  /**
   * A join that finished after its recording was deleted leaves recordings/<id>.webm (or .mp4) with no row
   * referring to it. A video whose row still exists is kept: its row is swept by the steps above.
   */
  private async removeOrphanVideos(): Promise<number> {
    const keys = await this.storage.list(VIDEO_PREFIX);
    const videos = keys.flatMap((key) => {
      const id = UUID_VIDEO.exec(key)?.[1];
      return id ? [{ key, id }] : [];
    });
    if (videos.length === 0) return 0;
    const ids = [...new Set(videos.map((v) => v.id))];
    const live = new Set(await liveRecordingIds(this.ds, ids));
    const orphans = videos.filter((v) => !live.has(v.id)).map((v) => v.key);
    for (const key of orphans) await this.storage.remove(key);
    return orphans.length;
  }
}
