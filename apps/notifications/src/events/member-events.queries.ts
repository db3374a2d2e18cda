import type { conversationKindSchema } from '@marketplace/contracts';
import { affected, type Db, rows, sql } from '@marketplace/service-kit';
import type { z } from 'zod';

import { db } from '../database/db.js';

/** What one event says to one member: the alert's own fields, so the log keeps the alert's privacy. */
export interface MemberEventPayload {
  message: string;
  conversationKey: string;
  conversationKind: z.infer<typeof conversationKindSchema>;
  jobId: string | null;
  applicationId: string | null;
  commentId: string | null;
  title: string | null;
}

/** An event appended to its member's log, once per (member, event). */
export async function insertMemberEvent(
  on: Db,
  event: { memberId: string; eventId: string; type: string; occurredAt: string; payload: MemberEventPayload },
): Promise<void> {
  await affected(
    on,
    db
      .insertInto('member_events')
      .values({
        member_id: event.memberId,
        event_id: event.eventId,
        type: event.type,
        payload: JSON.stringify(event.payload),
        occurred_at: event.occurredAt,
      })
      .onConflict((oc) => oc.doNothing()),
  );
}

/**
 * At most `limit` of the member's events after the cursor `after` (a row sequence), oldest first,
 * kept for `days` days. The sequence is read as text: it is a bigint.
 */
export function memberEventsAfter(on: Db, memberId: string, after: string, days: number, limit: number) {
  return rows(
    on,
    db
      .selectFrom('member_events')
      .select((eb) => [
        eb.cast<string>('seq', 'text').as('seq'),
        'event_id',
        'type',
        // The payload is what insertMemberEvent wrote.
        sql<MemberEventPayload>`payload`.as('payload'),
        'occurred_at',
      ])
      .where('member_id', '=', memberId)
      .where('seq', '>', after)
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
      .orderBy('member_events.seq')
      .limit(limit),
  );
}

/** Events older than `days` days removed; returns how many. */
export function pruneMemberEvents(on: Db, days: number): Promise<number> {
  return affected(on, db.deleteFrom('member_events').where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`));
}

/** Settled (delivered or failed) webhook deliveries older than `days` days removed; returns how many. */
export function pruneSettledWebhookDeliveries(on: Db, days: number): Promise<number> {
  return affected(
    on,
    db
      .deleteFrom('webhook_deliveries')
      .where('status', '<>', 'pending')
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`),
  );
}
