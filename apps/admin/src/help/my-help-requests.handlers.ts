import { getHelpReplyForAlert, type InputOf, isUuid, listMyHelpRequests, type OutputOf, REPORT_LIST_LIMITS } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { myHelpRequestsPage, replyForAlert } from './help.queries.js';
import { asReceived, repliesOf, replyOut } from './help-request-view.js';

/** A member's own help requests, newest first, with the team's replies; never another member's. */
@Injectable()
export class ListMyHelpRequestsHandler implements OperationHandler<typeof listMyHelpRequests> {
  readonly operation = listMyHelpRequests;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listMyHelpRequests>, ctx: HandlerContext): Promise<OutputOf<typeof listMyHelpRequests>> {
    const { memberId } = callerOf(ctx);
    const page = await myHelpRequestsPage(this.ds, memberId, input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit);
    const replies = await repliesOf(
      this.ds,
      page.rows.map((r) => r.id),
    );
    return {
      helpRequests: page.rows.map((r) => ({ ...asReceived(r), replies: (replies.get(r.id) ?? []).map(replyOut) })),
      nextOffset: page.nextOffset,
    };
  }
}

/** The reply notifications puts in the member's alert and email (service-to-service). */
@Injectable()
export class GetHelpReplyForAlertHandler implements OperationHandler<typeof getHelpReplyForAlert> {
  readonly operation = getHelpReplyForAlert;

  constructor(private readonly ds: DataSource) {}

  async handle({ replyId }: InputOf<typeof getHelpReplyForAlert>): Promise<OutputOf<typeof getHelpReplyForAlert>> {
    const missing = { found: false, topic: null, message: null };
    if (!isUuid(replyId)) return missing;
    const row = await replyForAlert(this.ds, replyId.toLowerCase());
    return row ? { found: true, topic: row.topic, message: row.message } : missing;
  }
}
