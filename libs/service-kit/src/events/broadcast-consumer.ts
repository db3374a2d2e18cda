import type { EventDefinition, EventEnvelope } from '@marketplace/contracts';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

import { decodeJson } from '../bus/codec.js';
import type { Logger } from '../logging/logger.js';
import { countConsumedEvent } from './event-metrics.js';

/**
 * The event consumer's broadcast mode (the durable mode is `event-consumer.ts`): every replica
 * hears every event, for what each holds in its own memory (cache drops, hints), not for work
 * that must be done once. Events are heard on core NATS as they are published: nothing is stored
 * or acknowledged, a replica hears nothing from before it started, and what is published while it
 * is cut off from NATS is lost, which `missed` is told of. So a consumer's memory must be bounded
 * in time (a TTL) without the events, which only make it fresher. Needs no database and no
 * JetStream permissions (the gateway has neither), and counts and logs as the durable mode does.
 */
export interface BroadcastConsumer {
  /** Names the consumer in logs and metrics. */
  readonly name: string;
  /** The events heard, or bare subjects that carry no event (identity's settings-changed signal). */
  readonly events: readonly (EventDefinition | string)[];
  /**
   * One event heard: its envelope with the payload checked against the event's schema;
   * undefined for a bare subject, or for an event that could not be read (then whom it concerns
   * is unknown: drop everything it might concern).
   */
  hear(event: EventEnvelope | undefined, subject: string): void;
  /** After a reconnect to NATS: what was published while cut off is lost. */
  missed?(): void;
}

export interface BroadcastListener {
  stop(): void;
}

/** Starts hearing the consumer's events on this replica; with no connection (tests, benchmarks), hears nothing. */
export function startBroadcastConsumer(nc: NatsConnection | undefined, consumer: BroadcastConsumer, logger: Logger | undefined): BroadcastListener {
  if (!nc) return { stop: () => undefined };
  const subs: Subscription[] = consumer.events.map((e) => {
    const schema = typeof e === 'string' ? undefined : e.payload;
    const subject = typeof e === 'string' ? e : e.subject;
    return nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) {
          logger?.warn({ err, consumer: consumer.name, subject }, 'broadcast subscription failed');
          return;
        }
        let event: EventEnvelope | undefined;
        let outcome: 'applied' | 'dropped' = 'applied';
        if (schema) {
          try {
            event = decodeJson<EventEnvelope>(msg.data);
            event.payload = schema.parse(event.payload);
          } catch (err) {
            logger?.error({ err, consumer: consumer.name, subject }, 'undecodable event heard');
            event = undefined;
            outcome = 'dropped';
          }
        }
        try {
          consumer.hear(event, subject);
          countConsumedEvent(consumer.name, 'broadcast', outcome);
        } catch (err) {
          countConsumedEvent(consumer.name, 'broadcast', 'failed');
          logger?.warn({ err, consumer: consumer.name, subject }, 'event not applied');
        }
      },
    });
  });
  let stopped = false;
  if (consumer.missed) {
    const missed = consumer.missed.bind(consumer);
    void (async () => {
      for await (const status of nc.status()) {
        if (stopped) break;
        if (status.type === 'reconnect') missed();
      }
    })().catch(() => undefined);
  }
  return {
    stop: () => {
      stopped = true;
      for (const s of subs) s.unsubscribe();
    },
  };
}
