import { AppError, type InputOf, inviteByEmail, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { EmailInvitations } from './email-invitations.js';
import { InvitationMailer } from './invitation-mailer.js';

/** A member emails someone their own link; the place is reserved before the email goes out. */
@Injectable()
export class InviteByEmailHandler implements OperationHandler<typeof inviteByEmail> {
  readonly operation = inviteByEmail;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly mailer: InvitationMailer,
    private readonly invitations: EmailInvitations,
  ) {}

  async handle({ email }: InputOf<typeof inviteByEmail>, ctx: HandlerContext): Promise<OutputOf<typeof inviteByEmail>> {
    const caller = callerOf(ctx);
    this.mailer.requireConfigured();
    const { invitationsPerMember } = await this.settings.current();
    const plan = await this.uow.run(async (em) => {
      const { member } = await loadOwnAccount(em, caller.memberId);
      if (member.email === email) throw AppError.badRequest('You cannot invite yourself.', { email: 'This is your own address.' });
      return this.invitations.reserve(em, { id: caller.memberId, name: member.name }, email, invitationsPerMember);
    });
    if (!plan.send) return { emailed: false, alreadyInvited: true };
    await this.invitations.deliver(plan, ctx);
    return { emailed: true, alreadyInvited: false };
  }
}
