import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { pino } from 'pino';
import { register, type Counter } from 'prom-client';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EVENTS_STREAM, type EventEnvelope } from '@marketplace/contracts';
import { testDatabaseUrl, testNatsUrl } from '@marketplace/testing';
import { decodeJson } from '../bus/codec.js';
import { createDataSource, migrate } from '../database/data-source.factory.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { ensureEventStream } from '../events/event-stream.js';
import { recordEvent } from './event-writer.js';
import { OutboxRelay } from './outbox-relay.js';

// Real PostgreSQL and NATS (JetStream), as the unit project's global setup provides them: a
// throw-away schema and an event subject of this run's own on the shared events stream.
const suffix = randomBytes(4).toString('hex');
const schema = `kitrb_${suffix}`;
const durable = `kit-readback-${suffix}`;
const event = defineEvent(`kit.readback${suffix}`, 1, 'jobs', z.object({ n: z.number().int() }));
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const AFTER_MS = 1500;

let nc: NatsConnection;
let jsm: JetStreamManager;
let ds: DataSource;
let relay: OutboxRelay;
let uow: UnitOfWork;
const savedAfter = process.env.OUTBOX_VERIFY_AFTER_MS;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function readBacks(outcome: string): Promise<number> {
  const metric = register.getSingleMetric('outbox_readbacks_total') as Counter | undefined;
  return (await metric?.get())?.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  process.env.OUTBOX_VERIFY_AFTER_MS = String(AFTER_MS);
  nc = await connect({ servers: await testNatsUrl() });
  jsm = await jetstreamManager(nc);
  await ensureEventStream(nc);
  await jsm.consumers.add(EVENTS_STREAM, {
    durable_name: durable, filter_subject: event.subject, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
  });
  ds = createDataSource({ schema, entities: [], migrations: [] });
  await ds.initialize();
  await migrate(ds, schema);
  relay = new OutboxRelay(ds, nc, logger);
  await relay.start();
  uow = new UnitOfWork(ds, relay);
});

afterAll(async () => {
  await relay?.stop();
  if (savedAfter === undefined) delete process.env.OUTBOX_VERIFY_AFTER_MS;
  else process.env.OUTBOX_VERIFY_AFTER_MS = savedAfter;
  await jsm?.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
  await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await ds?.destroy();
  await nc?.close();
});

describe('the outbox relay reads published events back', { timeout: 30_000 }, () => {
  it('publishes again an acknowledged event the stream lost, under a message id of its own; a consumer is handed each event once', async () => {
    const republishedBefore = await readBacks('republished');
    const verifiedBefore = await readBacks('verified');
    const [lost, kept] = await uow.run(async (em) => [await recordEvent(em, event, { n: 1 }), await recordEvent(em, event, { n: 2 })]);
    await until(async () => (await ds.query('SELECT 1 FROM outbox_events WHERE published_at IS NOT NULL')).length === 2, 'the relay to publish');

    // What a consumer led from a diverged replica sees: the PubAck named a sequence the stream no
    // longer holds. The message id stays in the stream's duplicate window, as on such a leader.
    let lostSeq = 0;
    for (let seq = (await jsm.streams.info(EVENTS_STREAM)).state.last_seq; seq > 0 && !lostSeq; seq--) {
      const msg = await jsm.streams.getMessage(EVENTS_STREAM, { seq });
      if (msg?.header?.get('Nats-Msg-Id') === lost.id) lostSeq = seq;
    }
    expect(lostSeq).toBeGreaterThan(0);
    expect(await jsm.streams.deleteMessage(EVENTS_STREAM, lostSeq)).toBe(true);
    // Published again under the same id, the stream would answer "duplicate" and store nothing.
    const duplicate = await jetstream(nc).publish(event.subject, new TextEncoder().encode('{}'), { msgID: lost.id });
    expect(duplicate.duplicate).toBe(true);

    const handed: { id: string; msgId: string | undefined }[] = [];
    const messages = await (await jetstream(nc).consumers.get(EVENTS_STREAM, durable)).consume({ max_messages: 10 });
    const reading = (async () => {
      for await (const msg of messages) {
        handed.push({ id: decodeJson<EventEnvelope>(msg.data).id, msgId: msg.headers?.get('Nats-Msg-Id') });
        msg.ack();
      }
    })();
    await until(() => handed.some((h) => h.id === lost.id), 'the lost event to be published again and handed over');
    // Long enough for the re-published copy to be read back too, and for any further copy to arrive.
    await sleep(AFTER_MS * 2 + 500);
    await messages.close();
    await reading;

    expect(handed.filter((h) => h.id === kept.id)).toEqual([{ id: kept.id, msgId: kept.id }]);
    expect(handed.filter((h) => h.id === lost.id)).toEqual([{ id: lost.id, msgId: `${lost.id}:r1` }]);
    expect(handed).toHaveLength(2);
    expect(await readBacks('republished') - republishedBefore).toBe(1);
    // The kept event, and the copy once published again.
    expect(await readBacks('verified') - verifiedBefore).toBeGreaterThanOrEqual(2);
  });
});
