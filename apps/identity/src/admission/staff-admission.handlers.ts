import {
  AppError,
  type InputOf,
  inviteFromWaitlist,
  listInviteLinks,
  listWaitlist,
  type OutputOf,
  REPORT_LIST_LIMITS,
  waitlistInvitedV1,
} from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, pageOf, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { inviteLinksPage, lockWaitlistEntry, markWaitlistInvited, waitlistPage, type WaitlistRow } from './admission.queries.js';
import { EmailInvitations } from './email-invitations.js';
import { InvitationMailer } from './invitation-mailer.js';
import { inviteUrl, linkToken } from './invite-links.js';

/**
 * Staff views of admission, kept in identity because it owns links, joins and the waitlist. The
 * kit has already refused everyone who is not staff.
 */

type WaitlistEntry = OutputOf<typeof listWaitlist>['entries'][number];

function toEntry(r: WaitlistRow): WaitlistEntry {
  return {
    id: r.id,
    email: r.email,
    status: r.joined_member_id ? 'joined' : r.invited_at ? 'invited' : 'waiting',
    createdAt: r.created_at.toISOString(),
    invitedAt: r.invited_at?.toISOString() ?? null,
    invitedBy: r.invited_by,
    joinedMemberId: r.joined_member_id,
  };
}

@Injectable()
export class ListInviteLinksHandler implements OperationHandler<typeof listInviteLinks> {
  readonly operation = listInviteLinks;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listInviteLinks>): Promise<OutputOf<typeof listInviteLinks>> {
    const offset = input.offset ?? 0;
    const limit = input.limit ?? REPORT_LIST_LIMITS.defaultLimit;
    const page = pageOf(await inviteLinksPage(this.ds, offset, limit), offset, limit);
    return {
      invites: page.rows.map((r) => ({
        url: inviteUrl(linkToken(r)),
        ownerId: r.member_id,
        ownerName: r.name,
        ownerEmail: r.email,
        uses: r.uses,
        revoked: r.revoked_at !== null,
        createdAt: r.created_at.toISOString(),
      })),
      nextOffset: page.nextOffset,
    };
  }
}

@Injectable()
export class ListWaitlistHandler implements OperationHandler<typeof listWaitlist> {
  readonly operation = listWaitlist;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listWaitlist>): Promise<OutputOf<typeof listWaitlist>> {
    const offset = input.offset ?? 0;
    const limit = input.limit ?? REPORT_LIST_LIMITS.defaultLimit;
    const page = pageOf(await waitlistPage(this.ds, input.status ?? null, offset, limit), offset, limit);
    return { entries: page.rows.map(toEntry), nextOffset: page.nextOffset };
  }
}

/**
 * Emails the entry the staff member's own link, reserving a place of their allowance exactly as
 * invite_by_email does. The entry is marked invited only in the transaction that records the
 * email as sent, so a failed delivery (503) leaves it waiting; a repeat sends nothing.
 */
@Injectable()
export class InviteFromWaitlistHandler implements OperationHandler<typeof inviteFromWaitlist> {
  readonly operation = inviteFromWaitlist;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly mailer: InvitationMailer,
    private readonly invitations: EmailInvitations,
  ) {}

  async handle({ id }: InputOf<typeof inviteFromWaitlist>, ctx: HandlerContext): Promise<OutputOf<typeof inviteFromWaitlist>> {
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No waitlist entry has this id.');
    const { invitationsPerMember } = await this.settings.current();
    const markInvited = async (em: EntityManager): Promise<WaitlistRow> => {
      const row = (await markWaitlistInvited(em, id.toLowerCase(), caller.memberId))!;
      // Staff actions are audited by admin, which learns of this one from the event.
      await recordEvent(em, waitlistInvitedV1, { entryId: row.id, invitedBy: caller.memberId, invitedAt: row.invited_at!.toISOString() });
      return row;
    };
    const outcome = await this.uow.run(async (em) => {
      const entry = await lockWaitlistEntry(em, id.toLowerCase());
      if (!entry) throw notFound;
      if (entry.joined_member_id) throw AppError.conflict('This address has already joined.');
      if (entry.invited_at) return { entry, plan: { send: false as const } };
      this.mailer.requireConfigured();
      const { member } = await loadOwnAccount(em, caller.memberId);
      const plan = await this.invitations.reserve(em, { id: caller.memberId, name: member.name }, entry.email, invitationsPerMember);
      // Already emailed this address (say, through invite_by_email): mark it invited without resending.
      if (!plan.send) return { entry: await markInvited(em), plan };
      return { entry, plan };
    });
    if (!outcome.plan.send) return { entry: toEntry(outcome.entry), emailed: false };
    let invited: WaitlistRow | undefined;
    await this.invitations.deliver(outcome.plan, ctx, async (em) => {
      invited = await markInvited(em);
    });
    return { entry: toEntry(invited ?? outcome.entry), emailed: true };
  }
}
