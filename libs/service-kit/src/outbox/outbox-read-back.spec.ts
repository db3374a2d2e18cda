import 'reflect-metadata';

import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { defineEvent, type EventEnvelope, EVENTS_STREAM } from '@marketplace/contracts';
import { type NatsCluster, startNatsCluster, testDatabaseUrl, until } from '@marketplace/testing';
import { AckPolicy, DeliverPolicy, jetstream, type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { type Counter, register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { decodeJson } from '../bus/codec.js';
import { createDataSource, migrate } from '../database/data-source.factory.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { ensureEventStream } from '../events/event-stream.js';
import { recordEvent } from './event-writer.js';
import { OutboxRelay } from './outbox-relay.js';

// A three-server JetStream cluster of this file's own with the events stream at three replicas, as
// production runs it (a leader change is what only a cluster shows), and real PostgreSQL: a
// throw-away schema and event subjects of this run's own.
const suffix = randomBytes(4).toString('hex');
const schema = `kitrb_${suffix}`;
const lostEvent = defineEvent(`kit.readback${suffix}`, 1, 'jobs', z.object({ n: z.number().int() }));
const changeEvent = defineEvent(`kit.leaderchange${suffix}`, 1, 'jobs', z.object({ n: z.number().int() }));
const awayEvent = defineEvent(`kit.replicaaway${suffix}`, 1, 'jobs', z.object({ n: z.number().int() }));
const durable = `kit-readback-${suffix}`;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const AFTER_MS = 1500;
const saved = { after: process.env.OUTBOX_VERIFY_AFTER_MS, replicas: process.env.JETSTREAM_REPLICAS };

let dir: string;
let cluster: NatsCluster;
let nc: NatsConnection;
let jsm: JetStreamManager;
let ds: DataSource;
let relay: OutboxRelay;
let uow: UnitOfWork;

async function readBacks(outcome: string): Promise<number> {
  const metric = register.getSingleMetric('outbox_readbacks_total') as Counter | undefined;
  return (await metric?.get())?.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

/** The message ids the stream holds, by sequence. */
async function stored(): Promise<Map<number, string>> {
  const { state } = await jsm.streams.info(EVENTS_STREAM);
  const ids = new Map<number, string>();
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
    const id = (await jsm.streams.getMessage(EVENTS_STREAM, { seq }))?.header?.get('Nats-Msg-Id');
    if (id) ids.set(seq, id);
  }
  return ids;
}

async function published(n: number): Promise<boolean> {
  return (await ds.query('SELECT 1 FROM outbox_events WHERE published_at IS NOT NULL')).length === n;
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kit-read-back-'));
  cluster = await startNatsCluster({ dir });
  process.env.DATABASE_URL = await testDatabaseUrl();
  process.env.OUTBOX_VERIFY_AFTER_MS = String(AFTER_MS);
  process.env.JETSTREAM_REPLICAS = '3';
  nc = await connect({ servers: cluster.urls });
  jsm = await jetstreamManager(nc);
  await until(
    () =>
      ensureEventStream(nc).then(
        () => true,
        () => false,
      ),
    { timeoutMs: 30_000, intervalMs: 500, what: 'the events stream at three replicas' },
  );
  await jsm.consumers.add(EVENTS_STREAM, {
    durable_name: durable,
    filter_subject: lostEvent.subject,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
  });
  ds = createDataSource({ schema, entities: [], migrations: [] });
  await ds.initialize();
  await migrate(ds, schema);
  relay = new OutboxRelay(ds, nc, logger);
  await relay.start();
  uow = new UnitOfWork(ds, relay);
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  restore('OUTBOX_VERIFY_AFTER_MS', saved.after);
  restore('JETSTREAM_REPLICAS', saved.replicas);
  await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await ds?.destroy();
  await nc?.close();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the outbox relay reads published events back', { timeout: 60_000 }, () => {
  it('publishes again an acknowledged event the stream lost, under a message id of its own; a consumer is handed each event once', async () => {
    const republishedBefore = await readBacks('republished');
    const verifiedBefore = await readBacks('verified');
    const [lost, kept] = await uow.run(async (em) => [await recordEvent(em, lostEvent, { n: 1 }), await recordEvent(em, lostEvent, { n: 2 })]);
    await until(() => published(2), { intervalMs: 20, what: 'the relay to publish' });

    // What a consumer led from a diverged replica sees: the PubAck named a sequence the stream no
    // longer holds. The message id stays in the stream's duplicate window, as on such a leader.
    const lostSeq = [...(await stored())].find(([, id]) => id === lost.id)?.[0];
    expect(lostSeq).toBeDefined();
    expect(await jsm.streams.deleteMessage(EVENTS_STREAM, lostSeq!)).toBe(true);
    // Published again under the same id, the stream would answer "duplicate" and store nothing.
    const duplicate = await jetstream(nc).publish(lostEvent.subject, new TextEncoder().encode('{}'), { msgID: lost.id });
    expect(duplicate.duplicate).toBe(true);

    const handed: { id: string; msgId: string | undefined }[] = [];
    const messages = await (await jetstream(nc).consumers.get(EVENTS_STREAM, durable)).consume({ max_messages: 10 });
    const reading = (async () => {
      for await (const msg of messages) {
        handed.push({ id: decodeJson<EventEnvelope>(msg.data).id, msgId: msg.headers?.get('Nats-Msg-Id') });
        msg.ack();
      }
    })();
    await until(() => handed.some((h) => h.id === lost.id), { timeoutMs: 10_000, what: 'the lost event to be published again and handed over' });
    // Long enough for the copy to be read back too, and for any further copy to arrive.
    await sleep(AFTER_MS * 2 + 500);
    await messages.close();
    await reading;

    expect(handed.filter((h) => h.id === kept.id)).toEqual([{ id: kept.id, msgId: kept.id }]);
    expect(handed.filter((h) => h.id === lost.id)).toEqual([{ id: lost.id, msgId: `${lost.id}:r1` }]);
    expect(handed).toHaveLength(2);
    expect((await readBacks('republished')) - republishedBefore).toBe(1);
    // The kept event, and the copy once published again.
    expect((await readBacks('verified')) - verifiedBefore).toBeGreaterThanOrEqual(2);
  });

  it('at a leader change, publishes again what was acknowledged just before, though the new leader holds it', async () => {
    const event = await uow.run((em) => recordEvent(em, changeEvent, { n: 1 }));
    await until(() => published(3), { what: 'the relay to publish' });
    const { cluster: before } = await jsm.streams.info(EVENTS_STREAM);
    expect(before?.replicas).toHaveLength(2);
    // Read back and found under the first leader.
    await sleep(AFTER_MS + 1500);
    expect([...(await stored()).values()].filter((id) => id.startsWith(event.id))).toEqual([event.id]);

    // A replica of nats-server before 2.11 may have dropped the message at such a change, and
    // nobody can ask a replica that is not the leader; a leader asked to step down stands for it.
    await nc.request(`$JS.API.STREAM.LEADER.STEPDOWN.${EVENTS_STREAM}`, undefined, { timeout: 5000 });
    await until(
      async () => {
        const leader = (await jsm.streams.info(EVENTS_STREAM).catch(() => undefined))?.cluster?.leader;
        return leader !== undefined && leader !== before?.leader;
      },
      { timeoutMs: 20_000, what: 'a new leader' },
    );

    await until(async () => [...(await stored()).values()].includes(`${event.id}:c1`), { timeoutMs: 20_000, what: 'the event to be published again' });
    expect([...(await stored()).values()].filter((id) => id.startsWith(event.id))).toEqual([event.id, `${event.id}:c1`]);
  });

  it('when a replica that was away is current again, publishes again what was acknowledged while it was away', async () => {
    const { cluster: before } = await jsm.streams.info(EVENTS_STREAM);
    // Not the server this test's connection (and the relay's) is on, which would freeze them too.
    const follower = before!.replicas!.find((r) => r.name !== nc.info?.server_name)!.name;
    // The server is frozen rather than stopped, so it comes back with its own store, as after a cut.
    const pid = Number((await readFile(join(dir, follower, 'nats-server.pid'), 'utf8')).trim());
    process.kill(pid, 'SIGSTOP');
    let event: EventEnvelope;
    try {
      await until(
        async () => (await jsm.streams.info(EVENTS_STREAM)).cluster?.replicas?.some((r) => r.name === follower && (r.offline || !r.current)) || undefined,
        { timeoutMs: 30_000, intervalMs: 250, what: 'the replica to be seen away' },
      );
      event = await uow.run((em) => recordEvent(em, awayEvent, { n: 1 }));
      await until(() => published(4), { what: 'the relay to publish' });
      // Away long enough to count (a moment behind under load does not).
      await sleep(6_000);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // The stream answers "temporarily unavailable" for a moment as the replica rejoins.
    await until(async () => [...(await stored().catch(() => new Map<number, string>())).values()].includes(`${event.id}:c1`), {
      timeoutMs: 30_000,
      what: 'the event to be published again',
    });
    // A replica that flaps while it rejoins may have the event sent once more (:c2); consumers keep one.
    const copies = [...(await stored()).values()].filter((id) => id.startsWith(event.id));
    expect(copies.slice(0, 2)).toEqual([event.id, `${event.id}:c1`]);
    expect(copies.every((id) => /:c\d$/.test(id) || id === event.id)).toBe(true);
  });
});
