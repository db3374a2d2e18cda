import { AppError, FILE_LIMITS, isUuid } from '@marketplace/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { FileStatus } from './file.entity.js';

/*
 * What every files area shares, a member's personal area and a job's alike: the row, its chunks,
 * the gate an area's owner-side code hands the upload path. It sits below personal-area.ts,
 * job-area.ts and area-uploads.ts so none of them has to import another's.
 */

type Db = DataSource | EntityManager;

/** Which area a file belongs to: a member's personal area or a job's. */
export interface AreaRef {
  area: 'personal' | 'job';
  ownerId: string;
}

/** A files row as the upload path reads it. */
export interface FileRow {
  id: string;
  area: 'personal' | 'job';
  owner_id: string;
  folder: string | null;
  hire_id: string | null;
  uploader_id: string;
  path: string;
  size: string;
  sha256: string;
  chunk_bytes: number;
  received: string;
  status: FileStatus;
  object_key: string | null;
  created_at: Date;
  upload_expires_at: Date;
  assembly_requested_at: Date | null;
  assembly_failure: string | null;
  turned_in_at?: Date | null;
  turn_in_id?: string | null;
  turn_in_pending_until?: Date | null;
  /** A direct upload's S3 multipart upload id, until its parts are joined. */
  upload_id?: string | null;
  /** When storage joined a direct upload's parts (the object exists; its sha256 is checked next). */
  parts_joined_at?: Date | null;
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

/** A file of this area; any other file, a malformed id or no file are the same 404. */
export async function areaFile(db: Db, ref: AreaRef, fileId: string, lock = false): Promise<FileRow> {
  const notFound = AppError.notFound('No such file.');
  if (!isUuid(fileId)) throw notFound;
  const rows: FileRow[] = await db.query(
    `SELECT * FROM files WHERE id = $1 AND area = $2 AND owner_id = $3${lock ? ' FOR UPDATE' : ''}`, [fileId, ref.area, ref.ownerId]);
  if (!rows[0]) throw notFound;
  return rows[0];
}

/** SQL for the lowest chunk index not received yet (null when all are in), given the file's id and chunk count. */
export function nextMissingSql(fileId: string, chunks: string): string {
  return `(SELECT min(i)::int FROM generate_series(0, ${chunks}::int - 1) AS i
    WHERE NOT EXISTS (SELECT 1 FROM file_chunks c WHERE c.file_id = ${fileId} AND c.idx = i))`;
}

/** The lowest chunk index not received yet, or null when every chunk is in. */
export async function nextMissingIndex(db: Db, file: Pick<FileRow, 'id' | 'size' | 'chunk_bytes'>): Promise<number | null> {
  const rows: { idx: number | null }[] = await db.query(`SELECT ${nextMissingSql('$1', '$2')} AS idx`, [file.id, chunkCount(file)]);
  return rows[0]?.idx ?? null;
}

export function deletingConflict(): AppError {
  return AppError.conflict('The file is being deleted.');
}

/** Bytes and files an area holds, every status counted (a deleting file keeps its quota until it is gone). */
export async function areaUsage(db: Db, area: 'personal' | 'job', ownerId: string): Promise<{ bytes: number; files: number }> {
  const [row] = (await db.query(
    'SELECT coalesce(sum(size), 0)::text AS bytes, count(*)::int AS files FROM files WHERE area = $1 AND owner_id = $2', [area, ownerId],
  )) as { bytes: string; files: number }[];
  return { bytes: Number(row?.bytes ?? 0), files: row?.files ?? 0 };
}

export const UPLOAD_SECONDS = FILE_LIMITS.transferSeconds;
