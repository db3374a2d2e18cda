import { randomUUID } from 'node:crypto';

import { advisoryXactLock, affected, type Db, first, sql } from '@marketplace/service-kit';

import { STANDING_COLUMNS } from '../admission/admission.queries.js';
import { db } from '../database/db.js';

const now = () => sql<Date>`now()`;

/** One sign-in of a member at a time, on every replica, until the transaction ends. */
export async function lockMemberSignIns(on: Db, memberId: string): Promise<void> {
  await advisoryXactLock(on, `sessions:${memberId}`);
}

/** A new session, expiring after `days` (capped at the absolute lifetime); answers its expiry. */
export async function insertSession(
  on: Db,
  s: { tokenHash: Buffer; memberId: string; userAgent: string | null; days: number; absoluteDays: number },
): Promise<Date> {
  const row = await first(
    on,
    db
      .insertInto('sessions')
      .values({
        id: randomUUID(),
        token_hash: s.tokenHash,
        member_id: s.memberId,
        created_at: sql<Date>`clock_timestamp()`,
        expires_at: sql<Date>`now() + make_interval(days => LEAST(${s.days}::int, ${s.absoluteDays}::int))`,
        user_agent: s.userAgent,
      })
      .returning('expires_at'),
  );
  return row!.expires_at;
}

/** Ends the member's sessions beyond the newest `keep` live ones, and any that already expired. */
export function endSessionsBeyond(on: Db, memberId: string, keep: number): Promise<number> {
  return affected(
    on,
    db
      .deleteFrom('sessions')
      .where('member_id', '=', memberId)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now()),
          eb(
            'id',
            'in',
            eb
              .selectFrom('sessions')
              .select('id')
              .where('member_id', '=', memberId)
              .where('expires_at', '>', now())
              .orderBy('created_at', 'desc')
              .orderBy('id')
              .offset(keep),
          ),
        ]),
      ),
  );
}

/** A live session of a live member, younger than the absolute lifetime, with the member's standing. */
export function liveSession(on: Db, tokenHash: Buffer, absoluteDays: number) {
  return first(
    on,
    db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.id', 's.member_id', ...STANDING_COLUMNS, 's.expires_at', sql<boolean>`s.renewed_at < now() - interval '1 day'`.as('stale')])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now())
      .where('m.deleted_at', 'is', null)
      .where(sql<boolean>`s.created_at + make_interval(days => ${absoluteDays}) > now()`),
  );
}

/** Slides the session's expiry to `days` from now, capped at the absolute lifetime; answers the new expiry. */
export async function renewSession(on: Db, id: string, days: number, absoluteDays: number): Promise<Date | undefined> {
  const row = await first(
    on,
    db
      .updateTable('sessions')
      .set({
        renewed_at: now(),
        expires_at: sql<Date>`LEAST(now() + make_interval(days => ${days}), created_at + make_interval(days => ${absoluteDays}))`,
      })
      .where('id', '=', id)
      .returning('expires_at'),
  );
  return row?.expires_at;
}

/** Every session of the member; answers how many ended. */
export function endMemberSessions(on: Db, memberId: string): Promise<number> {
  return affected(on, db.deleteFrom('sessions').where('member_id', '=', memberId));
}

export function endSessionByToken(on: Db, tokenHash: Buffer): Promise<number> {
  return affected(on, db.deleteFrom('sessions').where('token_hash', '=', tokenHash));
}

/** Rows nobody can use any more, per table; answers how many went from each. */
export async function sweepExpiredRows(on: Db): Promise<Record<string, number>> {
  return {
    sessions: await affected(on, db.deleteFrom('sessions').where('expires_at', '<', now())),
    magicLinks: await affected(on, db.deleteFrom('magic_links').where('expires_at', '<', sql<Date>`now() - interval '1 day'`)),
    oidcRequests: await affected(on, db.deleteFrom('oidc_requests').where('expires_at', '<', now())),
    oauthRecords: await affected(on, db.deleteFrom('oauth_records').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)),
    identityWebhookEvents: await affected(on, db.deleteFrom('identity_webhook_events').where('expires_at', '<', now())),
  };
}
