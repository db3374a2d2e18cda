import { AppError, FILE_LIMITS } from '@marketplace/contracts';
import type { Db } from '@marketplace/service-kit';

import { nextMissingChunk } from './file-chunks.queries.js';
import { areaUsageRow, fileOfArea, type FileRow } from './files.queries.js';

export type { FileRow };

/*
 * What every files area shares, a member's personal area and a job's alike: the row, its chunks,
 * the gate an area's owner-side code hands the upload path. It sits below personal-area.ts,
 * job-area.ts and area-uploads.ts so none of them has to import another's.
 */

/** Which area a file belongs to: a member's personal area or a job's. */
export interface AreaRef {
  area: 'personal' | 'job';
  ownerId: string;
}

/**
 * Who writes to which area, decided by the area's owner-side code (personal-area.ts for a member's
 * own files, job-area.ts for a job's): the upload path (area-uploads.ts) is the same for every area.
 */
export interface AreaGate extends AreaRef {
  /** The member acting: counted against the file-write limit and recorded as the uploader. */
  actorId: string;
  /** Where a new file goes: null in a personal area, `poster` or `worker` in a job's. */
  folder: string | null;
  hireId: string | null;
  maxBytes: number;
  /** "Your files area", "This job's files area": used in quota messages. */
  areaName: string;
  /** Refuses writes to a closed area (409). */
  requireOpen(db: Db): Promise<void>;
  /** Refuses (403) sending chunks to or completing a file the actor may not write. */
  mayUpload(file: FileRow): void;
  /** Refuses (403, or 409 for a turned-in file) deleting a file the actor may not delete. */
  mayDelete(file: FileRow): void;
}

/** Where files' objects are: the joined file, and a direct upload's multipart upload until then. */
export const FILE_OBJECTS_PREFIX = 'files/objects/';

export function assembledObjectKey(fileId: string): string {
  return `${FILE_OBJECTS_PREFIX}${fileId}`;
}

/** An upload whose bytes go straight to storage (presigned parts) rather than through chunks. */
export function isDirect(file: Pick<FileRow, 'upload_id' | 'parts_joined_at'>): boolean {
  return Boolean(file.upload_id || file.parts_joined_at);
}

export function chunkCount(file: Pick<FileRow, 'size' | 'chunk_bytes'>): number {
  return Math.ceil(Number(file.size) / file.chunk_bytes);
}

/** The bytes chunk `idx` must hold: chunkBytes, the remainder for the last one. */
export function chunkSize(file: Pick<FileRow, 'size' | 'chunk_bytes'>, idx: number): number {
  const size = Number(file.size);
  return Math.min(file.chunk_bytes, size - idx * file.chunk_bytes);
}

/** A file of this area; any other file or no file are the same 404 (a malformed id is the gate's). */
export async function areaFile(db: Db, ref: AreaRef, fileId: string, lock = false): Promise<FileRow> {
  const notFound = AppError.notFound('No such file.');
  const row = await fileOfArea(db, ref.area, ref.ownerId, fileId, lock);
  if (!row) throw notFound;
  return row;
}

/** The lowest chunk index not received yet, or null when every chunk is in. */
export async function nextMissingIndex(db: Db, file: Pick<FileRow, 'id' | 'size' | 'chunk_bytes'>): Promise<number | null> {
  return nextMissingChunk(db, file.id, chunkCount(file));
}

export function deletingConflict(): AppError {
  return AppError.conflict('The file is being deleted.');
}

/** Bytes and files an area holds, every status counted (a deleting file keeps its quota until it is gone). */
export async function areaUsage(db: Db, area: 'personal' | 'job', ownerId: string): Promise<{ bytes: number; files: number }> {
  const row = await areaUsageRow(db, area, ownerId);
  return { bytes: Number(row?.bytes ?? 0), files: row?.files ?? 0 };
}

export const UPLOAD_SECONDS = FILE_LIMITS.transferSeconds;
