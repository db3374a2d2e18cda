import { randomUUID } from 'node:crypto';

import type { QueueDefinition, WorkEnvelope } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { writeOutbox } from '../outbox/event-writer.js';

/**
 * Queues a work item inside the caller's transaction, through the same outbox as events: it
 * reaches the work stream only if the transaction commits, and the relay publishes it even if
 * this process dies right after the commit.
 */
export async function enqueueWork<P extends z.ZodType>(em: EntityManager, queue: QueueDefinition<P>, payload: z.input<P>): Promise<WorkEnvelope<z.output<P>>> {
  const envelope: WorkEnvelope<z.output<P>> = {
    id: randomUUID(),
    service: queue.service,
    queue: queue.name,
    version: queue.version,
    enqueuedAt: new Date().toISOString(),
    payload: queue.payload.parse(payload),
  };
  await writeOutbox(em, queue.subject, envelope);
  return envelope;
}
