import type { EventEnvelope } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';

import { insertMemberEvent, type MemberEventPayload } from './member-events.queries.js';

export type { MemberEventPayload };

/**
 * Appends an event to its member's log, in the alert's unit of work and only when the alert was
 * new, so an event redelivered by the bus is logged once.
 */
export async function appendMemberEvent(em: EntityManager, event: EventEnvelope<unknown>, memberId: string, payload: MemberEventPayload): Promise<void> {
  await insertMemberEvent(em, { memberId, eventId: event.id, type: event.type, occurredAt: event.occurredAt, payload });
}
