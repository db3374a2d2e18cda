import { AppError } from '@marketplace/contracts';
import { advisoryXactLocks } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { hiringKey } from '../hiring/hiring.queries.js';
import { liveDeletionClaims, lockMemberWork, memberWorkKey } from './account.queries.js';

/** How long a deletion claim stops hires of the member: identity deletes well within it, or gives up. */
export const DELETION_CLAIM_SECONDS = 120;

/**
 * Per member, account deletion's claim against hiring (either side), held until the transaction
 * ends: the claim takes it alone (`lockMembers`), hires share it (`lockHiringSharingMembers`), so hires never
 * wait for each other, only for a claim. Several members are locked in one order, so a claim and
 * a hire never deadlock.
 */
export async function lockMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  for (const id of [...new Set(memberIds)].sort()) {
    await lockMemberWork(em, id);
  }
}

/**
 * A hire's locks in one round trip: the job's hiring lock alone (one accept per job at a time), then each
 * member's work lock shared, in the order `lockMembers` takes them alone, so a deletion claim and
 * a hire never deadlock. Hires share the members' locks: they wait only for a claim, never for
 * each other.
 */
export function lockHiringSharingMembers(em: EntityManager, jobId: string, memberIds: string[]): Promise<void> {
  return advisoryXactLocks(em, { exclusive: [hiringKey(jobId)], shared: [...new Set(memberIds)].sort().map(memberWorkKey) });
}

/** 409 while one of the members holds a live deletion claim (call under `lockHiringSharingMembers`). */
export async function refuseLeavingMembers(em: EntityManager, memberIds: string[]): Promise<void> {
  const rows = await liveDeletionClaims(em, memberIds);
  if (rows.length) throw AppError.conflict('This member is leaving the marketplace; the application cannot be accepted.');
}
