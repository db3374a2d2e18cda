import 'reflect-metadata';

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { defineEvent, EVENTS_STREAM } from '@marketplace/contracts';
import { testDatabaseUrl, testNatsUrl, until } from '@marketplace/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { type Counter, register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createDataSource, migrate } from '../database/data-source.factory.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { ensureEventStream } from '../events/event-stream.js';
import { recordEvent } from './event-writer.js';
import { OutboxRelay } from './outbox-relay.js';

// The test NATS is one server, its events stream one replica (as npm start runs it): real
// PostgreSQL, a throw-away schema and an event subject of this run's own.
const suffix = randomBytes(4).toString('hex');
const schema = `kitrb1_${suffix}`;
const event = defineEvent(`kit.solecopy${suffix}`, 1, 'jobs', z.object({ n: z.number().int() }));
const AFTER_MS = 300;

let nc: NatsConnection;
let ds: DataSource;
let relay: OutboxRelay;

async function readBacks(outcome: string): Promise<number> {
  const metric = register.getSingleMetric('outbox_readbacks_total') as Counter | undefined;
  return (await metric?.get())?.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  nc = await connect({ servers: await testNatsUrl() });
  await ensureEventStream(nc);
  ds = createDataSource({ schema, entities: [], migrations: [] });
  await ds.initialize();
  await migrate(ds, schema);
  relay = new OutboxRelay(ds, nc, pino({ level: 'silent' }), { verifyAfterMs: AFTER_MS });
  await relay.start();
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await ds?.destroy();
  await nc?.close();
});

describe('the outbox relay on an events stream of one replica', () => {
  it('reads nothing back: the PubAck came from the only copy', async () => {
    expect((await (await jetstreamManager(nc)).streams.info(EVENTS_STREAM)).config.num_replicas).toBe(1);
    const before = { sole: await readBacks('sole-copy'), verified: await readBacks('verified') };
    await new UnitOfWork(ds, relay).run(async (em) => {
      await recordEvent(em, event, { n: 1 });
      await recordEvent(em, event, { n: 2 });
    });
    await until(async () => (await readBacks('sole-copy')) - before.sole === 2, { timeoutMs: 10_000, what: 'both events to be let go unread' });
    // Past another pass: nothing was read back or published again.
    await sleep(AFTER_MS * 2 + 1000);
    expect((await readBacks('sole-copy')) - before.sole).toBe(2);
    expect(await readBacks('verified')).toBe(before.verified);
    expect(await readBacks('republished')).toBe(0);
  });
});
