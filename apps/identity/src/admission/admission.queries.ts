import { randomUUID } from 'node:crypto';

import { affected, type Db, type Expression, first, rows, type Selectable, sql, type SqlBool } from '@marketplace/service-kit';
import type { ExpressionBuilder } from 'kysely';

import { type DB, db } from '../database/db.js';

/** Member columns every authentication path selects (alias `m` for members), so all agree on standing. */
export const STANDING_COLUMNS = [
  'm.email',
  'm.staff',
  'm.created_at',
  'm.email_verified_at',
  'm.admitted_at',
  'm.sign_up_finished_at',
  'm.suspension_reason',
] as const;

export type StandingRow = Pick<
  Selectable<DB['members']>,
  'email' | 'staff' | 'created_at' | 'email_verified_at' | 'admitted_at' | 'sign_up_finished_at' | 'suspension_reason'
>;

/** A failed delivery keeps its place (and may be retried) for this long. */
export const FAILED_RETRY_HOURS = 23;

export type InvitationState = 'sending' | 'sent' | 'failed' | 'joined';

/** Email invitations that hold a place: not joined, and not a failure older than the retry window. */
function reserving(eb: ExpressionBuilder<DB, 'email_invitations'>): Expression<SqlBool> {
  return eb.or([
    eb('state', 'in', ['sending', 'sent']),
    eb.and([eb('state', '=', 'failed'), eb('attempted_at', '>', sql<Date>`now() - interval '${sql.raw(String(FAILED_RETRY_HOURS))} hours'`)]),
  ]);
}

/** Records, once, that an admitted member finished sign-up automatically. */
export function finishSignUp(on: Db, memberId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('members')
      .set({ sign_up_finished_at: sql<Date>`now()` })
      .where('id', '=', memberId)
      .where('sign_up_finished_at', 'is', null),
  );
}

/** People let in through the member's link plus addresses their email invitations reserve. */
export async function placesUsed(on: Db, inviterId: string): Promise<number> {
  const row = await first(
    on,
    db.selectNoFrom((eb) =>
      sql<number>`${eb
        .selectFrom('invite_joins')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('inviter_id', '=', inviterId)} + ${eb
        .selectFrom('email_invitations')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('inviter_id', '=', inviterId)
        .where(reserving)}`.as('used'),
    ),
  );
  return row?.used ?? 0;
}

/** Whether the inviter's email invitation to this address still holds a place. */
export async function holdsPlace(on: Db, inviterId: string, email: string): Promise<boolean> {
  return (
    (
      await rows(
        on,
        db
          .selectFrom('email_invitations')
          .select(sql<number>`1`.as('one'))
          .where('inviter_id', '=', inviterId)
          .where('email', '=', email)
          .where(reserving),
      )
    ).length > 0
  );
}

/** The member's email invitation to this address, locked for the rest of the transaction. */
export function lockEmailInvitation(on: Db, inviterId: string, email: string) {
  return first(
    on,
    db
      .selectFrom('email_invitations')
      .select(['id', 'state', 'attempted_at'])
      .where('inviter_id', '=', inviterId)
      .where('email', '=', email)
      .$narrowType<{ state: InvitationState }>()
      .forUpdate(),
  );
}

/** Reserves the place: a new invitation, or the same one again, as sending from now. */
export function reserveEmailInvitation(on: Db, id: string, inviterId: string, email: string): Promise<number> {
  return affected(
    on,
    db
      .insertInto('email_invitations')
      .values({ id, inviter_id: inviterId, email, state: 'sending', attempted_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('id').doUpdateSet({ state: 'sending', attempted_at: sql<Date>`now()` })),
  );
}

/** The outcome of a delivery. */
export function setInvitationState(on: Db, id: string, state: 'sent' | 'failed'): Promise<number> {
  return affected(on, db.updateTable('email_invitations').set({ state }).where('id', '=', id));
}

/** Creates the member's invitation link unless it exists, then locks it. */
export async function lockOwnLinkRow(on: Db, memberId: string, tokenHash: string, tokenSealed: string) {
  await affected(
    on,
    db
      .insertInto('invite_links')
      .values({ id: randomUUID(), member_id: memberId, token_hash: tokenHash, token_sealed: tokenSealed })
      .onConflict((oc) => oc.column('member_id').doNothing()),
  );
  return first(on, db.selectFrom('invite_links').selectAll().where('member_id', '=', memberId).forUpdate());
}

export type StoredLinkRow = Selectable<DB['invite_links']>;

/** A live member's link found by its token's sha256, locked (the link, not the member). */
export function lockLinkByTokenHash(on: Db, tokenHash: string) {
  return first(
    on,
    db
      .selectFrom('invite_links as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select(['l.id', 'l.member_id', 'l.revoked_at'])
      .where('l.token_hash', '=', tokenHash)
      .where('m.deleted_at', 'is', null)
      .forUpdate('l'),
  );
}

/** The join, once per member; undefined when the member had already joined. */
export function recordJoin(on: Db, memberId: string, inviterId: string, linkId: string) {
  return first(
    on,
    db
      .insertInto('invite_joins')
      .values({ member_id: memberId, inviter_id: inviterId, link_id: linkId })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .returning('member_id'),
  );
}

/** Every invitation to this address is settled, and its waitlist entry joined. */
export async function settleInvitationsOf(on: Db, email: string, memberId: string): Promise<void> {
  await affected(on, db.updateTable('email_invitations').set({ state: 'joined' }).where('email', '=', email));
  await affected(on, db.updateTable('waitlist').set({ joined_member_id: memberId }).where('email', '=', email));
}

/** The member's link page: the latest joins, the counts and the pending email invitations. */
export async function inviteLinkActivity(on: Db, inviterId: string) {
  const joined = await rows(
    on,
    db
      .selectFrom('invite_joins as j')
      .innerJoin('members as m', 'm.id', 'j.member_id')
      .select(['j.member_id', 'm.name', 'j.created_at'])
      .where('j.inviter_id', '=', inviterId)
      .orderBy('j.created_at', 'desc')
      .limit(100),
  );
  const counts = await first(
    on,
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('invite_joins')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('inviter_id', '=', inviterId)
        .$asScalar()
        .as('uses'),
      eb
        .selectFrom('email_invitations')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('inviter_id', '=', inviterId)
        .where('state', '<>', 'joined')
        .$asScalar()
        .as('pending'),
    ]),
  );
  const pending = await rows(
    on,
    db
      .selectFrom('email_invitations')
      .select(['email', 'state', 'created_at'])
      .where('inviter_id', '=', inviterId)
      .where('state', '<>', 'joined')
      .$narrowType<{ state: 'sending' | 'sent' | 'failed' }>()
      .orderBy('created_at', 'desc')
      .limit(100),
  );
  return { joined, uses: counts?.uses ?? 0, pendingCount: counts?.pending ?? 0, pending };
}

/** Whether the member's address is on the waitlist. */
export async function isWaitlisted(on: Db, memberId: string): Promise<boolean> {
  return (
    (
      await rows(
        on,
        db
          .selectFrom('waitlist as w')
          .innerJoin('members as m', 'm.email', 'w.email')
          .select(sql<number>`1`.as('one'))
          .where('m.id', '=', memberId),
      )
    ).length > 0
  );
}

/** Joining the waitlist again changes nothing. */
export function joinWaitlist(on: Db, email: string): Promise<number> {
  return affected(
    on,
    db
      .insertInto('waitlist')
      .values({ id: randomUUID(), email })
      .onConflict((oc) => oc.column('email').doNothing()),
  );
}

/** One page (one row more than asked, to tell whether another follows) of live members' links, most used first. */
export function inviteLinksPage(on: Db, offset: number, limit: number) {
  return rows(
    on,
    db
      .selectFrom('invite_links as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select((eb) => [
        'l.token_sealed',
        'l.member_id',
        'm.name',
        'm.email',
        'l.revoked_at',
        'l.created_at',
        eb
          .selectFrom('invite_joins as j')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('j.inviter_id', '=', 'l.member_id')
          .$asScalar()
          .$notNull()
          .as('uses'),
      ])
      .where('m.deleted_at', 'is', null)
      .orderBy('uses', 'desc')
      .orderBy('l.created_at', 'asc')
      .orderBy('l.id', 'asc')
      .offset(offset)
      .limit(limit + 1),
  );
}

export type WaitlistRow = Selectable<DB['waitlist']>;
export type WaitlistStatus = 'waiting' | 'invited' | 'joined';

/** One page (one row more than asked) of the waitlist, oldest first; joined wins over invited. */
export function waitlistPage(on: Db, status: WaitlistStatus | null, offset: number, limit: number): Promise<WaitlistRow[]> {
  return rows(
    on,
    db
      .selectFrom('waitlist as w')
      .selectAll('w')
      .where(
        sql<boolean>`(${status}::text IS NULL OR CASE WHEN w.joined_member_id IS NOT NULL THEN 'joined' WHEN w.invited_at IS NOT NULL THEN 'invited' ELSE 'waiting' END = ${status})`,
      )
      .orderBy('w.created_at', 'asc')
      .orderBy('w.id', 'asc')
      .offset(offset)
      .limit(limit + 1),
  );
}

export function lockWaitlistEntry(on: Db, id: string): Promise<WaitlistRow | undefined> {
  return first(on, db.selectFrom('waitlist').selectAll().where('id', '=', id).forUpdate());
}

/** Marks the entry invited by this staff member and answers it as it now is. */
export async function markWaitlistInvited(on: Db, id: string, invitedBy: string): Promise<WaitlistRow | undefined> {
  await affected(
    on,
    db
      .updateTable('waitlist')
      .set({ invited_at: sql<Date>`now()`, invited_by: invitedBy })
      .where('id', '=', id),
  );
  return first(on, db.selectFrom('waitlist').selectAll().where('id', '=', id));
}
