import { getSenderContacts, type OutputOf, type staffHelpRequestDetailSchema, type staffHelpRequestSchema } from '@marketplace/contracts';
import type { BusClient, Db, HandlerContext } from '@marketplace/service-kit';
import type { z } from 'zod';

import { type HelpRow, repliesTo, type ReplyRow } from './help.queries.js';

/** How help requests and their replies read from admin's tables, for staff and for their member. */
export type { HelpRow, ReplyRow };

type StaffHelp = z.output<typeof staffHelpRequestSchema>;
type StaffHelpDetail = z.output<typeof staffHelpRequestDetailSchema>;
type Contacts = Map<string, { name: string | null; email: string | null }>;

/** The request as its sender wrote it. */
export function asReceived(r: HelpRow) {
  return {
    id: r.id,
    topic: r.topic,
    message: r.message,
    jobId: r.job_id,
    applicationId: r.application_id,
    status: r.status,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * Names and addresses belong to identity, asked once per page. Staff answer by email, so the
 * address is shown whether or not it was verified; a deleted account reads null.
 */
export async function senderContacts(bus: BusClient, memberIds: string[], ctx: HandlerContext): Promise<Contacts> {
  const unique = [...new Set(memberIds)];
  if (!unique.length) return new Map();
  const out: OutputOf<typeof getSenderContacts> = await bus.call(getSenderContacts, { memberIds: unique }, ctx);
  return new Map(out.members.map((m) => [m.memberId, { name: m.name, email: m.email }]));
}

export function forStaff(r: HelpRow, contacts: Contacts): StaffHelp {
  const contact = contacts.get(r.member_id);
  return {
    ...asReceived(r),
    memberId: r.member_id,
    via: r.via,
    memberName: contact?.name ?? null,
    memberEmail: contact?.email ?? null,
  };
}

/** Replies of the given requests, oldest first, grouped by request. */
export async function repliesOf(db: Db, requestIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const grouped = new Map<string, ReplyRow[]>();
  if (!requestIds.length) return grouped;
  const rows = await repliesTo(db, requestIds);
  for (const row of rows) grouped.set(row.help_request_id, [...(grouped.get(row.help_request_id) ?? []), row]);
  return grouped;
}

export function replyOut(r: ReplyRow) {
  return { id: r.id, message: r.message, createdAt: r.created_at.toISOString() };
}

/** One request for staff: sender, contact, and every reply with who sent it. */
export async function staffDetail(db: Db, bus: BusClient, row: HelpRow, ctx: HandlerContext): Promise<StaffHelpDetail> {
  const [contacts, replies] = await Promise.all([senderContacts(bus, [row.member_id], ctx), repliesOf(db, [row.id])]);
  return {
    ...forStaff(row, contacts),
    replies: (replies.get(row.id) ?? []).map((r) => ({ ...replyOut(r), staffId: r.staff_id })),
  };
}
