import type { EntityManager } from 'typeorm';
import {
  AppError, listJobsOfTeam, type OutputOf, type teamViewSchema, TEAM_ROLES,
} from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { z } from 'zod';

export type TeamRole = (typeof TEAM_ROLES)[number];
export interface Membership { teamId: string; teamName: string; role: TeamRole }

/** The caller's team and role, or null; deleted members never count. */
export async function membershipOf(em: EntityManager, memberId: string): Promise<Membership | null> {
  const rows: { team_id: string; name: string; role: TeamRole }[] = await em.query(
    `SELECT t.id AS team_id, t.name, tm.role FROM team_members tm JOIN teams t ON t.id = tm.team_id
     JOIN members m ON m.id = tm.member_id WHERE tm.member_id = $1 AND m.deleted_at IS NULL`,
    [memberId],
  );
  const row = rows[0];
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
export async function teamView(
  em: EntityManager, bus: BusClient, ctx: HandlerContext, membership: Membership,
): Promise<z.input<typeof teamViewSchema>> {
  const [team] = (await em.query('SELECT id, name, created_at FROM teams WHERE id = $1', [membership.teamId])) as
    { id: string; name: string; created_at: Date }[];
  if (!team) throw AppError.notFound('You are not on a team. Create one with POST /api/team.');
  const members: { id: string; name: string; email: string; role: TeamRole; joined_at: Date }[] = await em.query(
    `SELECT m.id, m.name, m.email, tm.role, tm.joined_at FROM team_members tm JOIN members m ON m.id = tm.member_id
     WHERE tm.team_id = $1 AND m.deleted_at IS NULL ORDER BY tm.joined_at, m.id`,
    [team.id],
  );
  const jobs: OutputOf<typeof listJobsOfTeam> = await bus.call(listJobsOfTeam, { teamId: team.id }, ctx);
  return {
    team: { id: team.id, name: team.name, createdAt: team.created_at.toISOString() },
    role: membership.role,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, joinedAt: m.joined_at.toISOString() })),
    jobs: jobs.jobs,
  };
}
