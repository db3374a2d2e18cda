import { type InputOf, operatorRecordIdentityCheck, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { updateMember } from '../members/members.queries.js';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { SignUpState } from './sign-up-state.js';

/** An identity check's outcome; a verified identity moves sign-up from the identity step to work. */
@Injectable()
export class OperatorRecordIdentityCheckHandler implements OperationHandler<typeof operatorRecordIdentityCheck> {
  readonly operation = operatorRecordIdentityCheck;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly signUp: SignUpState,
  ) {}

  async handle(input: InputOf<typeof operatorRecordIdentityCheck>): Promise<OutputOf<typeof operatorRecordIdentityCheck>> {
    const { member, profile } = await this.uow.run(async (em) => {
      const account = await loadOwnAccount(em, input.memberId, true);
      const { member } = account;
      member.identityStatus = input.status;
      member.verifiedName = input.status === 'verified' ? (input.verifiedName ?? member.name) : member.verifiedName;
      if (input.status === 'verified' && member.signUpStep === 'identity') member.signUpStep = 'work';
      await updateMember(em, member.id, {
        identity_status: member.identityStatus,
        verified_name: member.verifiedName,
        sign_up_step: member.signUpStep,
      });
      return account;
    });
    return this.signUp.me(member, profile);
  }
}
