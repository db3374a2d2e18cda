import type { Me } from '@marketplace/contracts';
import { Injectable } from '@nestjs/common';

import { signUpPending } from '../admission/standing.js';
import type { Member, Profile } from '../members/members.queries.js';
import { toMe } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';

/**
 * Sign-up state for Me. With identity verification disabled (the default) an admitted member has
 * nothing left to do, so `signUp` is null; with it enabled it names the next step until done.
 */
@Injectable()
export class SignUpState {
  constructor(private readonly settings: SettingsService) {}

  async verificationEnabled(): Promise<boolean> {
    return (await this.settings.current()).identityVerification;
  }

  async me(member: Member, profile: Profile | null): Promise<Me> {
    const settings = await this.settings.current();
    return toMe(member, profile, await this.of(member), settings.identityVerification);
  }

  async of(member: Member): Promise<Me['signUp']> {
    const settings = await this.settings.current();
    if (!signUpPending(member, settings)) return null;
    return { step: member.signUpStep, identity: member.identityStatus, verifiedName: member.verifiedName };
  }
}
