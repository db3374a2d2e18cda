import { AppError } from '@marketplace/contracts';
import type { Db } from '@marketplace/service-kit';

import { isClosed } from '../files/personal-area.js';
import { storedFileOfArea } from './downloads.queries.js';

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
export async function findOwnPersonalFile(db: Db, memberId: string, fileId: string): Promise<StoredFile> {
  const file = await findAreaStoredFile(db, 'personal', memberId, fileId);
  if (await isClosed(db, memberId)) throw AppError.conflict('Your file area is closed: the account was deleted and its files are being removed.');
  return file;
}

/** A file of one area (a member's personal area, a job's); any other is 404. Whether the caller may read the area is the caller's check. */
export async function findAreaStoredFile(db: Db, area: 'personal' | 'job', ownerId: string, fileId: string): Promise<StoredFile> {
  const notFound = AppError.notFound('No such file.');
  const row = await storedFileOfArea(db, area, ownerId, fileId);
  if (!row) throw notFound;
  return {
    id: row.id,
    path: row.path,
    size: Number(row.size),
    status: row.status,
    objectKey: row.object_key,
    folder: row.folder,
    hire_id: row.hire_id,
  };
}

/** Reads need the complete file: 409 while it is uploading or being deleted. */
export function requireReady(file: StoredFile): asserts file is StoredFile & { objectKey: string } {
  if (file.status === 'deleting') throw AppError.conflict('The file is being deleted; it can no longer be read.');
  if (file.status !== 'ready' || !file.objectKey) throw AppError.conflict('The file is not complete yet; complete its upload first.');
}
