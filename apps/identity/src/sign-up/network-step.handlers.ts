import { AppError, type InputOf, networkConfirm, networkPreview, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { updateMember } from '../members/members.queries.js';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { NetworkProvider } from './network-provider.js';
import { lookedUpRecently, recordNetworkLookup } from './sign-up.queries.js';
import { requireSignUpOpen } from './sign-up-guard.js';
import { SignUpState } from './sign-up-state.js';

const CONFIRM_WINDOW_MS = 3600_000;

/** Step 1, part one: look the link up with the provider; only the lookup itself is remembered. */
@Injectable()
export class NetworkPreviewHandler implements OperationHandler<typeof networkPreview> {
  readonly operation = networkPreview;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly provider: NetworkProvider,
  ) {}

  async handle({ networkUrl }: InputOf<typeof networkPreview>, ctx: HandlerContext): Promise<OutputOf<typeof networkPreview>> {
    const caller = callerOf(ctx);
    const settings = await this.settings.current();
    await this.uow.run(async (em) => {
      const { member } = await loadOwnAccount(em, caller.memberId);
      requireSignUpOpen(member, settings);
      if (member.signUpStep !== 'network') throw AppError.conflict('The network step is already done.');
      await countAttempt(em, limitBuckets().networkLookups, caller.memberId);
    });
    const profile = await this.provider.profile(networkUrl);
    if (!profile) throw AppError.notFound('No public network profile at this link.');
    const lookedUpAt = new Date();
    await this.uow.run((em) => recordNetworkLookup(em, caller.memberId, networkUrl, lookedUpAt));
    return {
      networkUrl,
      name: profile.name,
      headline: profile.headline,
      location: profile.location,
      photoUrl: profile.photoUrl,
      confirmBy: new Date(lookedUpAt.getTime() + CONFIRM_WINDOW_MS).toISOString(),
    };
  }
}

/** Step 1, part two: the same link, looked up within the hour, becomes the member's network link. */
@Injectable()
export class NetworkConfirmHandler implements OperationHandler<typeof networkConfirm> {
  readonly operation = networkConfirm;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly signUp: SignUpState,
  ) {}

  async handle({ networkUrl }: InputOf<typeof networkConfirm>, ctx: HandlerContext): Promise<OutputOf<typeof networkConfirm>> {
    const caller = callerOf(ctx);
    const settings = await this.settings.current();
    const { member, profile } = await this.uow.run(async (em) => {
      const account = await loadOwnAccount(em, caller.memberId, true);
      const { member } = account;
      requireSignUpOpen(member, settings);
      if (member.identityStatus === 'verified') throw AppError.conflict('Your identity is already verified.');
      if (member.signUpStep !== 'network') throw AppError.conflict('The network step is already done.');
      if (!(await lookedUpRecently(em, caller.memberId, networkUrl))) {
        throw AppError.conflict('Look this link up first (POST /api/me/network/preview); a lookup is good for an hour.');
      }
      member.networkUrl = networkUrl;
      member.signUpStep = 'identity';
      await updateMember(em, member.id, { network_url: networkUrl, sign_up_step: 'identity' });
      return account;
    });
    return this.signUp.me(member, profile);
  }
}
