import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { type EventEnvelope, messageSentV1 } from '@marketplace/contracts';
import { encodeJson } from '@marketplace/service-kit';
import { api, connectAs, type TestMember } from '@marketplace/testing';

import { latencySummary, round } from './load.js';
import type { Receiver } from './webhook-receiver.js';

// How many webhooks a second the system delivers, end to end: a message.sent event stored in the
// events stream (published as the applications service's relay publishes it) -> notifications'
// alert, its delivery row and work item -> the notifications worker's POST -> the receiver here.
// The event's occurredAt is stamped just before it is published; the receiver's clock is the same.
// message.sent is the event only notifications consumes, so nothing else shares the machine.

/** Waits this long past the last publish for the deliveries still on their way. */
const DRAIN_MS = 30_000;

export interface Delivered {
  offered: number;
  delivered: number;
  /** Deliveries received a second, from the first publish to the last arrival. */
  perSecond: number;
  latencyMs: ReturnType<typeof latencySummary>;
}

export interface WebhookRate {
  label: string;
  endpoints: number;
  /** Events at a steady rate: the latency a member sees. */
  paced: Delivered & { ratePerS: number };
  /** Events all at once: the rate the pipeline drains a backlog at. */
  flood: Delivered;
}

/** One endpoint per member, on message.sent, pointing at the receiver. */
export async function registerMessageHooks(base: string, members: readonly TestMember[], url: string): Promise<void> {
  for (const member of members) {
    const hook = await api(base, '/api/me/webhooks', { key: member.key, body: { url, events: [messageSentV1.type] } });
    if (hook.status !== 201) throw new Error(`registering a webhook answered ${hook.status}: ${JSON.stringify(hook.body)}`);
  }
}

type Bus = Awaited<ReturnType<typeof connectAs>>;

/** A message.sent event to `recipient`, stored in the events stream (the request waits for the stream's PubAck). */
async function publishMessageSent(nc: Bus, recipient: TestMember): Promise<string> {
  const envelope: EventEnvelope<unknown> = {
    id: randomUUID(),
    type: messageSentV1.type,
    version: messageSentV1.version,
    producer: messageSentV1.producer,
    occurredAt: new Date().toISOString(),
    payload: messageSentV1.payload.parse({
      messageId: randomUUID(),
      applicationId: randomUUID(),
      jobId: randomUUID(),
      title: 'Benchmark job',
      senderId: randomUUID(),
      recipientId: recipient.id,
      senderRole: 'poster',
      sentAt: new Date().toISOString(),
    }),
  };
  await nc.request(messageSentV1.subject, encodeJson(envelope), { timeout: 10_000 });
  return envelope.id;
}

/** Publishes `count` events over `seconds` (0: all at once), round robin over the recipients, and waits for their deliveries. */
async function deliver(nc: Bus, receiver: Receiver, recipients: readonly TestMember[], count: number, seconds: number): Promise<Delivered> {
  const ids = new Set<string>();
  const from = receiver.arrivals.length;
  const start = Date.now();
  const publishing: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = start + (i * seconds * 1000) / count - Date.now();
    if (wait > 0) await sleep(wait);
    publishing.push(publishMessageSent(nc, recipients[i % recipients.length]!).then((id) => void ids.add(id)));
  }
  await Promise.all(publishing);
  const arrived = () => {
    const seen = new Map<string, { arrivedAt: number; latencyMs: number }>();
    for (const a of receiver.arrivals.slice(from)) if (a.eventId && ids.has(a.eventId) && !seen.has(a.eventId)) seen.set(a.eventId, a);
    return [...seen.values()];
  };
  const deadline = Date.now() + DRAIN_MS;
  while (arrived().length < count && Date.now() < deadline) await sleep(50);
  const got = arrived();
  const last = Math.max(...got.map((a) => a.arrivedAt));
  return {
    offered: count,
    delivered: got.length,
    perSecond: got.length ? round(got.length / Math.max((last - start) / 1000, 0.001), 1) : 0,
    latencyMs: latencySummary(got.map((a) => a.latencyMs)),
  };
}

/**
 * The delivery rate to `recipients`' endpoints (one each): first `pacedPerS` events a second for
 * `pacedSeconds`, then `floodEvents` at once.
 */
export async function measureWebhookRate(opts: {
  natsUrl: string;
  receiver: Receiver;
  recipients: readonly TestMember[];
  label: string;
  pacedPerS: number;
  pacedSeconds: number;
  floodEvents: number;
}): Promise<WebhookRate> {
  const nc = await connectAs(opts.natsUrl, 'applications', 'bench-events-producer');
  try {
    const paced = await deliver(nc, opts.receiver, opts.recipients, opts.pacedPerS * opts.pacedSeconds, opts.pacedSeconds);
    await sleep(1000);
    const flood = await deliver(nc, opts.receiver, opts.recipients, opts.floodEvents, 0);
    return { label: opts.label, endpoints: opts.recipients.length, paced: { ...paced, ratePerS: opts.pacedPerS }, flood };
  } finally {
    await nc.close();
  }
}
