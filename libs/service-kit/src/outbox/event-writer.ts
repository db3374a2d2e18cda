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
  // Outside a transaction (no runner of its own) nobody hands the row on at a commit: the poll finds it.
  const key = em.queryRunner;
  if (!key) return;
  const rows = written.get(key);
  if (rows) rows.push({ id: envelope.id, subject, envelope });
  else written.set(key, [{ id: envelope.id, subject, envelope }]);
}

/** One row a transaction entered in the outbox, as the relay publishes it. */
export interface OutboxRow {
  id: string;
  subject: string;
  envelope: unknown;
}

/** What each transaction (by its query runner) entered in the outbox, in the order it did. */
const written = new WeakMap<object, OutboxRow[]>();

/**
 * What the transaction of `em` entered in the outbox, in order, and forgets it: once it commits the
 * relay publishes these at once (`OutboxRelay.publishCommitted`). A transaction that recorded
 * nothing needs nothing. Rows written otherwise are still found by the relay's poll. Called at the
 * transaction's end, committed or not, so the runner's next transaction starts with none.
 */
export function recordedEvents(em: EntityManager): OutboxRow[] {
  const key = em.queryRunner;
  if (!key) return [];
  const rows = written.get(key) ?? [];
  written.delete(key);
  return rows;
}
