import { randomUUID } from 'node:crypto';

import { AppError } from '@marketplace/contracts';
import { type HandlerContext, LOGGER, type Logger, UnitOfWork } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { lockEmailInvitation, reserveEmailInvitation, setInvitationState } from './admission.queries.js';
import { allowanceOf, FAILED_RETRY_HOURS } from './allowance.js';
import { InvitationMailer } from './invitation-mailer.js';
import { inviteUrl, lockOwnLink } from './invite-links.js';

/** What to do after the reservation committed: nothing (already sent), or send this. */
export type InvitationPlan = { send: false } | { send: true; id: string; email: string; inviterName: string; url: string };

const RETRY_MS = FAILED_RETRY_HOURS * 3600_000;

/**
 * An invitation emailed by a member (invite_by_email) or by staff to a waitlist entry. The place
 * is reserved and committed before the email goes out, so a crash mid-send leaves a 'sending' row
 * (delivery uncertain: 409) rather than a place given twice; a failed delivery keeps its place
 * and may be retried for 23 hours.
 */
@Injectable()
export class EmailInvitations {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mailer: InvitationMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Inside the caller's transaction: checks the inviter's link and allowance and reserves a place. */
  async reserve(em: EntityManager, inviter: { id: string; name: string }, email: string, perMember: number): Promise<InvitationPlan> {
    const link = await lockOwnLink(em, inviter.id);
    if (link.revoked_at) throw AppError.conflict('Your invitation link is turned off.');
    const existing = await lockEmailInvitation(em, inviter.id, email);
    const recent = existing && Date.now() - existing.attempted_at.getTime() < RETRY_MS;
    if (existing && (existing.state === 'sent' || existing.state === 'joined')) return { send: false };
    if (existing?.state === 'sending' && recent) {
      throw AppError.conflict('A delivery to this address is in progress or its outcome is uncertain. Try again later.');
    }
    // A recent failure still holds its place; anything older needs a place again.
    if (!(existing?.state === 'failed' && recent)) {
      const allowance = await allowanceOf(em, inviter.id, perMember);
      if (allowance.remaining === 0) throw AppError.conflict(`You have no invitations left (${allowance.limit} people).`);
    }
    const id = existing?.id ?? randomUUID();
    await reserveEmailInvitation(em, id, inviter.id, email);
    return { send: true, id, email, inviterName: inviter.name, url: inviteUrl(link.token) };
  }

  /**
   * Sends what `reserve` planned. A failure marks the invitation failed and answers 503; success
   * marks it sent, together with `onSent` in the same transaction, so nothing is half-recorded.
   */
  async deliver(plan: Extract<InvitationPlan, { send: true }>, ctx: HandlerContext, onSent?: (em: EntityManager) => Promise<unknown>): Promise<void> {
    try {
      await this.mailer.sendInvitation(plan.email, plan.inviterName, plan.url);
    } catch (err) {
      this.logger.warn({ requestId: ctx.requestId, err }, 'invitation email failed');
      await this.uow.run((em) => setInvitationState(em, plan.id, 'failed'));
      throw AppError.unavailable(`The invitation email could not be sent. Try again within ${FAILED_RETRY_HOURS} hours; the place stays reserved.`);
    }
    await this.uow.run(async (em) => {
      await setInvitationState(em, plan.id, 'sent');
      await onSent?.(em);
    });
  }
}
