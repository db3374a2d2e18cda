import { AppError, isUuid } from '@marketplace/contracts';
import type { DataSource, EntityManager } from 'typeorm';

export interface StoredFile {
  id: string;
  path: string;
  size: number;
  status: 'uploading' | 'ready' | 'deleting';
  objectKey: string | null;
  /** In a job's area: `poster` or `worker`, and the hire it was uploaded under. */
  folder: string | null;
  hire_id: string | null;
}

/**
 * One of the member's personal files (the `files` table is the upload path's; this only reads
 * it). Someone else's file, a job file or no file at all are the same 404, so ids reveal nothing;
 * a closed area (the account was deleted: closed_members) is 409.
 */
export async function findOwnPersonalFile(db: DataSource | EntityManager, memberId: string, fileId: string): Promise<StoredFile> {
  const file = await findAreaStoredFile(db, 'personal', memberId, fileId);
  const closed: unknown[] = await db.query('SELECT 1 FROM closed_members WHERE member_id = $1', [memberId]);
  if (closed.length) throw AppError.conflict('Your file area is closed: the account was deleted and its files are being removed.');
  return file;
}

/** A file of one area (a member's personal area, a job's); any other is 404. Whether the caller may read the area is the caller's check. */
export async function findAreaStoredFile(
  db: DataSource | EntityManager, area: 'personal' | 'job', ownerId: string, fileId: string,
): Promise<StoredFile> {
  const notFound = AppError.notFound('No such file.');
  if (!isUuid(fileId)) throw notFound;
  const rows: {
    id: string; path: string; size: string; status: StoredFile['status']; object_key: string | null; folder: string | null; hire_id: string | null;
  }[] = await db.query(
    `SELECT id, path, size, status, object_key, folder, hire_id FROM files WHERE id = $1 AND area = $2 AND owner_id = $3`,
    [fileId, area, ownerId],
  );
  const row = rows[0];
  if (!row) throw notFound;
  return {
    id: row.id, path: row.path, size: Number(row.size), status: row.status, objectKey: row.object_key, folder: row.folder, hire_id: row.hire_id,
  };
}

/** Reads need the complete file: 409 while it is uploading or being deleted. */
export function requireReady(file: StoredFile): asserts file is StoredFile & { objectKey: string } {
  if (file.status === 'deleting') throw AppError.conflict('The file is being deleted; it can no longer be read.');
  if (file.status !== 'ready' || !file.objectKey) throw AppError.conflict('The file is not complete yet; complete its upload first.');
}
