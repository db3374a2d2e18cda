import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listMyEvents, MEMBER_EVENTS_KEPT_DAYS, MEMBER_EVENTS_PAGE, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import type { MemberEventPayload } from './member-events.js';

interface EventRow { seq: string; event_id: string; type: string; payload: MemberEventPayload; occurred_at: Date }

/** The caller's event log after a cursor (the row sequence), oldest first; reading marks nothing. */
@Injectable()
export class ListMyEventsHandler implements OperationHandler<typeof listMyEvents> {
  readonly operation = listMyEvents;

  constructor(private readonly ds: DataSource) {}

  async handle({ after }: InputOf<typeof listMyEvents>, ctx: HandlerContext): Promise<OutputOf<typeof listMyEvents>> {
    const rows = (await this.ds.query(
      `SELECT seq::text AS seq, event_id, type, payload, occurred_at FROM member_events
       WHERE member_id = $1 AND seq > $2 AND created_at > now() - make_interval(days => $3)
       ORDER BY member_events.seq LIMIT $4`,
      [callerOf(ctx).memberId, after ?? '0', MEMBER_EVENTS_KEPT_DAYS, MEMBER_EVENTS_PAGE + 1],
    )) as EventRow[];
    const page = rows.slice(0, MEMBER_EVENTS_PAGE);
    const events = page.map((r) => ({
      cursor: r.seq, id: r.event_id, type: r.type, occurredAt: new Date(r.occurred_at).toISOString(),
      message: r.payload.message, conversationKey: r.payload.conversationKey, conversationKind: r.payload.conversationKind,
      jobId: r.payload.jobId, applicationId: r.payload.applicationId, commentId: r.payload.commentId, title: r.payload.title,
    }));
    return { events, cursor: events.at(-1)?.cursor ?? after ?? null, more: rows.length > MEMBER_EVENTS_PAGE };
  }
}
