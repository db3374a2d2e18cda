import { Injectable } from '@nestjs/common';
import {
  AppError, deleteMyAccount, getMemberActiveWork, memberDeletedV1, type OutputOf,
} from '@marketplace/contracts';
import { callerOf, BusClient, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { MemberEntity } from '../members/member.entity.js';

/**
 * Marks the account deleted and records member.deleted in one transaction. From that commit on
 * no key or session of the member authenticates; every service's consumer of the event then
 * removes or anonymises what it holds, retried until it succeeds.
 */
@Injectable()
export class DeleteMyAccountHandler implements OperationHandler<typeof deleteMyAccount> {
  readonly operation = deleteMyAccount;

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof deleteMyAccount>> {
    const { memberId } = callerOf(ctx);
    // Asked first: if the applications service cannot answer, nothing is deleted (503).
    const work = await this.bus.call(getMemberActiveWork, { memberId }, ctx);
    if (work.active) {
      throw AppError.conflict('Hired work is underway. Finish or cancel it before deleting your account.', {
        jobIds: work.jobIds.join(', '),
      });
    }
    return this.uow.run(async (em) => {
      const member = await em.findOne(MemberEntity, { where: { id: memberId }, lock: { mode: 'pessimistic_write' } });
      if (!member || member.deletedAt) throw AppError.unauthorized('This account no longer exists.');
      const deletedAt = new Date();
      await em.update(MemberEntity, { id: memberId }, { deletedAt });
      await recordEvent(em, memberDeletedV1, { memberId, deletedAt: deletedAt.toISOString() });
      return { deleted: true as const, id: memberId, deletedAt: deletedAt.toISOString() };
    });
  }
}
