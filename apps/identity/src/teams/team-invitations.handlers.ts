import { randomUUID } from 'node:crypto';

import {
  acceptTeamInvitation,
  addTeamMember,
  AppError,
  declineTeamInvitation,
  type InputOf,
  leaveTeam,
  listJobsOfTeam,
  listMyTeamInvitations,
  type OutputOf,
  TEAM_INVITATION_DAYS,
  TEAM_PENDING_INVITATIONS_MAX,
  teamMemberInvitedV1,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { requireManager, requireMembership, teamView } from './team-view.js';
import {
  answerInvitation,
  expireInvitations,
  hasPendingInvitation,
  insertInvitation,
  invitationsWaitingAt,
  joinTeam,
  leaveTeam as leave,
  lockInvitation,
  lockTeam,
  otherMembers,
  pendingInvitationCount,
  roleOn,
  verifiedEmailOf,
  verifiedMemberByEmail,
  withdrawInvitations,
} from './teams.queries.js';

/** The answer to every invitation sent, whoever the address belongs to. */
export const INVITATION_SENT = 'If this address belongs to a member, they are asked to join; they join only once they accept.';

/**
 * Invites by email (owner or admin). The invitation is stored whether or not the address has an
 * account, and the answer is the same either way, so it reveals nothing about who is a member; an
 * invitation already waiting for that address is left as it is, and a member already on the team
 * is not invited again. A member with the verified address is alerted (team.member_invited).
 */
@Injectable()
export class AddTeamMemberHandler implements OperationHandler<typeof addTeamMember> {
  readonly operation = addTeamMember;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
  ) {}

  async handle({ email, role }: InputOf<typeof addTeamMember>, ctx: HandlerContext): Promise<OutputOf<typeof addTeamMember>> {
    const caller = callerOf(ctx);
    const membership = await requireMembership(this.ds.manager, caller.memberId);
    requireManager(membership);
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamInvitations, caller.memberId);
      await lockTeam(em, membership.teamId);
      await expireInvitations(em, membership.teamId);
      if (await hasPendingInvitation(em, membership.teamId, email)) return;
      if ((await pendingInvitationCount(em, membership.teamId)) >= TEAM_PENDING_INVITATIONS_MAX) {
        throw AppError.conflict(
          `A team has at most ${TEAM_PENDING_INVITATIONS_MAX} invitations waiting for an answer; wait for answers or for them to expire (${TEAM_INVITATION_DAYS} days).`,
        );
      }
      const member = await verifiedMemberByEmail(em, email);
      if (member?.team_id === membership.teamId) return;
      const id = randomUUID();
      const createdAt = await insertInvitation(em, {
        id,
        teamId: membership.teamId,
        email,
        role,
        invitedBy: caller.memberId,
        days: TEAM_INVITATION_DAYS,
      });
      if (member) {
        await recordEvent(em, teamMemberInvitedV1, {
          invitationId: id,
          teamId: membership.teamId,
          teamName: membership.teamName,
          memberId: member.id,
          role,
          invitedAt: createdAt.toISOString(),
        });
      }
    });
    return { invited: true, message: INVITATION_SENT };
  }
}

/** The caller's verified address: invitations are addressed to it. */
async function emailOf(db: EntityManager, memberId: string): Promise<string> {
  const email = await verifiedEmailOf(db, memberId);
  if (email === undefined) throw AppError.forbidden('Verify your email address first.');
  return email.toLowerCase();
}

@Injectable()
export class ListMyTeamInvitationsHandler implements OperationHandler<typeof listMyTeamInvitations> {
  readonly operation = listMyTeamInvitations;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listMyTeamInvitations>, ctx: HandlerContext): Promise<OutputOf<typeof listMyTeamInvitations>> {
    const email = await emailOf(this.ds.manager, callerOf(ctx).memberId);
    const rows = await invitationsWaitingAt(this.ds, email);
    return {
      invitations: rows.map((r) => ({
        id: r.id,
        team: { id: r.team_id, name: r.team_name },
        role: r.role,
        invitedBy: r.invited_by,
        createdAt: r.created_at.toISOString(),
        expiresAt: r.expires_at.toISOString(),
      })),
    };
  }
}

type InvitationRow = NonNullable<Awaited<ReturnType<typeof lockInvitation>>>;

/** The caller's invitation, locked: another's, an unknown id or an expired one are the same 404; an answered one 409. */
async function waitingInvitation(em: EntityManager, id: string, memberId: string): Promise<InvitationRow> {
  const notFound = AppError.notFound('No team invitation with this id waits for you.');
  const email = await emailOf(em, memberId);
  const row = await lockInvitation(em, id, email);
  if (!row || (row.status === 'pending' && row.expired) || row.status === 'expired' || row.status === 'withdrawn') throw notFound;
  if (row.status !== 'pending') throw AppError.conflict(`You already ${row.status} this invitation.`);
  return row;
}

@Injectable()
export class AcceptTeamInvitationHandler implements OperationHandler<typeof acceptTeamInvitation> {
  readonly operation = acceptTeamInvitation;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof acceptTeamInvitation>, ctx: HandlerContext): Promise<OutputOf<typeof acceptTeamInvitation>> {
    const memberId = callerOf(ctx).memberId;
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, memberId);
      const invitation = await waitingInvitation(em, id, memberId);
      await lockTeam(em, invitation.team_id);
      // The member's primary key settles a race with creating a team or accepting another invitation.
      if (!(await joinTeam(em, memberId, invitation.team_id, invitation.role))) {
        throw AppError.conflict('You are already on a team; leave it first (POST /api/team/leave).');
      }
      await answerInvitation(em, invitation.id, 'accepted');
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
      await answerInvitation(em, invitation.id, 'declined');
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

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(_input: InputOf<typeof leaveTeam>, ctx: HandlerContext): Promise<OutputOf<typeof leaveTeam>> {
    const memberId = callerOf(ctx).memberId;
    const membership = await requireMembership(this.ds.manager, memberId);
    const openJobs =
      membership.role === 'owner'
        ? (await this.bus.call(listJobsOfTeam, { teamId: membership.teamId }, ctx)).jobs.filter((j) => j.status === 'open').length
        : 0;
    return this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, memberId);
      await lockTeam(em, membership.teamId);
      const role = await roleOn(em, memberId, membership.teamId);
      if (!role) throw AppError.notFound('You are not on a team. Create one with POST /api/team.');
      const others = await otherMembers(em, membership.teamId, memberId);
      if (role === 'owner' && others > 0) {
        throw AppError.conflict('The owner cannot leave while others are on the team; they leave first.', { role: 'The owner leaves last.' });
      }
      if (others === 0 && openJobs > 0) {
        throw AppError.conflict(`The team has ${openJobs} open job${openJobs === 1 ? '' : 's'}; close them before the last member leaves.`);
      }
      await leave(em, memberId);
      if (others === 0) await withdrawInvitations(em, membership.teamId);
      return { left: true as const, teamId: membership.teamId, dissolved: others === 0 };
    });
  }
}
