import { AppError, claimMemberDeletion, deleteMyAccount, memberDeletedV1, type OutputOf } from '@marketplace/contracts';
import { BusClient, callerOf, type HandlerContext, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { memberById, updateMember } from '../members/members.queries.js';

/**
 * Marks the account deleted and records member.deleted in one transaction. From that commit on
 * no key or session of the member authenticates; every service's consumer of the event then
 * removes or anonymises what it holds, retried until it succeeds.
 */
@Injectable()
export class DeleteMyAccountHandler implements OperationHandler<typeof deleteMyAccount> {
  readonly operation = deleteMyAccount;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof deleteMyAccount>> {
    const { memberId } = callerOf(ctx);
    // A compare-and-set on the owner of hires, first: applications refuses (409, with the job ids)
    // while hired work is underway, and otherwise stops any new hire of the member until the claim
    // expires, so none can slip in between this check and the deletion below. If applications
    // cannot answer, nothing is deleted (503); if this transaction fails, the claim just expires.
    await this.bus.call(claimMemberDeletion, { memberId }, ctx);
    return this.uow.run(async (em) => {
      const member = await memberById(em, memberId, true);
      if (!member || member.deletedAt) throw AppError.unauthorized('This account no longer exists.');
      const deletedAt = new Date();
      await updateMember(em, memberId, { deleted_at: deletedAt });
      await recordEvent(em, memberDeletedV1, { memberId, deletedAt: deletedAt.toISOString() });
      return { deleted: true as const, id: memberId, deletedAt: deletedAt.toISOString() };
    });
  }
}
