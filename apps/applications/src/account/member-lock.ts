import { AppError } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';

import { liveDeletionClaims, lockMemberWork, shareMemberWork } from './account.queries.js';

/** How long a deletion claim stops hires of the member: identity deletes well within it, or gives up. */
export const DELETION_CLAIM_SECONDS = 120;

/**
 * Per member, account deletion's claim against hiring (either side), held until the transaction
 * ends: the claim takes it alone (`lockMembers`), hires share it (`shareMembers`), so hires never
 * wait for each other, only for a claim. Several members are locked in one order, so a claim and
 * a hire never deadlock.
 */
export async function lockMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  for (const id of [...new Set(memberIds)].sort()) {
    await lockMemberWork(em, id);
  }
}

/** A hire's shared hold on both members (see lockMembers). */
export async function shareMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  for (const id of [...new Set(memberIds)].sort()) {
    await shareMemberWork(em, id);
  }
}

/** 409 while one of the members holds a live deletion claim (call under shareMembers). */
export async function refuseLeavingMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  const rows = await liveDeletionClaims(em, memberIds);
  if (rows.length) throw AppError.conflict('This member is leaving the marketplace; the application cannot be accepted.');
}
