import { type InputOf, listMyEvents, MEMBER_EVENTS_KEPT_DAYS, MEMBER_EVENTS_PAGE, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { memberEventsAfter } from './member-events.queries.js';

/** The caller's event log after a cursor (the row sequence), oldest first; reading marks nothing. */
@Injectable()
export class ListMyEventsHandler implements OperationHandler<typeof listMyEvents> {
  readonly operation = listMyEvents;

  constructor(private readonly ds: DataSource) {}

  async handle({ after }: InputOf<typeof listMyEvents>, ctx: HandlerContext): Promise<OutputOf<typeof listMyEvents>> {
    const rows = await memberEventsAfter(this.ds, callerOf(ctx).memberId, after ?? '0', MEMBER_EVENTS_KEPT_DAYS, MEMBER_EVENTS_PAGE + 1);
    const page = rows.slice(0, MEMBER_EVENTS_PAGE);
    const events = page.map((r) => ({
      cursor: r.seq,
      id: r.event_id,
      type: r.type,
      occurredAt: new Date(r.occurred_at).toISOString(),
      message: r.payload.message,
      conversationKey: r.payload.conversationKey,
      conversationKind: r.payload.conversationKind,
      jobId: r.payload.jobId,
      applicationId: r.payload.applicationId,
      commentId: r.payload.commentId,
      title: r.payload.title,
    }));
    return { events, cursor: events.at(-1)?.cursor ?? after ?? null, more: rows.length > MEMBER_EVENTS_PAGE };
  }
}
