import { workServiceOf } from '@marketplace/contracts';
import { jetstream, type JetStreamClient, type PubAck } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';

import { encodeJson } from '../bus/codec.js';
import { ensureEventStream } from '../events/event-stream.js';
import { addOutboxProbe } from '../health/service-metrics.js';
import type { Logger } from '../logging/logger.js';
import { ensureWorkStream } from '../queues/work-stream.js';
import { busSettings } from '../scope/kit-settings.js';
import { lockUnpublished, markPublished, outboxBacklog } from './outbox.queries.js';
import { OutboxReadBack } from './outbox-read-back.js';

const BATCH = 100;
const pollMs = (): number => busSettings().outboxPollMs;
/** 0 turns the read-back off (a nats-server of 2.11 or later does not lose acknowledged messages at a leader change). */
const verifyAfterMs = (): number => busSettings().outboxVerifyAfterMs;

/**
 * Publishes committed outbox rows to JetStream. Rows are claimed with SKIP LOCKED so replicas
 * share the work, and published with the event id as the message id so a retry after a crash
 * is de-duplicated by the stream. Events are read back from the stream a few seconds after their
 * PubAck and published again if the stream lost them (`OutboxReadBack`).
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Services whose work stream this relay has made sure of; cleared when a publish fails, in case a stream went away. */
  private readonly workStreams = new Set<string>();
  private removeProbe: (() => void) | undefined;
  private readBack: OutboxReadBack | undefined;

  constructor(
    private readonly ds: DataSource,
    private readonly nc: NatsConnection,
    private readonly logger: Logger,
  ) {
    this.js = jetstream(nc);
  }

  async start(): Promise<void> {
    await ensureEventStream(this.nc);
    this.removeProbe = addOutboxProbe(async () => {
      const { pending, oldest } = await outboxBacklog(this.ds);
      return { pending, oldestSeconds: oldest };
    });
    const afterMs = verifyAfterMs();
    if (afterMs > 0) {
      this.readBack = new OutboxReadBack(this.ds, this.nc, this.logger, { afterMs });
      this.readBack.start();
    }
    this.timer = setInterval(() => this.kick(), pollMs());
    this.timer.unref();
    this.kick();
  }

  /** Called after a commit that wrote events, so they go out at once rather than on the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.logger.warn({ err }, 'outbox relay pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const published = await this.ds.transaction(async (em) => {
        const rows = await lockUnpublished(em, BATCH);
        if (rows.length === 0) return [];
        await this.ensureWorkStreams(rows);
        const acks: PubAck[] = await Promise.all(rows.map((row) => this.js.publish(row.subject, encodeJson(row.envelope), { msgID: row.id }))).catch(
          (err: unknown) => {
            this.workStreams.clear();
            throw err;
          },
        );
        await markPublished(
          em,
          rows.map((r) => r.id),
        );
        return rows.map((row, i) => ({ id: row.id, ack: acks[i]! }));
      });
      this.readBack?.track(published);
      if (published.length < BATCH) return;
    }
  }

  /** Work items share the outbox with events but go to their service's work stream, which may not exist yet. */
  private async ensureWorkStreams(rows: readonly { subject: string }[]): Promise<void> {
    for (const row of rows) {
      const service = workServiceOf(row.subject);
      if (!service || this.workStreams.has(service)) continue;
      await ensureWorkStream(this.nc, service);
      this.workStreams.add(service);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.removeProbe?.();
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.readBack?.stop();
  }
}
