import { Injectable } from '@nestjs/common';
import { AppError, type Caller, type Me } from '@marketplace/contracts';
import type { MemberEntity } from '../members/member.entity.js';

/**
 * Sign-up state. With identity verification disabled (the default) an admitted member has
 * nothing left to do, so `signUp` is null.
 */
@Injectable()
export class SignUpState {
  async verificationEnabled(): Promise<boolean> {
    return process.env.IDENTITY_VERIFICATION === 'true';
  }

  /** While sign-up is unfinished (verification on), member routes other than sign-up answer 403. */
  async requireFinished(caller: Caller): Promise<void> {
    if (caller.signUpPending) throw AppError.forbidden('Finish signing up first.');
  }

  async of(_member: MemberEntity, enabled: boolean): Promise<Me['signUp']> {
    if (!enabled) return null;
    return null;
  }
}
