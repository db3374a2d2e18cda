import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { webhookDeliveryQueue, type EventEnvelope } from '@marketplace/contracts';
import { enqueueWork } from '@marketplace/service-kit';

/** The JSON body every delivery of an event carries: the event log's own fields, so webhooks say what alerts say. */
export function webhookBody(type: string, occurredAt: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: occurredAt, data });
}

/**
 * Makes one delivery per active endpoint of the member that takes this kind, in the alert's unit
 * of work, and queues each; the unique (event, endpoint) index makes a redelivered event harmless.
 */
export async function fanOutWebhooks(
  em: EntityManager, event: EventEnvelope<unknown>, memberId: string, data: Record<string, unknown>,
): Promise<void> {
  const endpoints = (await em.query(
    `SELECT id FROM webhook_endpoints WHERE member_id = $1 AND disabled_at IS NULL AND (cardinality(events) = 0 OR $2 = ANY(events))`,
    [memberId, event.type],
  )) as { id: string }[];
  const body = webhookBody(event.type, event.occurredAt, { eventId: event.id, ...data });
  for (const endpoint of endpoints) {
    const [made] = (await em.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, type, body, next_attempt_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [randomUUID(), endpoint.id, event.id, event.type, body],
    )) as { id: string }[];
    if (made) await enqueueWork(em, webhookDeliveryQueue, { deliveryId: made.id });
  }
}
