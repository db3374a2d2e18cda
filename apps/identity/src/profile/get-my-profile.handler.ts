import { getMyProfile, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { SignUpState } from '../sign-up/sign-up-state.js';
import { loadOwnAccount, toMe } from './me.mapper.js';

@Injectable()
export class GetMyProfileHandler implements OperationHandler<typeof getMyProfile> {
  readonly operation = getMyProfile;

  constructor(
    private readonly ds: DataSource,
    private readonly signUp: SignUpState,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getMyProfile>> {
    const caller = callerOf(ctx);
    const { member, profile } = await loadOwnAccount(this.ds, caller.memberId);
    const enabled = await this.signUp.verificationEnabled();
    return toMe(member, profile, await this.signUp.of(member), enabled);
  }
}
