import { advisoryXactLock, affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { FileArea, FileStatus } from './file.entity.js';

/*
 * The statements of the upload path (a file's row, the area's quota, expiry; its chunks, its join
 * and closed members have their own modules), typed from the migrated files schema. Every
 * function takes where it runs: the pool or the transaction a unit of work opened.
 */

/** The values the service writes to `area` and `status` (the columns are text). */
export interface FileKinds {
  area: FileArea;
  status: FileStatus;
}

/** A files row as the upload path reads it (every column). */
export type FileRow = Omit<Selectable<DB['files']>, keyof FileKinds> & FileKinds;

export const now = () => sql<Date>`now()`;
/** `now()` less a number of seconds, as the lease and grace windows say it. */
export const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** One creation at a time per area: a transaction-scoped advisory lock on the area. */
export async function lockArea(on: Db, area: FileArea, ownerId: string): Promise<void> {
  await advisoryXactLock(on, 'files-area', `${area}:${ownerId}`);
}

/** Bytes (as text: a bigint sum) and files an area holds, every status counted. */
export function areaUsageRow(on: Db, area: FileArea, ownerId: string) {
  return first(
    on,
    db
      .selectFrom('files')
      .where('area', '=', area)
      .where('owner_id', '=', ownerId)
      .select((eb) => [
        eb.cast<string>(eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)), 'text').as('bytes'),
        eb.cast<number>(eb.fn.countAll(), 'integer').as('files'),
      ]),
  );
}

/** A new upload's row, expiring `uploadSeconds` from now. */
export async function insertUpload(
  on: Db,
  file: {
    id: string;
    area: FileArea;
    ownerId: string;
    folder: string | null;
    hireId: string | null;
    uploaderId: string;
    path: string;
    size: number;
    sha256: string;
    chunkBytes: number;
    uploadSeconds: number;
  },
): Promise<FileRow> {
  const row = await first(
    on,
    db
      .insertInto('files')
      .values({
        id: file.id,
        area: file.area,
        owner_id: file.ownerId,
        folder: file.folder,
        hire_id: file.hireId,
        uploader_id: file.uploaderId,
        path: file.path,
        size: file.size,
        sha256: file.sha256,
        chunk_bytes: file.chunkBytes,
        received: 0,
        status: 'uploading',
        created_at: now(),
        upload_expires_at: sql<Date>`now() + make_interval(secs => ${file.uploadSeconds})`,
      })
      .returningAll()
      .$narrowType<FileKinds>(),
  );
  return row!;
}

/** A file of one area by id (any other file is not found); `lock` takes it FOR UPDATE. */
export function fileOfArea(on: Db, area: FileArea, ownerId: string, fileId: string, lock = false): Promise<FileRow | undefined> {
  return first(
    on,
    db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .where('area', '=', area)
      .where('owner_id', '=', ownerId)
      .$if(lock, (q) => q.forUpdate())
      .$narrowType<FileKinds>(),
  );
}

/** A file by id, whatever its area; `lock` takes it FOR UPDATE. */
export function fileById(on: Db, fileId: string, lock = false): Promise<FileRow | undefined> {
  return first(
    on,
    db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .$if(lock, (q) => q.forUpdate())
      .$narrowType<FileKinds>(),
  );
}

/** A file's status, its row locked FOR UPDATE. */
export function lockFileStatus(on: Db, fileId: string): Promise<{ status: FileStatus } | undefined> {
  return first(on, db.selectFrom('files').select('status').where('id', '=', fileId).forUpdate().$narrowType<{ status: FileStatus }>());
}

/** A member's personal files, oldest first. */
export function personalFiles(on: Db, memberId: string): Promise<FileRow[]> {
  return rows(
    on,
    db
      .selectFrom('files')
      .selectAll()
      .where('area', '=', 'personal')
      .where('owner_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('id')
      .$narrowType<FileKinds>(),
  );
}

/** The file moves to `deleting` (reads refused; its cleanup removes it). */
export async function markDeleting(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ status: 'deleting' }).where('id', '=', fileId));
}

/** A personal file renamed. */
export async function renameFile(on: Db, fileId: string, path: string): Promise<FileRow> {
  const row = await first(on, db.updateTable('files').set({ path }).where('id', '=', fileId).returningAll().$narrowType<FileKinds>());
  return row!;
}

/** The job area's poster and hire as the completion event names them. */
export function jobAreaParticipants(
  on: Db,
  jobId: string,
): Promise<Pick<Selectable<DB['job_areas']>, 'poster_id' | 'worker_id' | 'worker_access'> | undefined> {
  return first(on, db.selectFrom('job_areas').select(['poster_id', 'worker_id', 'worker_access']).where('job_id', '=', jobId));
}

/**
 * Up to `limit` uploads past their transfer time (a join asked for within `graceSeconds` keeps
 * its file) moved to `deleting`, oldest deadline first, skipping rows another transaction holds; their ids.
 */
export function expireUploads(on: Db, graceSeconds: number, limit: number): Promise<{ id: string }[]> {
  return rows(
    on,
    db
      .updateTable('files')
      .set({ status: 'deleting' })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('files')
          .select('id')
          .where('status', '=', 'uploading')
          .where('upload_expires_at', '<', now())
          .where((w) => w.or([w('assembly_requested_at', 'is', null), w('assembly_requested_at', '<', secondsAgo(graceSeconds))]))
          .orderBy('upload_expires_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning('id'),
  );
}
