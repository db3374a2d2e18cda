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

/** Whether the member has a browser subscribed to push. */
export async function hasPushSubscription(on: Db, memberId: string): Promise<boolean> {
  const row = await first(
    on,
    db.selectNoFrom((eb) => eb.exists(eb.selectFrom('push_subscriptions').select(eb.lit(1).as('one')).where('member_id', '=', memberId)).as('subscribed')),
  );
  return row?.subscribed === true;
}

/** The member's email switch in `column`; undefined when they have no preferences row (every switch on). */
export async function emailSwitchOn(on: Db, memberId: string, column: SwitchColumn): Promise<boolean | undefined> {
  const row = await first(
    on,
    db
      .selectFrom('notification_preferences')
      .select((eb) => eb.ref(column).as('on'))
      .where('member_id', '=', memberId),
  );
  return row?.on;
}

/** An alert waiting in email_alerts (no digest yet) for the member's open digest. */
export async function addEmailAlert(on: Db, alertId: string, memberId: string, emailSwitch: string): Promise<void> {
  await affected(on, db.insertInto('email_alerts').values({ alert_id: alertId, member_id: memberId, email_switch: emailSwitch }));
}

/**
 * The member's email row made or locked (an upsert locks it against the sender closing the digest
 * at that moment), its open digest set to `candidate` when none is open; returns the open digest
 * and when the previous one closed.
 */
export async function lockEmailMember(
  on: Db,
  memberId: string,
  candidate: string,
): Promise<Pick<Selectable<DB['email_members']>, 'open_digest_id' | 'last_closed_at'> | undefined> {
  return first(
    on,
    db
      .insertInto('email_members')
      .values({ member_id: memberId, open_digest_id: candidate })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({
          open_digest_id: (eb) => eb.fn.coalesce('email_members.open_digest_id', 'excluded.open_digest_id'),
        }),
      )
      .returning(['open_digest_id', 'last_closed_at']),
  );
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
