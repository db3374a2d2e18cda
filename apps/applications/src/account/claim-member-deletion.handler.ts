import { AppError, claimMemberDeletion, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { activeWorkJobIds } from '../member-record/member-record.queries.js';
import { claimDeletion } from './account.queries.js';
import { DELETION_CLAIM_SECONDS, lockMembers } from './member-lock.js';

/**
 * Account deletion's compare-and-set on the owner of hires (DESIGN "Data"): under the member's
 * lock, which accepting an application also takes for both sides, either refuses because hired
 * work is underway or records a claim that keeps new hires away until identity has deleted the
 * account. If identity fails after claiming, the claim expires and nothing else is needed.
 */
@Injectable()
export class ClaimMemberDeletionHandler implements OperationHandler<typeof claimMemberDeletion> {
  readonly operation = claimMemberDeletion;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ memberId }: InputOf<typeof claimMemberDeletion>): Promise<OutputOf<typeof claimMemberDeletion>> {
    if (!isUuid(memberId)) throw AppError.badRequest('memberId must be a member id.');
    return this.uow.run(async (em) => {
      await lockMembers(em, [memberId]);
      const work = await activeWorkJobIds(em, memberId);
      if (work.length) {
        throw AppError.conflict('Hired work is underway. Finish or cancel it before deleting your account.', {
          jobIds: work.map((r) => r.job_id).join(', '),
        });
      }
      const claim = await claimDeletion(em, memberId, DELETION_CLAIM_SECONDS);
      return { claimed: true as const, expiresAt: new Date(claim!.expires_at).toISOString() };
    });
  }
}
