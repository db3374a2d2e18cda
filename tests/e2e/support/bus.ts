import { randomUUID } from 'node:crypto';

import type { EventDefinition, EventEnvelope, InputOf, Operation, OutputOf } from '@marketplace/contracts';
import { BusClient } from '@marketplace/service-kit';
import { connectAs } from '@marketplace/testing';
import { jetstream } from '@nats-io/jetstream';
import type { z } from 'zod';

/** Calls one internal (service-to-service) operation, as the first service it names as a caller would. */
export async function callInternal<Op extends Operation>(natsUrl: string, op: Op, input: InputOf<Op>): Promise<OutputOf<Op>> {
  const principal = op.callers?.[0];
  if (!principal) throw new Error(`${op.name} is not an internal operation`);
  const nc = await connectAs(natsUrl, principal);
  try {
    return await new BusClient(nc, 10_000).call(op, input, { requestId: randomUUID(), caller: null, surface: 'internal' });
  } finally {
    await nc.close();
  }
}

/**
 * Publishes a domain event on the stream exactly as another service's outbox relay would, for
 * events whose producing feature lives elsewhere in the product (job closing, account deletion).
 */
export async function publishEvent<P extends z.ZodType>(natsUrl: string, def: EventDefinition<P>, payload: z.input<P>): Promise<string> {
  const nc = await connectAs(natsUrl, def.producer);
  try {
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: def.type,
      version: def.version,
      producer: def.producer,
      occurredAt: new Date().toISOString(),
      payload: def.payload.parse(payload),
    };
    await jetstream(nc).publish(def.subject, JSON.stringify(envelope), { msgID: envelope.id });
    return envelope.id;
  } finally {
    await nc.close();
  }
}
