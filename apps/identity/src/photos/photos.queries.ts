import { affected, type Db, first, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** The member's photo row, if any. */
export function photoOf(on: Db, memberId: string) {
  return first(on, db.selectFrom('member_photos').selectAll().where('member_id', '=', memberId));
}

/** Stores the member's (one) photo, replacing the previous row. */
export function upsertPhoto(on: Db, p: { memberId: string; hash: string; contentType: string; objectKey: string }): Promise<number> {
  const values = { member_id: p.memberId, hash: p.hash, content_type: p.contentType, object_key: p.objectKey, data: null, created_at: new Date() };
  const { member_id: _id, ...set } = values;
  return affected(
    on,
    db
      .insertInto('member_photos')
      .values(values)
      .onConflict((oc) => oc.column('member_id').doUpdateSet(set)),
  );
}

export function deletePhoto(on: Db, memberId: string): Promise<number> {
  return affected(on, db.deleteFrom('member_photos').where('member_id', '=', memberId));
}

/** A visible member's photo by its hash: where it is stored, or its bytes when from before object storage. */
export function visiblePhoto(on: Db, memberId: string, hash: string) {
  return first(
    on,
    db
      .selectFrom('member_photos as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select(['p.content_type', 'p.object_key', sql<Buffer | null>`CASE WHEN p.object_key IS NULL THEN p.data END`.as('data')])
      .where('p.member_id', '=', memberId)
      .where('p.hash', '=', hash)
      .where('m.deleted_at', 'is', null)
      .where('m.removed_at', 'is', null),
  );
}

/** The bytes moved to object storage: the row keeps the key instead. */
export function adoptPhoto(on: Db, memberId: string, hash: string, objectKey: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('member_photos')
      .set({ object_key: objectKey, data: null })
      .where('member_id', '=', memberId)
      .where('hash', '=', hash)
      .where('object_key', 'is', null),
  );
}
