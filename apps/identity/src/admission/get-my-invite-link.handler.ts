import { getMyInviteLink, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { SettingsService } from '../settings/settings.service.js';
import { inviteLinkActivity } from './admission.queries.js';
import { allowanceOf } from './allowance.js';
import { inviteUrl, lockOwnLink } from './invite-links.js';

@Injectable()
export class GetMyInviteLinkHandler implements OperationHandler<typeof getMyInviteLink> {
  readonly operation = getMyInviteLink;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getMyInviteLink>> {
    const caller = callerOf(ctx);
    const { invitationsPerMember } = await this.settings.current();
    return this.uow.run(async (em) => {
      const link = await lockOwnLink(em, caller.memberId);
      const { joined, uses, pendingCount, pending } = await inviteLinkActivity(em, caller.memberId);
      const allowance = await allowanceOf(em, caller.memberId, invitationsPerMember);
      return {
        url: inviteUrl(link.token),
        token: link.token,
        revoked: link.revoked_at !== null,
        uses,
        joined: joined.map((j) => ({ id: j.member_id, name: j.name, joinedAt: j.created_at.toISOString() })),
        pendingEmailInvitations: pendingCount,
        pendingInvitations: pending.map((p) => ({ email: p.email, state: p.state, createdAt: p.created_at.toISOString() })),
        limit: allowance.limit,
        remaining: allowance.remaining,
      };
    });
  }
}
