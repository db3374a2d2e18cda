import { AppError, getTeamMembership, type teamApplicationSchema, type US_STATES } from '@marketplace/contracts';
import type { Db } from '@marketplace/service-kit';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { z } from 'zod';

import { teamApplication, type TeamApplicationRow } from './team.queries.js';

type TeamApplication = z.input<typeof teamApplicationSchema>;

/** Each side sees the other's contact, and only once hired. */
export function toTeamApplication(row: TeamApplicationRow, viewer: 'team' | 'candidate'): TeamApplication {
  return {
    id: row.id,
    jobId: row.job_id,
    title: row.title,
    company: row.company,
    budget: row.budget,
    candidate: { id: row.candidate_id, name: row.candidate_name, state: row.candidate_state as (typeof US_STATES)[number] },
    pitch: row.pitch,
    agent: row.agent,
    status: row.status as TeamApplication['status'],
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    contact: row.status === 'accepted' ? (viewer === 'team' ? row.candidate_contact : row.team_contact) : null,
  };
}

/** The caller's team id, or null when they are on none (identity owns teams). */
export async function teamOfCaller(bus: BusClient, ctx: HandlerContext, memberId: string): Promise<string | null> {
  const { membership } = await bus.call(getTeamMembership, { memberId }, ctx);
  return membership?.teamId ?? null;
}

/** An application to one of the caller's team's jobs; anything else is 404, whoever holds it. */
export async function findTeamApplication(on: Db, bus: BusClient, ctx: HandlerContext, memberId: string, id: string): Promise<TeamApplicationRow> {
  const notFound = AppError.notFound("No application with this id on your team's jobs.");
  const row = await teamApplication(on, id);
  if (!row || row.status === 'withdrawn') throw notFound;
  if ((await teamOfCaller(bus, ctx, memberId)) !== row.team_id) throw notFound;
  return row;
}
