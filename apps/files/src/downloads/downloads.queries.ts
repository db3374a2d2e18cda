import { affected, type Db, first, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { FileStatus } from '../files/file.entity.js';

/* The statements of downloads (a file as a download reads it, proxied links' grants), typed from the migrated files schema. */

/** A file of an area as a download or preview reads it. */
export type StoredFileRow = Omit<Pick<Selectable<DB['files']>, 'id' | 'path' | 'size' | 'status' | 'object_key' | 'folder' | 'hire_id'>, 'status'> & {
  status: FileStatus;
};

/** A file of one area by id; undefined for any other. */
export function storedFileOfArea(on: Db, area: 'personal' | 'job', ownerId: string, fileId: string): Promise<StoredFileRow | undefined> {
  return first(
    on,
    db
      .selectFrom('files')
      .select(['id', 'path', 'size', 'status', 'object_key', 'folder', 'hire_id'])
      .where('id', '=', fileId)
      .where('area', '=', area)
      .where('owner_id', '=', ownerId)
      .$narrowType<{ status: FileStatus }>(),
  );
}

/** A proxied link's grant: the hash of its token, the file it opens, until when. */
export async function insertDownloadGrant(on: Db, grant: { tokenHash: string; fileId: string; expiresAt: Date }): Promise<void> {
  await affected(on, db.insertInto('download_grants').values({ token_hash: grant.tokenHash, file_id: grant.fileId, expires_at: grant.expiresAt }));
}

/** A few grants expired over a minute ago removed (at most 50 a call); how many. */
export function pruneExpiredGrants(on: Db): Promise<number> {
  return affected(
    on,
    db.deleteFrom('download_grants').where('token_hash', 'in', (eb) =>
      eb
        .selectFrom('download_grants')
        .select('token_hash')
        .where('expires_at', '<', sql<Date>`now() - interval '1 minute'`)
        .limit(50),
    ),
  );
}

/** The object and name of the ready file a live grant opens; undefined when the grant or the file is gone. */
export function grantedObject(on: Db, tokenHash: string) {
  return first(
    on,
    db
      .selectFrom('download_grants as g')
      .innerJoin('files as f', 'f.id', 'g.file_id')
      .select(['f.object_key', 'f.path'])
      .where('g.token_hash', '=', tokenHash)
      .where('g.expires_at', '>', sql<Date>`now()`)
      .where('f.status', '=', 'ready')
      .where('f.object_key', 'is not', null)
      .$narrowType<{ object_key: string }>(),
  );
}
