import { affected, type Db, first, rows, type Selectable } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/* The statements of a deleted file's cleanup, typed from the migrated files schema. */

/** A file's status and, for a direct upload not joined yet, its multipart upload. */
export function fileToClean(on: Db, fileId: string): Promise<Pick<Selectable<DB['files']>, 'status' | 'upload_id'> | undefined> {
  return first(on, db.selectFrom('files').select(['status', 'upload_id']).where('id', '=', fileId));
}

/** The objects of the file's recorded chunks. */
export function chunkObjects(on: Db, fileId: string): Promise<Pick<Selectable<DB['file_chunks']>, 'object_key'>[]> {
  return rows(on, db.selectFrom('file_chunks').select('object_key').where('file_id', '=', fileId));
}

/**
 * The file's rows removed (its preview, download grants, chunks, then the file itself), only
 * while it is still `deleting`, its row locked first; false when it was not. Run inside a transaction.
 */
export async function deleteFileRows(on: Db, fileId: string): Promise<boolean> {
  const locked = await rows(on, db.selectFrom('files').select('id').where('id', '=', fileId).where('status', '=', 'deleting').forUpdate());
  if (!locked.length) return false;
  await affected(on, db.deleteFrom('file_previews').where('file_id', '=', fileId));
  await affected(on, db.deleteFrom('download_grants').where('file_id', '=', fileId));
  await affected(on, db.deleteFrom('file_chunks').where('file_id', '=', fileId));
  await affected(on, db.deleteFrom('files').where('id', '=', fileId));
  return true;
}
