import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import type { ServiceName } from '@marketplace/contracts';
import { connectAs } from './bus-access.js';

/**
 * Looks at what the running system stored, for end-to-end checks of effects that no public
 * response shows (rows a deletion removed in each service's schema).
 */
export async function dbQuery<T = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every event on the stream under one subject, oldest first (envelopes as published). */
export async function streamEvents<T = any>(natsUrl: string, subject: string): Promise<T[]> {
  // Read as a consuming service reads the stream.
  const nc = await connectAs(natsUrl, 'notifications');
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info('EVENTS', { subjects_filter: subject }).catch(() => undefined);
    const count = info?.state.subjects?.[subject] ?? 0;
    if (!count) return [];
    // A short-lived consumer with one filter subject: servers before 2.10 know no other kind.
    const added = await jsm.consumers.add('EVENTS', {
      // Named: the bus lets a service create only named consumers (CONSUMER.CREATE.EVENTS.<name>…).
      name: `e2e-probe-${randomUUID()}`, filter_subject: subject, deliver_policy: DeliverPolicy.All, ack_policy: AckPolicy.None, inactive_threshold: 5e9,
    });
    const consumer = await jetstream(nc).consumers.get('EVENTS', added.name);
    const out: T[] = [];
    const messages = await consumer.fetch({ max_messages: count, expires: 2000 });
    for await (const m of messages) {
      out.push(m.json<T>());
      if (out.length >= count) break;
    }
    return out;
  } finally {
    await nc.close();
  }
}

/** Publishes an event envelope as a service's outbox relay would (a redelivery, for idempotency checks). */
export async function publishEvent(
  natsUrl: string, subject: string, envelope: Record<string, unknown>, producer: ServiceName,
): Promise<string> {
  const nc = await connectAs(natsUrl, producer);
  try {
    const id = String(envelope.id ?? randomUUID());
    await jetstream(nc).publish(subject, JSON.stringify({ ...envelope, id }), { msgID: `${id}-${Date.now()}` });
    return id;
  } finally {
    await nc.close();
  }
}
