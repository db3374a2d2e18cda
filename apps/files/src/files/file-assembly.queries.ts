import { affected, type Db, first, rows } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { type FileKinds, type FileRow, now, secondsAgo } from './files.queries.js';

/* The statements of a file's join: its lease, a direct upload's parts, the ready file. */

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
