import { randomUUID } from 'node:crypto';

import type { EventDefinition, EventEnvelope } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { insertOutboxEvent } from './outbox.queries.js';

/**
 * Records an event inside the caller's transaction. It is published only after that transaction
 * commits, and is never lost if the process dies in between (the relay finds it on restart).
 */
export async function recordEvent<P extends z.ZodType>(em: EntityManager, def: EventDefinition<P>, payload: z.input<P>): Promise<EventEnvelope<z.output<P>>> {
  const envelope: EventEnvelope<z.output<P>> = {
    id: randomUUID(),
    type: def.type,
    version: def.version,
    producer: def.producer,
    occurredAt: new Date().toISOString(),
    payload: def.payload.parse(payload),
  };
  await writeOutbox(em, def.subject, envelope);
  return envelope;
}

/** The one way anything enters the outbox: the relay publishes it under `subject`, with its id as the message id. */
export async function writeOutbox(em: EntityManager, subject: string, envelope: { id: string }): Promise<void> {
  await insertOutboxEvent(em, { id: envelope.id, subject, envelope });
}
