import { jobPreferredWorkersNamedV1, resolveMemberReferences } from '@marketplace/contracts';
import { type BusClient, type HandlerContext, recordEvent } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { insertPreferredWorkers } from './jobs.queries.js';

export const MAX_PREFERRED_WORKERS = 10;

/**
 * Resolves what the poster typed (ids, exact names, emails) before any transaction opens; identity
 * unavailable means 503 and nothing published. Unknown entries are kept as typed but notify nobody,
 * and nothing in any answer depends on whether they resolved (an email's account stays private).
 */
export async function resolvePreferredWorkers(bus: BusClient, references: string[], posterId: string, ctx: HandlerContext): Promise<string[]> {
  if (!references.length) return [];
  const { members } = await bus.call(resolveMemberReferences, { references }, { requestId: ctx.requestId, caller: null });
  return [...new Set(members.map((m) => m.memberId).filter((id): id is string => id !== null && id !== posterId))];
}

/** Stores newly named workers and tells them, inside the caller's transaction. */
export async function nameWorkers(em: EntityManager, job: { id: string; posterId: string; title: string }, memberIds: string[]): Promise<void> {
  if (!memberIds.length) return;
  const inserted = await insertPreferredWorkers(em, job.id, memberIds);
  if (!inserted.length) return;
  await recordEvent(em, jobPreferredWorkersNamedV1, {
    jobId: job.id,
    posterId: job.posterId,
    title: job.title,
    workerIds: inserted.map((r) => r.member_id),
  });
}

export function mergeReferences(existing: string[], added: string[]): string[] {
  const seen = new Set(existing.map((r) => r.toLowerCase()));
  const merged = [...existing];
  for (const r of added) {
    if (seen.has(r.toLowerCase())) continue;
    seen.add(r.toLowerCase());
    merged.push(r);
  }
  return merged;
}
