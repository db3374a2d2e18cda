import { type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** A live account's address, name and whether the address is verified. */
export function contactOf(on: Db, memberId: string) {
  return first(
    on,
    db
      .selectFrom('members')
      .select(['email', 'name', sql<boolean>`email_verified_at IS NOT NULL`.as('verified')])
      .where(sql<string>`id::text`, '=', memberId)
      .where('deleted_at', 'is', null),
  );
}

/** Live accounts' names and addresses, verified or not. */
export function contactsOf(on: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return rows(
    on,
    db
      .selectFrom('members')
      .select([sql<string>`id::text`.as('id'), 'name', 'email'])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null),
  );
}

/** Members named by id, email or exact name (deleted or not). */
export function membersByReference(on: Db, ids: string[], emails: string[], names: string[]) {
  return rows(
    on,
    db
      .selectFrom('members')
      .select([sql<string>`id::text`.as('id'), 'email', 'name'])
      .where((eb) =>
        eb.or([
          eb(sql<string>`id::text`, '=', sql<string>`any(${ids}::text[])`),
          eb('email', '=', sql<string>`any(${emails}::text[])`),
          eb('name', '=', sql<string>`any(${names}::text[])`),
        ]),
      ),
  );
}
