import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError, inviteFromWaitlist, listInviteLinks, listWaitlist, REPORT_LIST_LIMITS, waitlistInvitedV1, type InputOf, type OutputOf, isUuid,
} from '@marketplace/contracts';
import { callerOf, queryPage, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { SettingsService } from '../settings/settings.service.js';
import { EmailInvitations } from './email-invitations.js';
import { InvitationMailer } from './invitation-mailer.js';
import { inviteUrl, linkToken } from './invite-links.js';

/**
 * Staff views of admission, kept in identity because it owns links, joins and the waitlist. The
 * kit has already refused everyone who is not staff.
 */

type WaitlistEntry = OutputOf<typeof listWaitlist>['entries'][number];

interface WaitlistRow {
  id: string; email: string; created_at: Date; invited_at: Date | null; invited_by: string | null; joined_member_id: string | null;
}

/** Joined wins over invited: someone on the waitlist may join through any member's link. */
const STATUS_OF = `CASE WHEN w.joined_member_id IS NOT NULL THEN 'joined' WHEN w.invited_at IS NOT NULL THEN 'invited' ELSE 'waiting' END`;

function toEntry(r: WaitlistRow): WaitlistEntry {
  return {
    id: r.id, email: r.email,
    status: r.joined_member_id ? 'joined' : r.invited_at ? 'invited' : 'waiting',
    createdAt: r.created_at.toISOString(), invitedAt: r.invited_at?.toISOString() ?? null,
    invitedBy: r.invited_by, joinedMemberId: r.joined_member_id,
  };
}

@Injectable()
export class ListInviteLinksHandler implements OperationHandler<typeof listInviteLinks> {
  readonly operation = listInviteLinks;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listInviteLinks>): Promise<OutputOf<typeof listInviteLinks>> {
    const page = await queryPage<{
      token_sealed: string; member_id: string; name: string; email: string; uses: number; revoked_at: Date | null; created_at: Date;
    }>(this.ds,
      `SELECT l.token_sealed, l.member_id, m.name, m.email, l.revoked_at, l.created_at,
              (SELECT count(*)::int FROM invite_joins j WHERE j.inviter_id = l.member_id) AS uses
       FROM invite_links l JOIN members m ON m.id = l.member_id
       WHERE m.deleted_at IS NULL
       ORDER BY uses DESC, l.created_at ASC, l.id ASC`,
      [], input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit);
    return {
      invites: page.rows.map((r) => ({
        url: inviteUrl(linkToken(r)), ownerId: r.member_id, ownerName: r.name, ownerEmail: r.email, uses: r.uses,
        revoked: r.revoked_at !== null, createdAt: r.created_at.toISOString(),
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
    const page = await queryPage<WaitlistRow>(this.ds,
      `SELECT w.* FROM waitlist w WHERE ($1::text IS NULL OR ${STATUS_OF} = $1) ORDER BY w.created_at ASC, w.id ASC`,
      [input.status ?? null], input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit);
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
    if (!isUuid(id)) throw notFound;
    const { invitationsPerMember } = await this.settings.current();
    const markInvited = async (em: EntityManager): Promise<WaitlistRow> => {
      await em.query('UPDATE waitlist SET invited_at = now(), invited_by = $2 WHERE id = $1', [id.toLowerCase(), caller.memberId]);
      const row = ((await em.query('SELECT * FROM waitlist WHERE id = $1', [id.toLowerCase()])) as WaitlistRow[])[0]!;
      // Staff actions are audited by admin, which learns of this one from the event.
      await recordEvent(em, waitlistInvitedV1, { entryId: row.id, invitedBy: caller.memberId, invitedAt: row.invited_at!.toISOString() });
      return row;
    };
    const outcome = await this.uow.run(async (em) => {
      const [entry] = (await em.query('SELECT * FROM waitlist WHERE id = $1 FOR UPDATE', [id.toLowerCase()])) as WaitlistRow[];
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
