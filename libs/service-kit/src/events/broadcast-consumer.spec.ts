import { randomBytes } from 'node:crypto';

import { defineEvent, type EventEnvelope } from '@marketplace/contracts';
import { testNatsUrl } from '@marketplace/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { encodeJson } from '../bus/codec.js';
import { type BroadcastConsumer, startBroadcastConsumer } from './broadcast-consumer.js';

// A real NATS (the unit project's, else an embedded one); two connections stand in for two replicas.
const suffix = randomBytes(4).toString('hex');
const event = defineEvent(`kit.broadcast${suffix}`, 1, 'jobs', z.object({ memberId: z.string() }));
const signal = `kit.broadcast${suffix}.signal`;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let replicas: NatsConnection[] = [];
let publisher: NatsConnection;

beforeAll(async () => {
  const servers = await testNatsUrl();
  replicas = await Promise.all([connect({ servers }), connect({ servers })]);
  publisher = await connect({ servers });
});

afterAll(async () => {
  await Promise.all([...replicas, publisher].map((nc) => nc?.close()));
});

function recorder(name: string): BroadcastConsumer & { heard: (string | undefined)[] } {
  const heard: (string | undefined)[] = [];
  return {
    name,
    heard,
    events: [event, signal],
    hear: (e: EventEnvelope | undefined, subject: string) => {
      heard.push(subject === signal ? 'signal' : (e?.payload as { memberId: string } | undefined)?.memberId);
    },
  };
}

describe('the event consumer in broadcast mode', () => {
  it('every replica hears every event and signal; an unreadable event is heard as undefined', async () => {
    const consumers = replicas.map((_, i) => recorder(`replica-${i}`));
    const listeners = replicas.map((nc, i) => startBroadcastConsumer(nc, consumers[i]!, logger));
    await Promise.all(replicas.map((nc) => nc.flush()));
    const envelope = { id: 'e1', type: event.type, version: 1, occurredAt: new Date().toISOString(), payload: { memberId: 'm1' } };
    publisher.publish(event.subject, encodeJson(envelope));
    publisher.publish(signal);
    publisher.publish(event.subject, encodeJson({ ...envelope, payload: { memberId: 7 } }));
    await publisher.flush();
    const deadline = Date.now() + 5000;
    while (consumers.some((c) => c.heard.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const c of consumers) expect(c.heard).toEqual(['m1', 'signal', undefined]);
    for (const l of listeners) l.stop();
  });

  it('hears nothing, and fails nothing, without a connection', () => {
    const listener = startBroadcastConsumer(undefined, recorder('none'), logger);
    expect(() => listener.stop()).not.toThrow();
  });
});
