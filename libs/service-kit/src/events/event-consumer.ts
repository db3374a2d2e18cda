import { EVENT_CONSUMER_NAMES, type EventDefinition, eventDurableName, type EventEnvelope, EVENTS_STREAM, type ServiceName } from '@marketplace/contracts';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Provider, Type } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';

import { decodeJson } from '../bus/codec.js';
import type { Logger } from '../logging/logger.js';
import { type OutboxRow, recordingEvents } from '../outbox/event-writer.js';
import { countConsumedEvent } from './event-metrics.js';
import { ensureEventStream } from './event-stream.js';
import { markEventProcessed } from './events.queries.js';

/** Applies one event inside a transaction that also records it as processed. */
export interface EventConsumer<P extends z.ZodType = z.ZodType> {
  /** Durable name: stable across deploys, unique per purpose. */
  readonly name: string;
  readonly event: EventDefinition<P>;
  apply(event: EventEnvelope<z.output<P>>, em: EntityManager): Promise<void>;
}

export const EVENT_CONSUMERS = Symbol('EVENT_CONSUMERS');

export function consumersProvider(...consumers: Type<EventConsumer<any>>[]): Provider {
  return { provide: EVENT_CONSUMERS, useFactory: (...instances: EventConsumer[]) => instances, inject: consumers };
}

/**
 * Durable pull consumers: replicas share one durable, delivery is at least once, and the
 * processed_events row makes applying idempotent. For what every replica must hear (cache drops,
 * hints held in memory), the broadcast mode: `startBroadcastConsumer` in `broadcast-consumer.ts`.
 */
export class EventConsumerRunner {
  private readonly streams: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly ds: DataSource,
    private readonly service: string,
    private readonly logger: Logger,
    /** Called after a commit in which a consumer recorded events, with them, so they are relayed at once. */
    private readonly afterCommit: (recorded: OutboxRow[]) => void = () => undefined,
  ) {}

  async start(consumers: readonly EventConsumer[]): Promise<void> {
    if (consumers.length === 0) return;
    await ensureEventStream(this.nc);
    const jsm = await jetstreamManager(this.nc);
    const js = jetstream(this.nc);
    for (const consumer of consumers) {
      // The bus lets a service use only the durables its contract lists (bus-permissions.ts).
      if (!(EVENT_CONSUMER_NAMES[this.service as ServiceName] ?? []).includes(consumer.name)) {
        throw new Error(
          `Event consumer "${consumer.name}" of ${this.service} is not listed in libs/contracts/src/events/event-consumers.ts: add it there, or the bus refuses its durable.`,
        );
      }
      const durable = eventDurableName(this.service as ServiceName, consumer.name);
      await jsm.consumers
        .add(EVENTS_STREAM, {
          durable_name: durable,
          filter_subject: consumer.event.subject,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: 30 * 1e9,
          max_ack_pending: 1000,
        })
        .catch(async (err) => {
          await jsm.consumers.info(EVENTS_STREAM, durable).catch(() => {
            throw err;
          });
        });
      const messages = await (await js.consumers.get(EVENTS_STREAM, durable)).consume({ max_messages: 100 });
      this.streams.push(messages);
      this.loops.push(this.run(consumer, durable, messages));
    }
  }

  private async run(consumer: EventConsumer, durable: string, messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      let event: EventEnvelope;
      try {
        event = decodeJson<EventEnvelope>(msg.data);
        event.payload = consumer.event.payload.parse(event.payload);
      } catch (err) {
        this.logger.error({ err, durable, seq: msg.seq }, 'undecodable event dropped');
        countConsumedEvent(durable, 'durable', 'dropped');
        msg.term();
        continue;
      }
      try {
        let applied = false;
        let recorded: OutboxRow[] = [];
        await this.ds.transaction(async (em) => {
          if (!(await markEventProcessed(em, durable, event.id))) return;
          recorded = (await recordingEvents(em, () => consumer.apply(event, em))).recorded;
          applied = true;
        });
        if (recorded.length > 0) this.afterCommit(recorded);
        msg.ack();
        countConsumedEvent(durable, 'durable', applied ? 'applied' : 'skipped');
      } catch (err) {
        countConsumedEvent(durable, 'durable', 'failed');
        this.logger.warn({ err, durable, eventId: event.id }, 'event not applied; redelivering later');
        msg.nak(2000);
      }
    }
  }

  async stop(): Promise<void> {
    for (const s of this.streams) await s.close().catch(() => undefined);
    await Promise.allSettled(this.loops);
  }
}
