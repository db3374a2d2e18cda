import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  acceptTeamInvitation, addTeamMember, AppError, declineTeamInvitation, isUuid, leaveTeam, listJobsOfTeam, listMyTeamInvitations,
  TEAM_INVITATION_DAYS, TEAM_PENDING_INVITATIONS_MAX, teamMemberInvitedV1, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, callerOf, countAttempt, limitBuckets, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { requireManager, requireMembership, teamView, type TeamRole } from './team-view.js';

/** The answer to every invitation sent, whoever the address belongs to. */
export const INVITATION_SENT = 'If this address belongs to a member, they are asked to join; they join only once they accept.';

/** Serialises invitation writes of one team (the pending count) and membership changes of one team. */
async function lockTeam(em: EntityManager, teamId: string): Promise<void> {
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', ['team', teamId]);
}

/**
 * Invites by email (owner or admin). The invitation is stored whether or not the address has an
 * account, and the answer is the same either way, so it reveals nothing about who is a member; an
 * invitation already waiting for that address is left as it is, and a member already on the team
 * is not invited again. A member with the verified address is alerted (team.member_invited).
 */
@Injectable()
export class AddTeamMemberHandler implements OperationHandler<typeof addTeamMember> {
  readonly operation = addTeamMember;

  constructor(private readonly uow: UnitOfWork, private readonly ds: DataSource) {}

  async handle({ email, role }: InputOf<typeof addTeamMember>, ctx: HandlerContext): Promise<OutputOf<typeof addTeamMember>> {
    const caller = callerOf(ctx);
    const membership = await requireMembership(this.ds.manager, caller.memberId);
    requireManager(membership);
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamInvitations, caller.memberId);
      await lockTeam(em, membership.teamId);
      await em.query(
        `UPDATE team_invitations SET status = 'expired', answered_at = now()
         WHERE team_id = $1 AND status = 'pending' AND expires_at <= now()`, [membership.teamId]);
      const waiting = (await em.query(
        `SELECT 1 FROM team_invitations WHERE team_id = $1 AND email = $2 AND status = 'pending'`, [membership.teamId, email])) as unknown[];
      if (waiting.length) return;
      const [{ n }] = (await em.query(
        `SELECT count(*)::int AS n FROM team_invitations WHERE team_id = $1 AND status = 'pending'`, [membership.teamId])) as [{ n: number }];
      if (n >= TEAM_PENDING_INVITATIONS_MAX) {
        throw AppError.conflict(`A team has at most ${TEAM_PENDING_INVITATIONS_MAX} invitations waiting for an answer; wait for answers or for them to expire (${TEAM_INVITATION_DAYS} days).`);
      }
      const [member] = (await em.query(
        `SELECT m.id, tm.team_id FROM members m LEFT JOIN team_members tm ON tm.member_id = m.id
         WHERE m.email = $1 AND m.deleted_at IS NULL AND m.email_verified_at IS NOT NULL`, [email])) as { id: string; team_id: string | null }[];
      if (member?.team_id === membership.teamId) return;
      const id = randomUUID();
      const [row] = (await em.query(
        `INSERT INTO team_invitations (id, team_id, email, role, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) RETURNING created_at`,
        [id, membership.teamId, email, role, caller.memberId, TEAM_INVITATION_DAYS])) as { created_at: Date }[];
      if (member) {
        await recordEvent(em, teamMemberInvitedV1, {
          invitationId: id, teamId: membership.teamId, teamName: membership.teamName, memberId: member.id, role,
          invitedAt: row!.created_at.toISOString(),
        });
      }
    });
    return { invited: true, message: INVITATION_SENT };
  }
}

/** The caller's verified address: invitations are addressed to it. */
async function emailOf(db: EntityManager, memberId: string): Promise<string> {
  const [row] = (await db.query(
    'SELECT email FROM members WHERE id = $1 AND deleted_at IS NULL AND email_verified_at IS NOT NULL', [memberId])) as { email: string }[];
  if (!row) throw AppError.forbidden('Verify your email address first.');
  return row.email.toLowerCase();
}

@Injectable()
export class ListMyTeamInvitationsHandler implements OperationHandler<typeof listMyTeamInvitations> {
  readonly operation = listMyTeamInvitations;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listMyTeamInvitations>, ctx: HandlerContext): Promise<OutputOf<typeof listMyTeamInvitations>> {
    const email = await emailOf(this.ds.manager, callerOf(ctx).memberId);
    const rows = (await this.ds.query(
      `SELECT i.id, i.team_id, t.name AS team_name, i.role, m.name AS invited_by, i.created_at, i.expires_at
       FROM team_invitations i JOIN teams t ON t.id = i.team_id JOIN members m ON m.id = i.invited_by
       WHERE i.email = $1 AND i.status = 'pending' AND i.expires_at > now()
       ORDER BY i.created_at DESC, i.id LIMIT 100`, [email])) as {
      id: string; team_id: string; team_name: string; role: 'admin' | 'member'; invited_by: string; created_at: Date; expires_at: Date;
    }[];
    return {
      invitations: rows.map((r) => ({
        id: r.id, team: { id: r.team_id, name: r.team_name }, role: r.role, invitedBy: r.invited_by,
        createdAt: r.created_at.toISOString(), expiresAt: r.expires_at.toISOString(),
      })),
    };
  }
}

interface InvitationRow { id: string; team_id: string; role: TeamRole; status: string; expired: boolean }

/** The caller's invitation, locked: another's, an unknown id or an expired one are the same 404; an answered one 409. */
async function waitingInvitation(em: EntityManager, id: string, memberId: string): Promise<InvitationRow> {
  const notFound = AppError.notFound('No team invitation with this id waits for you.');
  if (!isUuid(id)) throw notFound;
  const email = await emailOf(em, memberId);
  const [row] = (await em.query(
    `SELECT id, team_id, role, status, expires_at <= now() AS expired FROM team_invitations WHERE id = $1 AND email = $2 FOR UPDATE`,
    [id, email])) as InvitationRow[];
  if (!row || (row.status === 'pending' && row.expired) || row.status === 'expired' || row.status === 'withdrawn') throw notFound;
  if (row.status !== 'pending') throw AppError.conflict(`You already ${row.status} this invitation.`);
  return row;
}

@Injectable()
export class AcceptTeamInvitationHandler implements OperationHandler<typeof acceptTeamInvitation> {
  readonly operation = acceptTeamInvitation;

  constructor(private readonly uow: UnitOfWork, private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle({ id }: InputOf<typeof acceptTeamInvitation>, ctx: HandlerContext): Promise<OutputOf<typeof acceptTeamInvitation>> {
    const memberId = callerOf(ctx).memberId;
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, memberId);
      const invitation = await waitingInvitation(em, id, memberId);
      await lockTeam(em, invitation.team_id);
      // The member's primary key settles a race with creating a team or accepting another invitation.
      const rows = (await em.query(
        `INSERT INTO team_members (member_id, team_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (member_id) DO NOTHING RETURNING member_id`, [memberId, invitation.team_id, invitation.role])) as unknown[];
      if (!rows.length) throw AppError.conflict('You are already on a team; leave it first (POST /api/team/leave).');
      await em.query(`UPDATE team_invitations SET status = 'accepted', answered_at = now() WHERE id = $1`, [invitation.id]);
    });
    return teamView(this.ds.manager, this.bus, ctx, await requireMembership(this.ds.manager, memberId));
  }
}

@Injectable()
export class DeclineTeamInvitationHandler implements OperationHandler<typeof declineTeamInvitation> {
  readonly operation = declineTeamInvitation;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id }: InputOf<typeof declineTeamInvitation>, ctx: HandlerContext): Promise<OutputOf<typeof declineTeamInvitation>> {
    const memberId = callerOf(ctx).memberId;
    return this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, memberId);
      const invitation = await waitingInvitation(em, id, memberId);
      await em.query(`UPDATE team_invitations SET status = 'declined', answered_at = now() WHERE id = $1`, [invitation.id]);
      return { declined: true as const, id: invitation.id };
    });
  }
}

/**
 * Leaving: a member or admin leaves at once. The owner cannot leave while anyone else is on the
 * team (nobody would be left to run it); as its last member the owner leaves once no team job is
 * open, and the team is dissolved: its waiting invitations are withdrawn, its closed and filled
 * jobs stay as records.
 */
@Injectable()
export class LeaveTeamHandler implements OperationHandler<typeof leaveTeam> {
  readonly operation = leaveTeam;

  constructor(private readonly uow: UnitOfWork, private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle(_input: InputOf<typeof leaveTeam>, ctx: HandlerContext): Promise<OutputOf<typeof leaveTeam>> {
    const memberId = callerOf(ctx).memberId;
    const membership = await requireMembership(this.ds.manager, memberId);
    const openJobs = membership.role === 'owner'
      ? (await this.bus.call(listJobsOfTeam, { teamId: membership.teamId }, ctx)).jobs.filter((j) => j.status === 'open').length
      : 0;
    return this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, memberId);
      await lockTeam(em, membership.teamId);
      const [me] = (await em.query('SELECT role FROM team_members WHERE member_id = $1 AND team_id = $2', [memberId, membership.teamId])) as
        { role: TeamRole }[];
      if (!me) throw AppError.notFound('You are not on a team. Create one with POST /api/team.');
      const [{ others }] = (await em.query(
        `SELECT count(*)::int AS others FROM team_members tm JOIN members m ON m.id = tm.member_id
         WHERE tm.team_id = $1 AND tm.member_id <> $2 AND m.deleted_at IS NULL`, [membership.teamId, memberId])) as [{ others: number }];
      if (me.role === 'owner' && others > 0) {
        throw AppError.conflict('The owner cannot leave while others are on the team; they leave first.', { role: 'The owner leaves last.' });
      }
      if (others === 0 && openJobs > 0) {
        throw AppError.conflict(`The team has ${openJobs} open job${openJobs === 1 ? '' : 's'}; close them before the last member leaves.`);
      }
      await em.query('DELETE FROM team_members WHERE member_id = $1', [memberId]);
      if (others === 0) {
        await em.query(
          `UPDATE team_invitations SET status = 'withdrawn', answered_at = now() WHERE team_id = $1 AND status = 'pending'`, [membership.teamId]);
      }
      return { left: true as const, teamId: membership.teamId, dissolved: others === 0 };
    });
  }
}
