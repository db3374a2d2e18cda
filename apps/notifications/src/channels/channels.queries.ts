import { affected, type Db, first, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** The preference columns that switch an email family on or off. */
export type SwitchColumn = keyof Pick<
  Selectable<DB['notification_preferences']>,
  'email_comments' | 'email_preferred_worker' | 'email_applications' | 'email_hiring_and_work' | 'email_messages'
>;

/** Keeps `sealed` under `name` unless a key is kept there already (the first writer wins). */
export async function keepKey(on: Db, name: string, sealed: { sealed: string }): Promise<void> {
  await affected(
    on,
    db
      .insertInto('notification_keys')
      .values({ name, value: JSON.stringify(sealed) })
      .onConflict((oc) => oc.column('name').doNothing()),
  );
}

/** The sealed text of the key kept under `name`; undefined when none is. */
export async function keptKeySealed(on: Db, name: string): Promise<string | null | undefined> {
  const row = await first(
    on,
    db
      .selectFrom('notification_keys')
      .select(sql<string | null>`value->>'sealed'`.as('sealed'))
      .where('name', '=', name),
  );
  return row?.sealed;
}

/** A digest opened for the member, due `windowSeconds` after the previous one closed (at once when none did, never before now). */
export async function openEmailDigest(on: Db, id: string, memberId: string, lastClosedAt: Date | null, windowSeconds: number): Promise<void> {
  await affected(
    on,
    db.insertInto('email_digests').values({
      id,
      member_id: memberId,
      send_after: sql<Date>`greatest(now(), coalesce(${lastClosedAt}::timestamptz + make_interval(secs => ${windowSeconds}::double precision), now()))`,
    }),
  );
}
