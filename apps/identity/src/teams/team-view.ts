import { AppError, listJobsOfTeam, type OutputOf, type teamViewSchema } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { membershipRow, teamById, teamMembers, type TeamRole } from './teams.queries.js';

export type { TeamRole } from './teams.queries.js';
export interface Membership {
  teamId: string;
  teamName: string;
  role: TeamRole;
}

/** The caller's team and role, or null; deleted members never count. */
export async function membershipOf(em: EntityManager, memberId: string): Promise<Membership | null> {
  const row = await membershipRow(em, memberId);
  return row ? { teamId: row.team_id, teamName: row.name, role: row.role } : null;
}

export async function requireMembership(em: EntityManager, memberId: string): Promise<Membership> {
  const membership = await membershipOf(em, memberId);
  if (!membership) throw AppError.notFound('You are not on a team. Create one with POST /api/team.');
  return membership;
}

/** Owner and admin manage the team; a plain member is refused with 403 naming the role. */
export function requireManager(membership: Membership): void {
  if (membership.role === 'member') {
    throw new AppError(403, 'Only a team owner or admin can do this.', { fields: { role: 'Must be owner or admin.' } });
  }
}

/** The team as GET /api/team answers it; its jobs come from the jobs service, which owns them. */
export async function teamView(em: EntityManager, bus: BusClient, ctx: HandlerContext, membership: Membership): Promise<z.input<typeof teamViewSchema>> {
  const team = await teamById(em, membership.teamId);
  if (!team) throw AppError.notFound('You are not on a team. Create one with POST /api/team.');
  const members = await teamMembers(em, team.id);
  const jobs: OutputOf<typeof listJobsOfTeam> = await bus.call(listJobsOfTeam, { teamId: team.id }, ctx);
  return {
    team: { id: team.id, name: team.name, createdAt: team.created_at.toISOString() },
    role: membership.role,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, joinedAt: m.joined_at.toISOString() })),
    jobs: jobs.jobs,
  };
}
