import { randomUUID } from 'node:crypto';

import { type EventEnvelope, webhookDeliveryQueue } from '@marketplace/contracts';
import { enqueueWork } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { insertEventDelivery } from './webhooks.queries.js';

/** The JSON body every delivery of an event carries: the event log's own fields, so webhooks say what alerts say. */
export function webhookBody(type: string, occurredAt: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: occurredAt, data });
}

/**
 * Makes one delivery per endpoint (the member's active endpoints taking this kind, as writeAlertRows
 * finds them), in the alert's unit of work, and queues each; the unique (event, endpoint) index
 * makes a redelivered event harmless.
 */
export async function queueWebhookDeliveries(
  em: EntityManager,
  event: EventEnvelope<unknown>,
  endpointIds: readonly string[],
  data: Record<string, unknown>,
): Promise<void> {
  const body = webhookBody(event.type, event.occurredAt, { eventId: event.id, ...data });
  for (const endpointId of endpointIds) {
    const made = await insertEventDelivery(em, { id: randomUUID(), endpointId, eventId: event.id, type: event.type, body });
    if (made) await enqueueWork(em, webhookDeliveryQueue, { deliveryId: made });
  }
}
