import { randomUUID } from 'node:crypto';

import type { EventDefinition, EventEnvelope } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { insertOutboxEvent, insertOutboxEvents } from './outbox.queries.js';

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

/**
 * The one way anything enters the outbox: the relay publishes it under `subject`, with its id as the
 * message id. Inside `recordingEvents` the row is held and written with the transaction's others
 * just before it commits; in any other transaction (or none) it is written at once, and the
 * relay's poll finds it.
 */
export async function writeOutbox(em: EntityManager, subject: string, envelope: { id: string }): Promise<void> {
  const held = em.queryRunner ? recording.get(em.queryRunner) : undefined;
  if (held) held.push({ id: envelope.id, subject, envelope });
  else await insertOutboxEvent(em, { id: envelope.id, subject, envelope });
}

/** One row a transaction entered in the outbox, as the relay publishes it. */
export interface OutboxRow {
  id: string;
  subject: string;
  envelope: unknown;
}

/** The rows held for each transaction (by its query runner) inside `recordingEvents`, in the order they were recorded. */
const recording = new WeakMap<object, OutboxRow[]>();

/**
 * Runs `work` in the transaction of `em` and writes the events it recorded in one statement at
 * its end, still inside the transaction: a write that records several events pays one round trip
 * for them, not one each. Returns the rows, for the caller to hand to the relay once the
 * transaction has committed (`OutboxRelay.publishCommitted`). If `work` or the write fails, the
 * transaction rolls back with its events, and nothing is handed on.
 */
export async function recordingEvents<T>(em: EntityManager, work: () => Promise<T>): Promise<{ result: T; recorded: OutboxRow[] }> {
  const key = em.queryRunner;
  // Without a runner of its own nothing is a transaction to hold rows for: each is written at once.
  if (!key) return { result: await work(), recorded: [] };
  const held: OutboxRow[] = [];
  recording.set(key, held);
  try {
    const result = await work();
    if (held.length > 0) await insertOutboxEvents(em, held);
    return { result, recorded: held };
  } finally {
    recording.delete(key);
  }
}
