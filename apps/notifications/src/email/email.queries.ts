import { CONTACT_SWITCHES, type ContactSwitch } from '@marketplace/contracts';
import { affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import type { SwitchColumn } from '../channels/channels.queries.js';
import { SWITCH_COLUMN } from '../channels/email-switches.js';
import { type DB, db } from '../database/db.js';

/** A digest as the sender reads it. */
export function digestOf(
  on: Db,
  digestId: string,
): Promise<Pick<Selectable<DB['email_digests']>, 'member_id' | 'send_after' | 'closed_at' | 'sent_at'> | undefined> {
  return first(on, db.selectFrom('email_digests').select(['member_id', 'send_after', 'closed_at', 'sent_at']).where('id', '=', digestId));
}

/** The alerts a digest took, oldest first, with the switch each came under. */
export function digestAlerts(on: Db, digestId: string) {
  return rows(
    on,
    db
      .selectFrom('email_alerts as e')
      .innerJoin('alerts as a', 'a.id', 'e.alert_id')
      .select(['e.email_switch', 'a.message', 'a.job_id'])
      .where('e.digest_id', '=', digestId)
      .orderBy('a.created_at')
      .orderBy('a.id'),
  );
}

/** One alert of a digest, as digestAlerts reads it. */
export type DigestAlert = Awaited<ReturnType<typeof digestAlerts>>[number];

/** The digest's send recorded (whether or not an email went out); a sent digest is never sent again. */
export async function markDigestSent(on: Db, digestId: string, emailed: boolean): Promise<void> {
  await affected(
    on,
    db
      .updateTable('email_digests')
      .set({ sent_at: sql<Date>`now()`, emailed })
      .where('id', '=', digestId),
  );
}

/**
 * Closes a digest, in the caller's transaction: the member's open digest released (their row locked,
 * as opening locks it), the digest marked closed once, and every alert of the member still waiting
 * taken into it. Returns false when it was closed already (nothing is taken then).
 */
export async function closeDigest(em: Db, digestId: string, memberId: string): Promise<boolean> {
  await affected(
    em,
    db
      .updateTable('email_members')
      .set({ open_digest_id: null, last_closed_at: sql<Date>`now()` })
      .where('member_id', '=', memberId)
      .where('open_digest_id', '=', digestId),
  );
  const closed = await rows(
    em,
    db
      .updateTable('email_digests')
      .set({ closed_at: sql<Date>`now()` })
      .where('id', '=', digestId)
      .where('closed_at', 'is', null)
      .returning('id'),
  );
  if (!closed.length) return false;
  await affected(em, db.updateTable('email_alerts').set({ digest_id: digestId }).where('member_id', '=', memberId).where('digest_id', 'is', null));
  return true;
}

/** The member's email switches by name; undefined when they have no preferences row. */
export function switchesOf(on: Db, memberId: string): Promise<Record<ContactSwitch, boolean> | undefined> {
  return first(
    on,
    db
      .selectFrom('notification_preferences')
      .select((eb) => CONTACT_SWITCHES.map((s) => eb.ref(SWITCH_COLUMN[s]).as(s)))
      .where('member_id', '=', memberId),
  );
}

/** The named switches set (the member's row made with the others on when there is none). */
export async function writeSwitches(on: Db, memberId: string, values: Partial<Record<ContactSwitch, boolean>>): Promise<void> {
  const set: Partial<Record<SwitchColumn, boolean>> = {};
  for (const s of CONTACT_SWITCHES) if (values[s] !== undefined) set[SWITCH_COLUMN[s]] = values[s];
  const columns = Object.keys(set) as SwitchColumn[];
  await affected(
    on,
    db
      .insertInto('notification_preferences')
      .values({ member_id: memberId, ...set, updated_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet((eb) => ({
          ...Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])),
          updated_at: sql<Date>`now()`,
        })),
      ),
  );
}
