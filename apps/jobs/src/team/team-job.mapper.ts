import type { EntityManager } from 'typeorm';
import { AppError, getTeamMembership, type teamJobSchema, isUuid } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { z } from 'zod';

export interface TeamJobRow {
  id: string; team_id: string; company: string; posted_by: string; title: string; budget: number; constraints: string;
  status: 'open' | 'filled' | 'closed'; created_at: Date; closes_at: Date | null;
}

export const TEAM_JOB_COLUMNS = 'id, team_id, company, posted_by, title, budget, constraints, status, created_at, closes_at';

/** An open job past its closing time reads as closed, whether or not the sweep has run yet. */
export function toTeamJob(row: TeamJobRow, now = Date.now()): z.input<typeof teamJobSchema> {
  const expired = row.status === 'open' && row.closes_at !== null && row.closes_at.getTime() <= now;
  const status = expired ? 'closed' : row.status;
  return {
    id: row.id, company: row.company, title: row.title, budget: row.budget, constraints: row.constraints, status,
    createdAt: row.created_at.toISOString(), closesAt: status === 'open' ? row.closes_at?.toISOString() ?? null : null,
  };
}

export async function findTeamJob(em: EntityManager, id: string): Promise<TeamJobRow | null> {
  if (!isUuid(id)) return null;
  const rows: TeamJobRow[] = await em.query(`SELECT ${TEAM_JOB_COLUMNS} FROM team_jobs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The caller's team, from identity (which owns teams); 403 naming the team when there is none. */
export async function callerTeam(bus: BusClient, ctx: HandlerContext, memberId: string): Promise<{ teamId: string; teamName: string }> {
  const { membership } = await bus.call(getTeamMembership, { memberId }, ctx);
  if (!membership) {
    throw new AppError(403, 'You are not on a team. Create one with POST /api/team.', { fields: { team: 'Join or create a team first.' } });
  }
  return membership;
}
