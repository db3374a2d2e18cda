import {
  advisoryXactLock,
  affected,
  boundStatement,
  COUNTER_COLUMNS,
  COUNTER_INCREMENT,
  COUNTER_KEY,
  COUNTER_RETURNING,
  counterValues,
  type Db,
  first,
  preparedRows,
  rows,
  sql,
} from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { STANDING_COLUMNS } from '../admission/admission.queries.js';
import { db } from '../database/db.js';

export type ApiKeyKind = 'member' | 'team' | 'candidate';

/** What a member sees of a key. */
const KEY_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

/**
 * A live key of a live member, with the member's standing, and the request counted against the
 * counter bucket (per key) in the same statement: one round trip on the hot path, as one
 * prepared statement. No row for an unknown or revoked key.
 */
export function authenticateKey(ds: DataSource, hash: Buffer, bucket: string, seconds: number) {
  return preparedRows(ds, keyStatement({ hash, bucket, seconds }));
}

/** Built once; each request binds its key's hash and the bucket. */
const keyStatement = boundStatement(({ hash, bucket, seconds }: { hash: Buffer; bucket: string; seconds: number }) =>
  db
    .with('k', (qc) =>
      qc
        .selectFrom('api_keys as a')
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .select(['a.id', 'a.member_id', 'a.kind', ...STANDING_COLUMNS])
        .where('a.hash', '=', hash)
        .where('a.revoked_at', 'is', null)
        .where('m.deleted_at', 'is', null),
    )
    .with('u', (qc) =>
      qc
        .insertInto('limit_attempts')
        .columns(COUNTER_COLUMNS)
        .expression((eb) => eb.selectFrom('k').select(counterValues(bucket, sql.ref('k.id'), seconds)))
        .onConflict((oc) => oc.columns(COUNTER_KEY).doUpdateSet({ count: COUNTER_INCREMENT }))
        .returning(COUNTER_RETURNING),
    )
    .selectFrom(['k', 'u'])
    .selectAll('k')
    .select(['u.count', 'u.reset']),
);

/** Records the key's use (shown to its owner). */
export function touchKey(on: Db, id: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', id),
  );
}

/** The member's live keys, newest first. */
export function liveKeysOf(on: Db, memberId: string) {
  return rows(
    on,
    db.selectFrom('api_keys').select(KEY_COLUMNS).where('member_id', '=', memberId).where('revoked_at', 'is', null).orderBy('created_at', 'desc').orderBy('id'),
  );
}

export type KeyRow = Awaited<ReturnType<typeof liveKeysOf>>[number];

/**
 * A new key, unless the member already holds `max` live ones (undefined then). Must run in a
 * transaction: a lock per member, held until commit, makes the count and the insert one step on
 * every replica (one statement is not enough under READ COMMITTED).
 */
export async function insertKeyWithin(
  on: Db,
  k: { id: string; memberId: string; name: string; prefix: string; hash: Buffer; kind: ApiKeyKind },
  max: number,
): Promise<KeyRow | undefined> {
  await advisoryXactLock(on, 'api_keys', k.memberId);
  return first(
    on,
    db
      .insertInto('api_keys')
      .columns(['id', 'member_id', 'name', 'prefix', 'hash', 'kind'])
      .expression(
        db
          .selectNoFrom([
            sql<string>`${k.id}`.as('id'),
            sql<string>`${k.memberId}`.as('member_id'),
            sql<string>`${k.name}`.as('name'),
            sql<string>`${k.prefix}`.as('prefix'),
            sql<Buffer>`${k.hash}`.as('hash'),
            sql<string>`${k.kind}`.as('kind'),
          ])
          .where((eb) =>
            eb(eb.selectFrom('api_keys').select(eb.fn.countAll().as('n')).where('member_id', '=', k.memberId).where('revoked_at', 'is', null), '<', max),
          ),
      )
      .returning(KEY_COLUMNS),
  );
}

/** Revokes the member's live key; false when they have no live key with this id. */
export async function revokeKey(on: Db, id: string, memberId: string): Promise<boolean> {
  return (
    (
      await rows(
        on,
        db
          .updateTable('api_keys')
          .set({ revoked_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('member_id', '=', memberId)
          .where('revoked_at', 'is', null)
          .returning('id'),
      )
    ).length > 0
  );
}

/** A key made by the operator command line. */
export function insertKey(on: Db, k: { id: string; memberId: string; name: string; prefix: string; hash: Buffer; kind: ApiKeyKind }): Promise<number> {
  return affected(on, db.insertInto('api_keys').values({ id: k.id, member_id: k.memberId, name: k.name, prefix: k.prefix, hash: k.hash, kind: k.kind }));
}

/** Revokes every live key of the member. */
export function revokeKeysOf(on: Db, memberId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`now()` })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null),
  );
}
