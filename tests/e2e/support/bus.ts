import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import type { InputOf, Operation, OutputOf } from '@marketplace/contracts';
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
