import { AppError, type InputOf, type OutputOf, startIdentityCheck } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, publicUrl, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { type IdentityStatus, updateMemberIfStatus } from '../members/members.queries.js';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { HttpIdentityProvider } from './identity-provider.js';
import { requireSignUpOpen } from './sign-up-guard.js';

const REFUSED: Partial<Record<IdentityStatus, string>> = {
  verified: 'Your identity is already verified.',
  review: 'Your identity check is being reviewed; you will hear when it is done.',
  duplicate: 'This ID already verified another account. Ask for help (POST /api/help, topic account).',
};

/**
 * Opens an identity check with the provider. The member's state moves to `started` only after the
 * provider answered, so a provider failure (503) changes nothing; starting again opens a new check.
 */
@Injectable()
export class StartIdentityCheckHandler implements OperationHandler<typeof startIdentityCheck> {
  readonly operation = startIdentityCheck;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly provider: HttpIdentityProvider,
  ) {}

  async handle(_input: InputOf<typeof startIdentityCheck>, ctx: HandlerContext): Promise<OutputOf<typeof startIdentityCheck>> {
    const caller = callerOf(ctx);
    const settings = await this.settings.current();
    if (!settings.identityVerification) throw AppError.conflict('Identity verification is not enabled; sign-up needs no identity check.');
    const { member } = await loadOwnAccount(this.ds, caller.memberId);
    requireSignUpOpen(member, settings);
    const refusal = REFUSED[member.identityStatus];
    if (refusal) throw AppError.conflict(refusal);
    if (member.signUpStep !== 'identity') throw AppError.conflict('Confirm your network profile first (POST /api/me/network/confirm).');
    const base = publicUrl();
    const session = await this.provider.start({ reference: member.id, name: member.name, email: member.email, returnUrl: `${base}/` });
    await this.uow.run((em) => updateMemberIfStatus(em, member.id, member.identityStatus, { identity_status: 'started' }));
    return { identity: 'started', verificationUrl: session.url };
  }
}
