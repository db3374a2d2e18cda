import { AppError, FILE_LIMITS, type PersonalFile } from '@marketplace/contracts';
import type { Db } from '@marketplace/service-kit';

import { areaFile, type AreaGate, type FileRow } from './area-files.js';
import { isClosedMember } from './closed-members.queries.js';

export const AREA_CLOSED = 'Your files were closed when the account was deleted.';

export function toPersonalFile(row: FileRow, closed = false): PersonalFile {
  return {
    id: row.id,
    path: row.path,
    size: Number(row.size),
    received: Number(row.received),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    canWrite: !closed && row.status !== 'deleting',
  };
}

export async function isClosed(db: Db, memberId: string): Promise<boolean> {
  return isClosedMember(db, memberId);
}

/** Writes to a deleted member's area are refused (409 area closed). */
export async function requireOpen(db: Db, memberId: string): Promise<void> {
  if (await isClosed(db, memberId)) throw AppError.conflict(AREA_CLOSED);
}

/**
 * One of the member's personal files; someone else's, a job file or no file are the same 404
 * (as a malformed id is, at the gate), so ids reveal nothing. `lock` takes the row for update (inside a transaction).
 */
export async function ownPersonalFile(db: Db, memberId: string, fileId: string, lock = false): Promise<FileRow> {
  return areaFile(db, { area: 'personal', ownerId: memberId }, fileId, lock);
}

/** The member's own area as the upload path sees it: everything in it is theirs to write. */
export function personalGate(memberId: string): AreaGate {
  return {
    area: 'personal',
    ownerId: memberId,
    actorId: memberId,
    folder: null,
    hireId: null,
    maxBytes: FILE_LIMITS.personalBytes,
    areaName: 'Your files area',
    requireOpen: (db) => requireOpen(db, memberId),
    mayUpload: () => undefined,
    mayDelete: () => undefined,
  };
}
