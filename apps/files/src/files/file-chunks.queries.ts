import { affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import { type FileKinds, type FileRow, now } from './files.queries.js';

/* The statements of a file's chunks: which are in, which come next, what they add up to. */

/** A chunk's object, as a join or a cleanup reads it. */
type ChunkKey = Pick<Selectable<DB['file_chunks']>, 'object_key'>;

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
