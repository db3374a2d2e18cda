import { AppError, RECORDING_LIMITS } from '@marketplace/contracts';
import type { Logger, ObjectStorage } from '@marketplace/service-kit';
import type { DataSource, EntityManager } from 'typeorm';

import { draftsSettings } from '../drafts.settings.js';
import type { RecordingEntity } from './recording.entity.js';
import { deleteDiscard, insertDiscards, lockMemberQuota, memberRecordingBytes } from './recordings.queries.js';

export interface RecordingStorageSettings {
  /** Bytes all of a member's recordings may hold, uploads under way included (RECORDING_QUOTA_BYTES). */
  quotaBytes: number;
  /** How often the recording sweep runs (RECORDING_SWEEP_SECONDS). */
  sweepSeconds: number;
  /**
   * Bytes a recording may have to be joined on the drafts worker's disk for its check
   * (RECORDING_CHECK_MAX_BYTES); a larger one is not joined and its check fails.
   */
  checkBytes: number;
}

/** The most a recording can hold by the contract (1 GiB), whatever its parts' count and size allow. */
export const LARGEST_RECORDING_BYTES = RECORDING_LIMITS.bytes;

/** From drafts' declared settings (read at its start). */
export function recordingStorageSettings(): RecordingStorageSettings {
  const s = draftsSettings();
  return { quotaBytes: s.recordingQuotaBytes, sweepSeconds: s.recordingSweepSeconds, checkBytes: s.recordingCheckMaxBytes };
}

/**
 * Every object a recording holds in storage: its parts and the joined video. The video's key is
 * also swept by its prefix, for a join that finished after its recording was deleted.
 */
export function storedKeys(rec: RecordingEntity): string[] {
  return [...rec.parts.map((p) => p.key), ...(rec.videoKey ? [rec.videoKey] : [])];
}

/** The prefix of joined videos (recordings/<id>.webm or .mp4), the only recording objects not under staging/. */
export const VIDEO_PREFIX = 'recordings/';

/**
 * Queues objects for removal in the transaction that stops referring to them: the recording
 * sweep removes them for sure, whatever happens to this process after the commit.
 */
export async function queueDiscards(em: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await insertDiscards(em, keys);
}

/**
 * Removes queued objects now, after the commit, so storage is freed at once in the usual case;
 * what fails here stays queued for the sweep.
 */
export function discardSoon(ds: DataSource, storage: ObjectStorage, logger: Logger, keys: readonly string[]): void {
  if (keys.length === 0) return;
  removeQueued(ds, storage, keys).catch((err: Error) => logger.warn({ err: err.message, keys: keys.length }, 'recording objects left for the sweep'));
}

/** Removes each object, then its queue row; a removal of an object already gone succeeds. */
export async function removeQueued(ds: DataSource, storage: ObjectStorage, keys: readonly string[]): Promise<number> {
  for (const key of keys) {
    await storage.remove(key);
    await deleteDiscard(ds, key);
  }
  return keys.length;
}

/**
 * Refuses a part that would take its recording past the bytes ten minutes can need (400): 600 parts
 * of 4 MiB would otherwise hold a far longer video. A part sent again replaces the earlier one.
 */
export function requireWithinRecording(parts: readonly { index: number; size: number }[], index: number, bytes: number): void {
  const others = parts.reduce((sum, p) => (p.index === index ? sum : sum + p.size), 0);
  if (others + bytes > RECORDING_LIMITS.bytes) {
    throw AppError.badRequest(
      `A recording holds at most ${RECORDING_LIMITS.bytes} bytes (ten minutes); its parts would add up to ${others + bytes}. Complete it, or record a shorter one.`,
      { part: `The recording would pass ${RECORDING_LIMITS.bytes} bytes.` },
    );
  }
}

/**
 * Refuses a part that would take the member past the quota (409, the contract's quota conflict).
 * A part sent again at the same index replaces the earlier one, so that one does not count. Takes
 * a lock per member first, so two parts in flight cannot both take the last of the room.
 */
export async function requireRoom(em: EntityManager, memberId: string, recordingId: string, index: number, bytes: number): Promise<void> {
  await lockMemberQuota(em, memberId);
  const quota = recordingStorageSettings().quotaBytes;
  const used = await memberRecordingBytes(em, memberId, { recordingId, index });
  if (used + bytes > quota) {
    throw AppError.conflict(
      `Your recordings may hold at most ${quota} bytes (the recording quota); ${used} are in use. Delete a recording, or record a shorter one.`,
      { part: 'Over the recording quota.' },
    );
  }
}
