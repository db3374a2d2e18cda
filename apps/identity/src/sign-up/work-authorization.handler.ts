import { AppError, confirmWorkAuthorization, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { type Profile, saveProfile, updateMember } from '../members/members.queries.js';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { requireSignUpOpen } from './sign-up-guard.js';
import { SignUpState } from './sign-up-state.js';

/** The last step: work authorization is saved to the profile and sign-up is finished. */
@Injectable()
export class ConfirmWorkAuthorizationHandler implements OperationHandler<typeof confirmWorkAuthorization> {
  readonly operation = confirmWorkAuthorization;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly signUp: SignUpState,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof confirmWorkAuthorization>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().profileChanges, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const settings = await this.settings.current();
    const { member, profile } = await this.uow.run(async (em) => {
      const { member, profile } = await loadOwnAccount(em, caller.memberId, true);
      requireSignUpOpen(member, settings);
      if (member.signUpStep !== 'work') throw AppError.conflict('Finish the earlier sign-up steps first.');
      const saved: Profile = {
        memberId: member.id,
        about: null,
        skills: [],
        city: null,
        state: null,
        website: null,
        resume: null,
        applicantVisibility: 'anonymous',
        ...profile,
        usWorkAuthorized: true,
        updatedAt: new Date(),
      };
      await saveProfile(em, saved);
      member.signUpFinishedAt = new Date();
      await updateMember(em, member.id, { sign_up_finished_at: member.signUpFinishedAt });
      return { member, profile: saved };
    });
    return this.signUp.me(member, profile);
  }
}
