import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { z } from 'zod';
import type { EventDefinition, EventEnvelope, InputOf, Operation, OutputOf } from '@marketplace/contracts';
import { BusClient } from '@marketplace/service-kit';

/** Calls one internal (service-to-service) operation, as another service would. */
export async function callInternal<Op extends Operation>(natsUrl: string, op: Op, input: InputOf<Op>): Promise<OutputOf<Op>> {
  const nc = await connect({ servers: natsUrl, name: 'e2e-internal' });
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
  const nc = await connect({ servers: natsUrl, name: 'e2e-events' });
  try {
    const envelope: EventEnvelope = {
      id: randomUUID(), type: def.type, version: def.version, producer: def.producer,
      occurredAt: new Date().toISOString(), payload: def.payload.parse(payload),
    };
    await jetstream(nc).publish(def.subject, JSON.stringify(envelope), { msgID: envelope.id });
    return envelope.id;
  } finally {
    await nc.close();
  }
}
