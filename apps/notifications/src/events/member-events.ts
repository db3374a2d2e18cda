import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { conversationKindSchema, EventEnvelope } from '@marketplace/contracts';
import { insertMemberEvent } from './member-events.queries.js';

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

/**
 * Appends an event to its member's log, in the alert's unit of work and only when the alert was
 * new, so an event redelivered by the bus is logged once.
 */
export async function appendMemberEvent(
  em: EntityManager, event: EventEnvelope<unknown>, memberId: string, payload: MemberEventPayload,
): Promise<void> {
  await insertMemberEvent(em, { memberId, eventId: event.id, type: event.type, occurredAt: event.occurredAt, payload });
}
