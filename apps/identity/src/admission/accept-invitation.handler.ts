import { Injectable } from '@nestjs/common';
import { acceptInvitation, AppError, invitationAcceptedV1, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, countAttempt, limitBuckets, secretDigest } from '@marketplace/service-kit';
import { MemberEntity } from '../members/member.entity.js';
import { loadOwnAccount, toMe } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { SignUpState } from '../sign-up/sign-up-state.js';
import { allowanceOf, RESERVING } from './allowance.js';
import type { LinkRow } from './invite-links.js';
import { isAdmitted } from './standing.js';

/**
 * Lets the caller in with someone's link. The inviter's link row is locked, so concurrent joins
 * and email invitations cannot overrun the allowance; an address the inviter already emailed
 * turns its reserved place into the join (counted once).
 */
@Injectable()
export class AcceptInvitationHandler implements OperationHandler<typeof acceptInvitation> {
  readonly operation = acceptInvitation;

  constructor(private readonly uow: UnitOfWork, private readonly settings: SettingsService, private readonly signUp: SignUpState) {}

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
      const [link] = (await em.query(
        `SELECT l.id, l.member_id, l.revoked_at FROM invite_links l JOIN members m ON m.id = l.member_id
         WHERE l.token_hash = $1 AND m.deleted_at IS NULL FOR UPDATE OF l`,
        [secretDigest(token)],
      )) as Pick<LinkRow, 'id' | 'member_id' | 'revoked_at'>[];
      if (!link) throw AppError.badRequest('This invitation link is not valid.', { token: 'Not a valid invitation.' });
      if (link.revoked_at) throw AppError.badRequest('This invitation link was turned off.', { token: 'The link was turned off.' });
      if (link.member_id === memberId) throw AppError.badRequest('You cannot use your own invitation link.', { token: 'Your own link.' });
      const reserved: unknown[] = await em.query(
        `SELECT 1 FROM email_invitations WHERE inviter_id = $1 AND email = $2 AND ${RESERVING}`, [link.member_id, member.email]);
      if (!reserved.length) {
        const allowance = await allowanceOf(em, link.member_id, settings.invitationsPerMember);
        if (allowance.remaining === 0) throw AppError.conflict('This invitation has no places left.');
      }
      const joined = (await em.query(
        'INSERT INTO invite_joins (member_id, inviter_id, link_id) VALUES ($1, $2, $3) ON CONFLICT (member_id) DO NOTHING RETURNING member_id',
        [memberId, link.member_id, link.id])) as unknown[];
      if (joined.length) {
        await recordEvent(em, invitationAcceptedV1, { inviterId: link.member_id, memberId, joinedAt: new Date().toISOString() });
      }
      // Every invitation to this address is settled: the join counts once, for this inviter.
      await em.query(`UPDATE email_invitations SET state = 'joined' WHERE email = $1`, [member.email]);
      await em.query('UPDATE waitlist SET joined_member_id = $2 WHERE email = $1', [member.email, memberId]);
      member.admittedAt = new Date();
      if (!settings.identityVerification) member.signUpFinishedAt ??= member.admittedAt;
      await em.update(MemberEntity, { id: memberId }, { admittedAt: member.admittedAt, signUpFinishedAt: member.signUpFinishedAt });
      return account;
    });
    return toMe(member, profile, await this.signUp.of(member), settings.identityVerification);
  }
}
