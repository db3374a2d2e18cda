import { acceptInvitation, AppError, type InputOf, invitationAcceptedV1, type OutputOf } from '@marketplace/contracts';
import {
  callerOf,
  countAttempt,
  type HandlerContext,
  limitBuckets,
  type OperationHandler,
  recordEvent,
  secretDigest,
  UnitOfWork,
} from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { updateMember } from '../members/members.queries.js';
import { loadOwnAccount, toMe } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { SignUpState } from '../sign-up/sign-up-state.js';
import { holdsPlace, lockLinkByTokenHash, recordJoin, settleInvitationsOf } from './admission.queries.js';
import { allowanceOf } from './allowance.js';
import { isAdmitted } from './standing.js';

/**
 * Lets the caller in with someone's link. The inviter's link row is locked, so concurrent joins
 * and email invitations cannot overrun the allowance; an address the inviter already emailed
 * turns its reserved place into the join (counted once).
 */
@Injectable()
export class AcceptInvitationHandler implements OperationHandler<typeof acceptInvitation> {
  readonly operation = acceptInvitation;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly signUp: SignUpState,
  ) {}

  async handle({ token }: InputOf<typeof acceptInvitation>, ctx: HandlerContext): Promise<OutputOf<typeof acceptInvitation>> {
    const { memberId } = callerOf(ctx);
    const settings = await this.settings.current();
    // Tries are counted in their own transaction so refused ones still count.
    await this.uow.run((em) => countAttempt(em, limitBuckets().inviteTries, memberId));
    const { member, profile } = await this.uow.run(async (em) => {
      const account = await loadOwnAccount(em, memberId, true);
      const { member } = account;
      if (isAdmitted(member, settings)) return account;
      // Found by the token's sha256: the table never holds the token itself.
      const link = await lockLinkByTokenHash(em, secretDigest(token));
      if (!link) throw AppError.badRequest('This invitation link is not valid.', { token: 'Not a valid invitation.' });
      if (link.revoked_at) throw AppError.badRequest('This invitation link was turned off.', { token: 'The link was turned off.' });
      if (link.member_id === memberId) throw AppError.badRequest('You cannot use your own invitation link.', { token: 'Your own link.' });
      if (!(await holdsPlace(em, link.member_id, member.email))) {
        const allowance = await allowanceOf(em, link.member_id, settings.invitationsPerMember);
        if (allowance.remaining === 0) throw AppError.conflict('This invitation has no places left.');
      }
      if (await recordJoin(em, memberId, link.member_id, link.id)) {
        await recordEvent(em, invitationAcceptedV1, { inviterId: link.member_id, memberId, joinedAt: new Date().toISOString() });
      }
      // Every invitation to this address is settled: the join counts once, for this inviter.
      await settleInvitationsOf(em, member.email, memberId);
      member.admittedAt = new Date();
      if (!settings.identityVerification) member.signUpFinishedAt ??= member.admittedAt;
      await updateMember(em, memberId, { admitted_at: member.admittedAt, sign_up_finished_at: member.signUpFinishedAt });
      return account;
    });
    return toMe(member, profile, await this.signUp.of(member), settings.identityVerification);
  }
}
