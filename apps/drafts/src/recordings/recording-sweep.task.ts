import { Injectable } from '@nestjs/common';
import { RECORDING_LIMITS } from '@marketplace/contracts';
import { ObjectStorage, UnitOfWork, type PeriodicTask } from '@marketplace/service-kit';
import { DataSource } from 'typeorm';
import { recordingStorageSettings, removeQueued, VIDEO_PREFIX } from './recording-storage.js';

const BATCH = 200;
const UUID_VIDEO = /^recordings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webm|mp4)$/;

/**
 * What the queue-row statements below delete, with every key their recordings hold queued for
 * removal in the same statement: parts, the joined video, and the video's own key (a join may
 * have written it and failed before recording it).
 */
const DISCARD_DELETED = `
  INSERT INTO recording_discards (key)
  SELECT p->>'key' FROM gone CROSS JOIN LATERAL jsonb_array_elements(gone.parts) AS p
  UNION SELECT video_key FROM gone WHERE video_key IS NOT NULL
  ON CONFLICT (key) DO NOTHING`;

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

  constructor(private readonly ds: DataSource, private readonly uow: UnitOfWork, private readonly storage: ObjectStorage) {}

  async run(signal: AbortSignal): Promise<Record<string, number>> {
    const abandoned = await this.deleteRows(
      `status = 'uploading' AND GREATEST(created_at, updated_at) < now() - make_interval(mins => ${RECORDING_LIMITS.linkMinutes})`,
    );
    const unreferenced = await this.deleteRows(
      `status <> 'uploading' AND NOT EXISTS (SELECT 1 FROM job_drafts d WHERE d.id = r.draft_id AND d.status <> 'discarded' AND d.recording_id = r.id)`,
    );
    const discardedDrafts = await this.deleteRows(
      `EXISTS (SELECT 1 FROM job_drafts d WHERE d.id = r.draft_id AND d.status = 'discarded') OR NOT EXISTS (SELECT 1 FROM job_drafts d WHERE d.id = r.draft_id)`,
    );
    // An install without storage never had a recording object; its rows still go.
    if (!this.storageConfigured()) return { abandoned, unreferenced, discardedDrafts };
    let removed = 0;
    for (;;) {
      if (signal.aborted) break;
      const rows = (await this.ds.query('SELECT key FROM recording_discards ORDER BY queued_at LIMIT $1', [BATCH])) as { key: string }[];
      removed += await removeQueued(this.ds, this.storage, rows.map((r) => r.key));
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

  /** Deletes recordings matching `where` (alias r) in batches, queueing their objects in the same statement. */
  private async deleteRows(where: string): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.uow.run(async (em) => {
        const rows = (await em.query(
          `WITH gone AS (
             DELETE FROM draft_recordings WHERE id IN (
               SELECT r.id FROM draft_recordings r WHERE ${where} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
             RETURNING id, parts, video_key)
           , queued AS (${DISCARD_DELETED} RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
        )) as { n: number }[];
        return rows[0]?.n ?? 0;
      });
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
    const live = new Set(((await this.ds.query('SELECT id::text AS id FROM draft_recordings WHERE id = ANY($1::uuid[])', [ids])) as { id: string }[]).map((r) => r.id));
    const orphans = videos.filter((v) => !live.has(v.id)).map((v) => v.key);
    for (const key of orphans) await this.storage.remove(key);
    return orphans.length;
  }
}
