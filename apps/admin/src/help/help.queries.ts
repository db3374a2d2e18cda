import type { CallerVia, HELP_STATUSES, HELP_TOPICS } from '@marketplace/contracts';
import { type Db, first, type Page, pageOf, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** What the schema's text columns of a help request hold. */
export type HelpShape = {
  via: CallerVia;
  topic: (typeof HELP_TOPICS)[number];
  status: (typeof HELP_STATUSES)[number];
};
export type HelpRow = Omit<Selectable<DB['help_requests']>, keyof HelpShape> & HelpShape;
export type ReplyRow = Selectable<DB['help_replies']>;

export const helpRequests = () => db.selectFrom('help_requests').selectAll().$narrowType<HelpShape>();

/** The help request, or undefined; `forUpdate` locks it for the rest of the transaction. */
export function helpRequest(on: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<HelpRow | undefined> {
  const query = helpRequests().where('id', '=', id);
  return first(on, opts.forUpdate ? query.forUpdate() : query);
}

/** A staff reply to the request, written now. */
export async function insertReply(on: Db, reply: { id: string; help_request_id: string; staff_id: string; message: string }): Promise<void> {
  await rows(on, db.insertInto('help_replies').values({ ...reply, created_at: sql<Date>`now()` }));
}

/** Sets the request's status, with the time it changed. */
export async function setHelpStatus(on: Db, id: string, status: HelpRow['status']): Promise<void> {
  await rows(
    on,
    db
      .updateTable('help_requests')
      .set({ status, status_changed_at: sql<Date>`now()` })
      .where('id', '=', id),
  );
}

/** The replies to the requests, oldest first. */
export function repliesTo(on: Db, requestIds: string[]): Promise<ReplyRow[]> {
  return rows(
    on,
    db
      .selectFrom('help_replies')
      .selectAll()
      .where(sql<boolean>`help_request_id = any(${requestIds}::uuid[])`)
      .orderBy('created_at')
      .orderBy('id'),
  );
}

/** One page of a member's help requests, newest first. */
export async function myHelpRequestsPage(on: Db, memberId: string, offset: number, limit: number): Promise<Page<HelpRow>> {
  const found = await rows(
    on,
    helpRequests()
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit + 1),
  );
  return pageOf(found, offset, limit);
}

/** A staff reply with the topic of its request, for the member's alert. */
export function replyForAlert(on: Db, replyId: string): Promise<{ message: string; topic: string } | undefined> {
  return first(
    on,
    db
      .selectFrom('help_replies as r')
      .innerJoin('help_requests as h', 'h.id', 'r.help_request_id')
      .select(['r.message', 'h.topic'])
      .where('r.id', '=', replyId),
  );
}
