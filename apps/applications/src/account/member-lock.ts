import { AppError } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';

import { liveDeletionClaims, lockMemberWork } from './account.queries.js';

/** How long a deletion claim stops hires of the member: identity deletes well within it, or gives up. */
export const DELETION_CLAIM_SECONDS = 120;

/**
 * Serialises, per member, hiring (either side) against account deletion's claim; held until the
 * transaction ends. Several members are locked in one order, so two accepts never deadlock.
 */
export async function lockMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  for (const id of [...new Set(memberIds)].sort()) {
    await lockMemberWork(em, id);
  }
}

/** 409 while one of the members holds a live deletion claim (call under lockMembers). */
export async function refuseLeavingMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  const rows = await liveDeletionClaims(em, memberIds);
  if (rows.length) throw AppError.conflict('This member is leaving the marketplace; the application cannot be accepted.');
}
