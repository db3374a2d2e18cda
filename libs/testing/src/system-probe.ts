import { randomUUID } from 'node:crypto';

import type { ServiceName } from '@marketplace/contracts';
import { jetstream, jetstreamManager, type MsgRequest } from '@nats-io/jetstream';
import pg from 'pg';

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

/**
 * Every event on the stream under one subject, oldest first (envelopes as published). Read as the
 * operator tool may: the stream's state and single messages, no consumer (a service may use only
 * its own durables).
 */
export async function streamEvents<T = any>(natsUrl: string, subject: string): Promise<T[]> {
  const nc = await connectAs(natsUrl, 'operator');
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info('EVENTS', { subjects_filter: subject }).catch(() => undefined);
    const count = info?.state.subjects?.[subject] ?? 0;
    const out: T[] = [];
    let seq = info?.state.first_seq ?? 0;
    while (out.length < count) {
      // The server takes next_by_subj on STREAM.MSG.GET; the client's type knows it for direct gets only.
      const next = { seq, next_by_subj: subject } as unknown as MsgRequest;
      const m = await jsm.streams.getMessage('EVENTS', next).catch(() => null);
      if (!m) break;
      out.push(m.json<T>());
      seq = m.seq + 1;
    }
    return out;
  } finally {
    await nc.close();
  }
}

/** Publishes an event envelope as a service's outbox relay would (a redelivery, for idempotency checks). */
export async function publishEvent(natsUrl: string, subject: string, envelope: Record<string, unknown>, producer: ServiceName): Promise<string> {
  const nc = await connectAs(natsUrl, producer);
  try {
    const id = String(envelope.id ?? randomUUID());
    await jetstream(nc).publish(subject, JSON.stringify({ ...envelope, id }), { msgID: `${id}-${Date.now()}` });
    return id;
  } finally {
    await nc.close();
  }
}
