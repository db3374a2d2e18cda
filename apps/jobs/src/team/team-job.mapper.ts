import { AppError, getTeamMembership, isUuid, type teamJobSchema } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';

import { findTeamJob as findTeamJobRow, type TeamJobRow } from './team.queries.js';

export type { TeamJobRow } from './team.queries.js';

/** An open job past its closing time reads as closed, whether or not the sweep has run yet. */
export function toTeamJob(row: TeamJobRow, now = Date.now()): z.input<typeof teamJobSchema> {
  const expired = row.status === 'open' && row.closes_at !== null && row.closes_at.getTime() <= now;
  const status = expired ? 'closed' : row.status;
  return {
    id: row.id,
    company: row.company,
    title: row.title,
    budget: row.budget,
    constraints: row.constraints,
    status,
    createdAt: row.created_at.toISOString(),
    closesAt: status === 'open' ? (row.closes_at?.toISOString() ?? null) : null,
  };
}

/**
 * A team job by id; null for an id that cannot name one. The check stays here, not only at the
 * gate: getTeamJob and moveTeamJob are internal calls whose job ids the path gate never sees.
 */
export async function findTeamJob(on: DataSource | EntityManager, id: string): Promise<TeamJobRow | null> {
  if (!isUuid(id)) return null;
  return (await findTeamJobRow(on, id)) ?? null;
}

/** The caller's team, from identity (which owns teams); 403 naming the team when there is none. */
export async function callerTeam(bus: BusClient, ctx: HandlerContext, memberId: string): Promise<{ teamId: string; teamName: string }> {
  const { membership } = await bus.call(getTeamMembership, { memberId }, ctx);
  if (!membership) {
    throw new AppError(403, 'You are not on a team. Create one with POST /api/team.', { fields: { team: 'Join or create a team first.' } });
  }
  return membership;
}
