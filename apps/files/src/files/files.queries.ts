import { advisoryXactLock, affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { FileArea, FileStatus } from './file.entity.js';

/*
 * The statements of the upload path (a file's row, its chunks, the area's quota, closed members),
 * typed from the migrated files schema. Every function takes where it runs: the pool or the
 * transaction a unit of work opened.
 */

/** The values the service writes to `area` and `status` (the columns are text). */
export interface FileKinds {
  area: FileArea;
  status: FileStatus;
}

/** A files row as the upload path reads it (every column). */
export type FileRow = Omit<Selectable<DB['files']>, keyof FileKinds> & FileKinds;

/** A chunk's object, as a join or a cleanup reads it. */
type ChunkKey = Pick<Selectable<DB['file_chunks']>, 'object_key'>;

const now = () => sql<Date>`now()`;
/** `now()` less a number of seconds, as the lease and grace windows say it. */
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** The lowest chunk index of the file not received yet (null when all are in), as a subquery. */
function nextMissing(fileId: string, chunks: number) {
  return db
    .selectFrom(sql<{ i: number }>`generate_series(0, ${chunks}::int - 1)`.as('i'))
    .select((eb) => eb.cast<number | null>(eb.fn.min('i.i'), 'integer').as('idx'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('file_chunks as c')
            .select(sql<number>`1`.as('one'))
            .where('c.file_id', '=', fileId)
            .whereRef('c.idx', '=', 'i.i'),
        ),
      ),
    );
}

/** The bytes of the chunks a file holds, as a subquery (0 when none). */
function receivedBytes(fileId: string) {
  return db
    .selectFrom('file_chunks')
    .where('file_id', '=', fileId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes'));
}

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

/** The lowest chunk index of the file not received yet, or null when every chunk is in. */
export async function nextMissingChunk(on: Db, fileId: string, chunks: number): Promise<number | null> {
  const row = await first(on, db.selectNoFrom(nextMissing(fileId, chunks).as('idx')));
  return row?.idx ?? null;
}

/**
 * Records a chunk (the first sha256 for an index wins: other bytes write nothing) and says which
 * object it replaced, if any, and whether it was written.
 */
export async function writeChunk(
  on: Db,
  chunk: { fileId: string; idx: number; size: number; sha256: string; objectKey: string },
): Promise<{ replaced: string | null; ok: boolean }> {
  const row = await first(
    on,
    db
      .with('previous', (q) => q.selectFrom('file_chunks').select('object_key').where('file_id', '=', chunk.fileId).where('idx', '=', chunk.idx))
      .with('written', (q) =>
        q
          .insertInto('file_chunks')
          .values({ file_id: chunk.fileId, idx: chunk.idx, size: chunk.size, sha256: chunk.sha256, object_key: chunk.objectKey })
          .onConflict((oc) =>
            oc
              .columns(['file_id', 'idx'])
              .doUpdateSet((eb) => ({ object_key: eb.ref('excluded.object_key') }))
              .whereRef('file_chunks.sha256', '=', 'excluded.sha256'),
          )
          .returning(sql<number>`1`.as('one')),
      )
      .selectNoFrom((eb) => [eb.selectFrom('previous').select('object_key').as('replaced'), eb.exists(eb.selectFrom('written').select('one')).as('ok')]),
  );
  return { replaced: row?.replaced ?? null, ok: Boolean(row?.ok) };
}

/**
 * The file's received bytes counted again from its chunks and its last failure cleared; the row
 * as it is now, with the lowest chunk index still missing (`next_index`, null when all are in).
 */
export async function countReceived(on: Db, fileId: string, chunks: number): Promise<{ row: FileRow; nextIndex: number | null }> {
  const updated = await first(
    on,
    db
      .updateTable('files')
      .set({ received: receivedBytes(fileId), assembly_failure: null })
      .where('id', '=', fileId)
      .returningAll()
      .returning(nextMissing(fileId, chunks).as('next_index'))
      .$narrowType<FileKinds>(),
  );
  const { next_index: nextIndex, ...row } = updated!;
  return { row, nextIndex };
}

/**
 * Takes the file's join or check lease: asked now, unless one was asked less than `leaseSeconds`
 * ago; false when the file is no longer uploading or the lease is held.
 */
export async function takeAssemblyLease(on: Db, fileId: string, leaseSeconds: number): Promise<boolean> {
  const taken = await rows(
    on,
    db
      .updateTable('files')
      .set({ assembly_requested_at: now() })
      .where('id', '=', fileId)
      .where('status', '=', 'uploading')
      .where((eb) => eb.or([eb('assembly_requested_at', 'is', null), eb('assembly_requested_at', '<', secondsAgo(leaseSeconds))]))
      .returning('id'),
  );
  return taken.length > 0;
}

/** The file's join asked for now (whatever it was), so no second one is queued. */
export async function requestAssembly(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ assembly_requested_at: now() }).where('id', '=', fileId));
}

/** A running check renews its lease, while the file is still uploading. */
export async function renewAssemblyLease(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ assembly_requested_at: now() }).where('id', '=', fileId).where('status', '=', 'uploading'));
}

/** A running join says it is alive, while the file is still uploading and its join still asked for. */
export async function joinAlive(on: Db, fileId: string): Promise<void> {
  await affected(
    on,
    db
      .updateTable('files')
      .set({ assembly_requested_at: now() })
      .where('id', '=', fileId)
      .where('status', '=', 'uploading')
      .where('assembly_requested_at', 'is not', null),
  );
}

/** The file's lease given back, whatever its status (a check that failed). */
export async function releaseAssemblyLease(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ assembly_requested_at: null }).where('id', '=', fileId));
}

/** The join given up while the file still uploads: complete asks for a new one. */
export async function joinGaveUp(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ assembly_requested_at: null }).where('id', '=', fileId).where('status', '=', 'uploading'));
}

/** The last join's failure cleared, once reported. */
export async function clearAssemblyFailure(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ assembly_failure: null }).where('id', '=', fileId));
}

/** Whether the file holds any chunk. */
export async function hasChunks(on: Db, fileId: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('file_chunks')
      .select(sql<number>`1`.as('one'))
      .where('file_id', '=', fileId)
      .limit(1),
  );
  return found.length > 0;
}

/** The multipart upload a direct upload sends its parts to. */
export async function setUploadId(on: Db, fileId: string, uploadId: string): Promise<FileRow> {
  const row = await first(on, db.updateTable('files').set({ upload_id: uploadId }).where('id', '=', fileId).returningAll().$narrowType<FileKinds>());
  return row!;
}

/** A direct upload's joined parts dropped (they did not make the declared size): it starts its parts again. */
export async function dropJoinedParts(on: Db, fileId: string): Promise<void> {
  await affected(on, db.updateTable('files').set({ upload_id: null, parts_joined_at: null }).where('id', '=', fileId).where('status', '=', 'uploading'));
}

/** Storage joined a direct upload's parts into `received` bytes; undefined when the file is no longer uploading. */
export function partsJoined(on: Db, fileId: string, received: number): Promise<FileRow | undefined> {
  return first(
    on,
    db
      .updateTable('files')
      .set({ upload_id: null, parts_joined_at: now(), received })
      .where('id', '=', fileId)
      .where('status', '=', 'uploading')
      .returningAll()
      .$narrowType<FileKinds>(),
  );
}

/** A direct upload's multipart upload aborted: the row forgets it (if it still names that one). */
export async function forgetUploadId(on: Db, fileId: string, uploadId: string): Promise<void> {
  await affected(
    on,
    db.updateTable('files').set({ upload_id: null }).where('id', '=', fileId).where('upload_id', '=', uploadId).where('status', '=', 'uploading'),
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

/** A direct upload whose joined object failed its check starts over, `failure` kept for the next complete; false when no longer uploading. */
export async function failJoinedUpload(on: Db, fileId: string, failure: string): Promise<boolean> {
  const dropped = await rows(
    on,
    db
      .updateTable('files')
      .set({ upload_id: null, parts_joined_at: null, received: 0, assembly_requested_at: null, assembly_failure: failure })
      .where('id', '=', fileId)
      .where('status', '=', 'uploading')
      .returning('id'),
  );
  return dropped.length > 0;
}

/** The joined file ready at `objectKey`: its received bytes are its size, its join done. */
export async function markFileReady(on: Db, fileId: string, objectKey: string): Promise<FileRow> {
  const row = await first(
    on,
    db
      .updateTable('files')
      .set((eb) => ({
        status: 'ready',
        object_key: objectKey,
        completed_at: now(),
        received: eb.ref('size'),
        assembly_requested_at: null,
        assembly_failure: null,
      }))
      .where('id', '=', fileId)
      .returningAll()
      .$narrowType<FileKinds>(),
  );
  return row!;
}

/** The file's chunk rows removed (only chunk `idx` when given); their objects' keys. */
export function deleteChunks(on: Db, fileId: string, idx?: number): Promise<ChunkKey[]> {
  return rows(
    on,
    db
      .deleteFrom('file_chunks')
      .where('file_id', '=', fileId)
      .$if(idx !== undefined, (q) => q.where('idx', '=', idx!))
      .returning('object_key'),
  );
}

/** After chunks were dropped: the received bytes counted again, the join no longer asked, `failure` kept for complete. */
export async function chunksDropped(on: Db, fileId: string, failure: string): Promise<void> {
  await affected(
    on,
    db
      .updateTable('files')
      .set({ received: receivedBytes(fileId), assembly_requested_at: null, assembly_failure: failure })
      .where('id', '=', fileId),
  );
}

/** A chunk's object as recorded now. */
export async function chunkKey(on: Db, fileId: string, idx: number): Promise<string | null> {
  const row = await first(on, db.selectFrom('file_chunks').select('object_key').where('file_id', '=', fileId).where('idx', '=', idx));
  return row?.object_key ?? null;
}

/**
 * The chunks of an uploading file from index `from` on, in order; no row at all when the file is
 * not uploading (or, `unexpired`, past its transfer time), one row with a null idx when it holds none.
 */
export function chunksFrom(on: Db, fileId: string, from: number, unexpired: boolean) {
  return rows(
    on,
    db
      .selectFrom('files as f')
      .leftJoin('file_chunks as c', (join) => join.onRef('c.file_id', '=', 'f.id').on('c.idx', '>=', from))
      .select(['c.idx', 'c.object_key'])
      .where('f.id', '=', fileId)
      .where('f.status', '=', 'uploading')
      .$if(unexpired, (q) => q.where('f.upload_expires_at', '>', now()))
      .orderBy('c.idx'),
  );
}

/** The job area's poster and hire as the completion event names them. */
export function jobAreaParticipants(
  on: Db,
  jobId: string,
): Promise<Pick<Selectable<DB['job_areas']>, 'poster_id' | 'worker_id' | 'worker_access'> | undefined> {
  return first(on, db.selectFrom('job_areas').select(['poster_id', 'worker_id', 'worker_access']).where('job_id', '=', jobId));
}

/** Whether the member's account was deleted (their area is closed). */
export async function isClosedMember(on: Db, memberId: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('closed_members')
      .select(sql<number>`1`.as('one'))
      .where('member_id', '=', memberId),
  );
  return found.length > 0;
}

/** The member's area closed at `closedAt` (a repeat changes nothing). */
export async function closeMember(on: Db, memberId: string, closedAt: string): Promise<void> {
  await affected(
    on,
    db
      .insertInto('closed_members')
      .values({ member_id: memberId, closed_at: closedAt })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** Every live file of the member's personal area and of the job areas they posted moved to `deleting`; their ids. */
export function deleteMemberFiles(on: Db, memberId: string): Promise<{ id: string }[]> {
  return rows(
    on,
    db
      .updateTable('files')
      .set({ status: 'deleting' })
      .where('status', '<>', 'deleting')
      .where((eb) =>
        eb.or([
          eb.and([eb('area', '=', 'personal'), eb('owner_id', '=', memberId)]),
          eb.and([eb('area', '=', 'job'), eb('owner_id', 'in', eb.selectFrom('job_areas').select('job_id').where('poster_id', '=', memberId))]),
        ]),
      )
      .returning('id'),
  );
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
