import type { EntityManager } from 'typeorm';
import { isUuid, AppError, getTeamMembership, type teamApplicationSchema, type US_STATES } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { z } from 'zod';
import { TeamApplicationEntity } from './team-application.entity.js';

type TeamApplication = z.input<typeof teamApplicationSchema>;

/** Each side sees the other's contact, and only once hired. */
export function toTeamApplication(row: TeamApplicationEntity, viewer: 'team' | 'candidate'): TeamApplication {
  return {
    id: row.id, jobId: row.jobId, title: row.title, company: row.company, budget: row.budget,
    candidate: { id: row.candidateId, name: row.candidateName, state: row.candidateState as (typeof US_STATES)[number] },
    pitch: row.pitch, agent: row.agent, status: row.status as TeamApplication['status'],
    createdAt: row.createdAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null,
    contact: row.status === 'accepted' ? (viewer === 'team' ? row.candidateContact : row.teamContact) : null,
  };
}

/** The caller's team id, or null when they are on none (identity owns teams). */
export async function teamOfCaller(bus: BusClient, ctx: HandlerContext, memberId: string): Promise<string | null> {
  const { membership } = await bus.call(getTeamMembership, { memberId }, ctx);
  return membership?.teamId ?? null;
}

/** An application to one of the caller's team's jobs; anything else is 404, whoever holds it. */
export async function findTeamApplication(
  em: EntityManager, bus: BusClient, ctx: HandlerContext, memberId: string, id: string,
): Promise<TeamApplicationEntity> {
  const notFound = AppError.notFound("No application with this id on your team's jobs.");
  if (!isUuid(id)) throw notFound;
  const row = await em.findOneBy(TeamApplicationEntity, { id });
  if (!row || row.status === 'withdrawn') throw notFound;
  if ((await teamOfCaller(bus, ctx, memberId)) !== row.teamId) throw notFound;
  return row;
}
