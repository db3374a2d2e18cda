import type { TEAM_ROLES } from '@marketplace/contracts';
import { advisoryXactLock, affected, type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

export type TeamRole = (typeof TEAM_ROLES)[number];
export type InvitationRole = Exclude<TeamRole, 'owner'>;

const now = () => sql<Date>`now()`;

/** Serialises invitation writes of one team (the pending count) and membership changes of one team. */
export async function lockTeam(on: Db, teamId: string): Promise<void> {
  await advisoryXactLock(on, 'team', teamId);
}

/** The member's team and role; deleted members never count. */
export function membershipRow(on: Db, memberId: string) {
  return first(
    on,
    db
      .selectFrom('team_members as tm')
      .innerJoin('teams as t', 't.id', 'tm.team_id')
      .innerJoin('members as m', 'm.id', 'tm.member_id')
      .select(['t.id as team_id', 't.name', 'tm.role'])
      .where('tm.member_id', '=', memberId)
      .where('m.deleted_at', 'is', null)
      .$narrowType<{ role: TeamRole }>(),
  );
}

export function teamById(on: Db, id: string) {
  return first(on, db.selectFrom('teams').select(['id', 'name', 'created_at']).where('id', '=', id));
}

/** The team's live members, longest on the team first. */
export function teamMembers(on: Db, teamId: string) {
  return rows(
    on,
    db
      .selectFrom('team_members as tm')
      .innerJoin('members as m', 'm.id', 'tm.member_id')
      .select(['m.id', 'm.name', 'm.email', 'tm.role', 'tm.joined_at'])
      .where('tm.team_id', '=', teamId)
      .where('m.deleted_at', 'is', null)
      .orderBy('tm.joined_at')
      .orderBy('m.id')
      .$narrowType<{ role: TeamRole }>(),
  );
}

export function insertTeam(on: Db, id: string, name: string): Promise<number> {
  return affected(on, db.insertInto('teams').values({ id, name }));
}

export function renameTeam(on: Db, id: string, name: string): Promise<number> {
  return affected(on, db.updateTable('teams').set({ name }).where('id', '=', id));
}

/** Puts the member on the team, unless they are on one already (false then): the member's primary key settles races. */
export async function joinTeam(on: Db, memberId: string, teamId: string, role: TeamRole): Promise<boolean> {
  return (
    (await first(
      on,
      db
        .insertInto('team_members')
        .values({ member_id: memberId, team_id: teamId, role })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .returning('member_id'),
    )) !== undefined
  );
}

/** The member's role on this team, if on it. */
export async function roleOn(on: Db, memberId: string, teamId: string): Promise<TeamRole | undefined> {
  return (
    await first(
      on,
      db.selectFrom('team_members').select('role').where('member_id', '=', memberId).where('team_id', '=', teamId).$narrowType<{ role: TeamRole }>(),
    )
  )?.role;
}

/** How many live members besides this one are on the team. */
export async function otherMembers(on: Db, teamId: string, memberId: string): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('team_members as tm')
      .innerJoin('members as m', 'm.id', 'tm.member_id')
      .select(sql<number>`count(*)::int`.as('others'))
      .where('tm.team_id', '=', teamId)
      .where('tm.member_id', '<>', memberId)
      .where('m.deleted_at', 'is', null),
  );
  return row?.others ?? 0;
}

export function leaveTeam(on: Db, memberId: string): Promise<number> {
  return affected(on, db.deleteFrom('team_members').where('member_id', '=', memberId));
}

/** The team's pending invitations past their expiry are marked expired. */
export function expireInvitations(on: Db, teamId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('team_invitations')
      .set({ status: 'expired', answered_at: now() })
      .where('team_id', '=', teamId)
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now()),
  );
}

/** The team's waiting invitations are withdrawn (the team is dissolved). */
export function withdrawInvitations(on: Db, teamId: string): Promise<number> {
  return affected(
    on,
    db.updateTable('team_invitations').set({ status: 'withdrawn', answered_at: now() }).where('team_id', '=', teamId).where('status', '=', 'pending'),
  );
}

export async function hasPendingInvitation(on: Db, teamId: string, email: string): Promise<boolean> {
  return (
    (
      await rows(
        on,
        db
          .selectFrom('team_invitations')
          .select(sql<number>`1`.as('one'))
          .where('team_id', '=', teamId)
          .where('email', '=', email)
          .where('status', '=', 'pending'),
      )
    ).length > 0
  );
}

export async function pendingInvitationCount(on: Db, teamId: string): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('team_invitations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('team_id', '=', teamId)
      .where('status', '=', 'pending'),
  );
  return row?.n ?? 0;
}

/** The live member with this verified address, and their team if any. */
export function verifiedMemberByEmail(on: Db, email: string) {
  return first(
    on,
    db
      .selectFrom('members as m')
      .leftJoin('team_members as tm', 'tm.member_id', 'm.id')
      .select(['m.id', 'tm.team_id'])
      .where('m.email', '=', email)
      .where('m.deleted_at', 'is', null)
      .where('m.email_verified_at', 'is not', null),
  );
}

/** A new invitation, expiring `days` from now; answers when it was made. */
export async function insertInvitation(
  on: Db,
  i: {
    id: string;
    teamId: string;
    email: string;
    role: InvitationRole;
    invitedBy: string;
    days: number;
  },
): Promise<Date> {
  const row = await first(
    on,
    db
      .insertInto('team_invitations')
      .values({
        id: i.id,
        team_id: i.teamId,
        email: i.email,
        role: i.role,
        invited_by: i.invitedBy,
        expires_at: sql<Date>`now() + make_interval(days => ${i.days})`,
      })
      .returning('created_at'),
  );
  return row!.created_at;
}

/** A live member's verified address. */
export async function verifiedEmailOf(on: Db, memberId: string): Promise<string | undefined> {
  return (
    await first(
      on,
      db.selectFrom('members').select('email').where('id', '=', memberId).where('deleted_at', 'is', null).where('email_verified_at', 'is not', null),
    )
  )?.email;
}

/** The invitations waiting at this address, newest first. */
export function invitationsWaitingAt(on: Db, email: string) {
  return rows(
    on,
    db
      .selectFrom('team_invitations as i')
      .innerJoin('teams as t', 't.id', 'i.team_id')
      .innerJoin('members as m', 'm.id', 'i.invited_by')
      .select(['i.id', 'i.team_id', 't.name as team_name', 'i.role', 'm.name as invited_by', 'i.created_at', 'i.expires_at'])
      .where('i.email', '=', email)
      .where('i.status', '=', 'pending')
      .where('i.expires_at', '>', now())
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id')
      .limit(100)
      .$narrowType<{ role: InvitationRole }>(),
  );
}

/** The invitation at this address, locked, with whether it is past its expiry. */
export function lockInvitation(on: Db, id: string, email: string) {
  return first(
    on,
    db
      .selectFrom('team_invitations')
      .select(['id', 'team_id', 'role', 'status', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('id', '=', id)
      .where('email', '=', email)
      .forUpdate()
      .$narrowType<{ role: TeamRole }>(),
  );
}

export function answerInvitation(on: Db, id: string, status: 'accepted' | 'declined'): Promise<number> {
  return affected(on, db.updateTable('team_invitations').set({ status, answered_at: now() }).where('id', '=', id));
}
