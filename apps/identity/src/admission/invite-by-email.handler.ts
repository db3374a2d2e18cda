import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, inviteByEmail, type InputOf, type OutputOf } from '@marketplace/contracts';
import { LOGGER, callerOf, UnitOfWork, type HandlerContext, type Logger, type OperationHandler } from '@marketplace/service-kit';
import { Inject } from '@nestjs/common';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { allowanceOf, FAILED_RETRY_HOURS } from './allowance.js';
import { InvitationMailer } from './invitation-mailer.js';
import { inviteUrl, lockOwnLink } from './invite-links.js';

interface InvitationRow { id: string; state: 'sending' | 'sent' | 'failed' | 'joined'; attempted_at: Date }

const RETRY_MS = FAILED_RETRY_HOURS * 3600_000;

/**
 * Reserves a place for the address, then sends. The reservation commits before the email goes
 * out, so a crash mid-send leaves a 'sending' row (delivery uncertain: 409) rather than a place
 * given twice; a failed delivery keeps its place and may be retried for 23 hours.
 */
@Injectable()
export class InviteByEmailHandler implements OperationHandler<typeof inviteByEmail> {
  readonly operation = inviteByEmail;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly mailer: InvitationMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ email }: InputOf<typeof inviteByEmail>, ctx: HandlerContext): Promise<OutputOf<typeof inviteByEmail>> {
    const caller = callerOf(ctx);
    this.mailer.requireConfigured();
    const { invitationsPerMember } = await this.settings.current();
    const plan = await this.uow.run(async (em) => {
      const { member } = await loadOwnAccount(em, caller.memberId);
      if (member.email === email) throw AppError.badRequest('You cannot invite yourself.', { email: 'This is your own address.' });
      const link = await lockOwnLink(em, caller.memberId);
      if (link.revoked_at) throw AppError.conflict('Your invitation link is turned off.');
      const [existing] = (await em.query(
        'SELECT id, state, attempted_at FROM email_invitations WHERE inviter_id = $1 AND email = $2 FOR UPDATE',
        [caller.memberId, email])) as InvitationRow[];
      const recent = existing && Date.now() - existing.attempted_at.getTime() < RETRY_MS;
      if (existing && (existing.state === 'sent' || existing.state === 'joined')) return { send: false as const };
      if (existing?.state === 'sending' && recent) {
        throw AppError.conflict('A delivery to this address is in progress or its outcome is uncertain. Try again later.');
      }
      // A recent failure still holds its place; anything older needs a place again.
      if (!(existing?.state === 'failed' && recent)) {
        const allowance = await allowanceOf(em, caller.memberId, invitationsPerMember);
        if (allowance.remaining === 0) throw AppError.conflict(`You have no invitations left (${allowance.limit} people).`);
      }
      const id = existing?.id ?? randomUUID();
      await em.query(
        `INSERT INTO email_invitations (id, inviter_id, email, state, attempted_at) VALUES ($1, $2, $3, 'sending', now())
         ON CONFLICT (id) DO UPDATE SET state = 'sending', attempted_at = now()`,
        [id, caller.memberId, email]);
      return { send: true as const, id, inviterName: member.name, url: inviteUrl(link.token) };
    });
    if (!plan.send) return { emailed: false, alreadyInvited: true };
    try {
      await this.mailer.sendInvitation(email, plan.inviterName, plan.url);
    } catch (err) {
      this.logger.warn({ requestId: ctx.requestId, err }, 'invitation email failed');
      await this.uow.run((em) => em.query(`UPDATE email_invitations SET state = 'failed' WHERE id = $1`, [plan.id]));
      throw AppError.unavailable(`The invitation email could not be sent. Try again within ${FAILED_RETRY_HOURS} hours; the place stays reserved.`);
    }
    await this.uow.run((em) => em.query(`UPDATE email_invitations SET state = 'sent' WHERE id = $1`, [plan.id]));
    return { emailed: true, alreadyInvited: false };
  }
}
