import { Injectable } from '@nestjs/common';
import { getMyInviteLink, type OutputOf } from '@marketplace/contracts';
import { callerOf, UnitOfWork, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { SettingsService } from '../settings/settings.service.js';
import { allowanceOf } from './allowance.js';
import { inviteUrl, lockOwnLink } from './invite-links.js';

@Injectable()
export class GetMyInviteLinkHandler implements OperationHandler<typeof getMyInviteLink> {
  readonly operation = getMyInviteLink;

  constructor(private readonly uow: UnitOfWork, private readonly settings: SettingsService) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getMyInviteLink>> {
    const caller = callerOf(ctx);
    const { invitationsPerMember } = await this.settings.current();
    return this.uow.run(async (em) => {
      const link = await lockOwnLink(em, caller.memberId);
      const joined = (await em.query(
        `SELECT j.member_id, m.name, j.created_at FROM invite_joins j JOIN members m ON m.id = j.member_id
         WHERE j.inviter_id = $1 ORDER BY j.created_at DESC LIMIT 100`, [caller.memberId])) as { member_id: string; name: string; created_at: Date }[];
      const [counts] = (await em.query(
        `SELECT (SELECT count(*)::int FROM invite_joins WHERE inviter_id = $1) AS uses,
                (SELECT count(*)::int FROM email_invitations WHERE inviter_id = $1 AND state <> 'joined') AS pending`,
        [caller.memberId])) as { uses: number; pending: number }[];
      const pending = (await em.query(
        `SELECT email, state, created_at FROM email_invitations WHERE inviter_id = $1 AND state <> 'joined'
         ORDER BY created_at DESC LIMIT 100`, [caller.memberId])) as { email: string; state: 'sending' | 'sent' | 'failed'; created_at: Date }[];
      const allowance = await allowanceOf(em, caller.memberId, invitationsPerMember);
      return {
        url: inviteUrl(link.token),
        token: link.token,
        revoked: link.revoked_at !== null,
        uses: counts?.uses ?? 0,
        joined: joined.map((j) => ({ id: j.member_id, name: j.name, joinedAt: j.created_at.toISOString() })),
        pendingEmailInvitations: counts?.pending ?? 0,
        pendingInvitations: pending.map((p) => ({ email: p.email, state: p.state, createdAt: p.created_at.toISOString() })),
        limit: allowance.limit,
        remaining: allowance.remaining,
      };
    });
  }
}
