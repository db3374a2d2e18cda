import 'reflect-metadata';

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { defineQueue, type ServiceName, workStreamName } from '@marketplace/contracts';
import { testDatabaseUrl, testNatsUrl, until } from '@marketplace/testing';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { decodeJson } from '../bus/codec.js';
import { createDataSource, migrate } from '../database/data-source.factory.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { enqueueWork } from '../queues/enqueue-work.js';
import { type OutboxRow, recordingEvents } from './event-writer.js';
import { OutboxRelay } from './outbox-relay.js';

// Real PostgreSQL and NATS (JetStream): the relay publishes work items of a service of this run's
// own, so its work stream (kept until a worker takes them, and none does here) holds exactly what
// was published, in the order it was stored.
const suffix = randomBytes(4).toString('hex');
const service = `kitr${suffix}` as ServiceName;
const schema = `kitr_${suffix}`;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const queue = defineQueue(service, 'relayed', 1, z.object({ n: z.number().int() }));

let nc: NatsConnection;
let jsm: JetStreamManager;
let ds: DataSource;
let relay: OutboxRelay;
let uow: UnitOfWork;

const unpublished = async () => ((await ds.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL')) as [{ n: number }])[0].n;
const stored = async () => (await jsm.streams.info(workStreamName(service)).catch(() => undefined))?.state.messages ?? 0;

/** The payloads the stream holds, in its order. */
async function storedPayloads(): Promise<number[]> {
  const info = await jsm.streams.info(workStreamName(service));
  const out: number[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const msg = await jsm.streams.getMessage(workStreamName(service), { seq }).catch(() => null);
    if (msg) out.push(decodeJson<{ payload: { n: number } }>(msg.data).payload.n);
  }
  return out;
}

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  nc = await connect({ servers: await testNatsUrl() });
  jsm = await jetstreamManager(nc);
  ds = createDataSource({ schema, entities: [], migrations: [] });
  ds.setOptions({ logging: false });
  await ds.initialize();
  await migrate(ds, schema);
  // Not started: no poll runs unless a test asks for a pass (kick), so what publishes is plain.
  relay = new OutboxRelay(ds, nc, logger, { verifyAfterMs: 0 });
  uow = new UnitOfWork(ds, relay);
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  await jsm?.streams.delete(workStreamName(service)).catch(() => undefined);
  await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await ds?.destroy();
  await nc?.close();
});

describe('the outbox relay', () => {
  it('publishes what a unit of work committed at once, in order, and marks it published without a poll', async () => {
    await uow.run(async (em) => {
      for (const n of [1, 2, 3]) await enqueueWork(em, queue, { n });
    });
    await until(async () => (await unpublished()) === 0, { what: 'the rows marked published', intervalMs: 20 });
    expect(await stored()).toBe(3);
    expect(await storedPayloads()).toEqual([1, 2, 3]);
  });

  it('hands over only what the commit wrote: an older row nobody handed over waits for the poll', async () => {
    const before = await stored();
    // Written outside a transaction: no commit hands it over.
    const stray = await enqueueWork(ds.manager, queue, { n: 10 });
    const own = await uow.run((em) => enqueueWork(em, queue, { n: 11 }));
    const publishedAt = async (id: string) =>
      ((await ds.query('SELECT published_at FROM outbox_events WHERE id = $1', [id])) as [{ published_at: Date | null }])[0].published_at;
    await until(async () => (await publishedAt(own.id)) !== null, { what: 'the committed row marked published', intervalMs: 20 });
    await sleep(200);
    expect(await publishedAt(stray.id)).toBeNull();
    expect((await storedPayloads()).slice(-1)).toEqual([11]);
    relay.kick();
    await until(async () => (await publishedAt(stray.id)) !== null, { what: 'the poll to publish the stray row', intervalMs: 20 });
    expect((await stored()) - before).toBe(2);
  });

  it('stores one copy when the poll of another relay claims rows that are being handed over too', async () => {
    let rows: OutboxRow[] = [];
    const before = await stored();
    // Another replica of the service: its poll does not know what this relay is handing over.
    const other = new OutboxRelay(ds, nc, logger, { verifyAfterMs: 0 });
    await ds.transaction(async (em) => {
      const done = await recordingEvents(em, async () => {
        for (const n of [4, 5]) await enqueueWork(em, queue, { n });
      });
      rows = done.recorded;
    });
    relay.publishCommitted(rows);
    other.kick();
    await until(async () => (await unpublished()) === 0, { what: 'the rows marked published', intervalMs: 20 });
    await sleep(200);
    expect((await stored()) - before).toBe(2);
    await other.stop();
  });

  it('marks what several commits published in one statement, before its own poll claims anything', async () => {
    // A delay no test step reaches: the poll's pass is what marks them here.
    const patient = new OutboxRelay(ds, nc, logger, { verifyAfterMs: 0, markDelayMs: 60_000 });
    const before = await stored();
    const ids: string[] = [];
    for (const n of [7, 8, 9]) {
      ids.push((await new UnitOfWork(ds, patient).run((em) => enqueueWork(em, queue, { n }))).id);
      await until(async () => (await stored()) === before + ids.length, { what: 'the commit published', intervalMs: 10 });
    }
    expect(await unpublished()).toBe(3);
    patient.kick();
    await until(async () => (await unpublished()) === 0, { what: 'the rows marked', intervalMs: 20 });
    const marks = (await ds.query('SELECT count(DISTINCT published_at)::int AS n FROM outbox_events WHERE id = ANY($1::uuid[])', [ids])) as [{ n: number }];
    // One statement: one transaction time for the three.
    expect(marks[0].n).toBe(1);
    await sleep(200);
    expect((await stored()) - before).toBe(3);
    expect((await storedPayloads()).slice(-3)).toEqual([7, 8, 9]);
    await patient.stop();
  });

  it('leaves rows whose publish failed unpublished, for the poll to send', async () => {
    const gone = await connect({ servers: await testNatsUrl() });
    const cutOff = new OutboxRelay(ds, gone, logger, { verifyAfterMs: 0 });
    await gone.close();
    const before = await stored();
    await new UnitOfWork(ds, cutOff).run((em) => enqueueWork(em, queue, { n: 6 }));
    await sleep(300);
    expect(await unpublished()).toBe(1);
    expect(await stored()).toBe(before);
    relay.kick();
    await until(async () => (await unpublished()) === 0, { what: 'the poll to publish the row', intervalMs: 20 });
    expect((await stored()) - before).toBe(1);
    expect((await storedPayloads()).at(-1)).toBe(6);
    await cutOff.stop();
  });
});
