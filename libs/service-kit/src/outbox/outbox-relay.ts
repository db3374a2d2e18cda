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
import type { OutboxRow } from './event-writer.js';
import { anyUnpublished, claimUnpublished, markPublished, outboxBacklog } from './outbox.queries.js';
import { OutboxReadBack } from './outbox-read-back.js';

const BATCH = 100;
/**
 * How long published rows wait to be marked: the marks of the batches published meanwhile go in
 * one statement. 100 ms cut a write's statements by 0.6–3.2 at 20 writes a second, but
 * bench:capacity's one-process figure fell with it (median 187 against 269 req/s in runs taken in
 * turns, the first steps past 200 ops/s failing on their p99) for a reason not found, so only the
 * batches published in one turn of the event loop share a mark (see
 * bench/reports/2026-12-07-marks-and-where-the-mix-goes.md).
 */
const MARK_DELAY_MS = 0;
const pollMs = (): number => busSettings().outboxPollMs;
/** 0 turns the read-back off (a nats-server of 2.11 or later does not lose acknowledged messages at a leader change). */
const verifyAfterMs = (): number => busSettings().outboxVerifyAfterMs;

export interface OutboxRelayOptions {
  /** In place of OUTBOX_VERIFY_AFTER_MS for this relay alone: `bench:events` runs relays with the read-back on and off in one process. */
  verifyAfterMs?: number;
  /** In place of MARK_DELAY_MS. */
  markDelayMs?: number;
}

/**
 * Publishes committed outbox rows to JetStream, always with the event id as the message id, so a
 * second publish of one row (a retry after a crash, or the two paths below meeting) is
 * de-duplicated by the stream, and consumers recognise the event by its id besides.
 *
 * - What a unit of work or a consumer committed is handed over at once (`publishCommitted`):
 *   published, then marked published in one statement, with no transaction held open across the
 *   publishes. Commits that arrive while a batch is out go together in the next.
 * - A poll (every OUTBOX_POLL_MS, and on start) claims whatever is still unpublished with SKIP
 *   LOCKED, so replicas share it: rows written outside a unit of work, rows whose process died
 *   before publishing them, and rows whose publish or mark failed (NATS or PostgreSQL away).
 *
 * Events are read back from the stream a few seconds after their PubAck and published again if
 * the stream lost them (`OutboxReadBack`).
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
  /** Committed rows waiting for the batch in flight to finish. */
  private committed: OutboxRow[] = [];
  private publishing: Promise<void> | undefined;
  /** Ids handed over by commits and not yet marked (or given up): the poll leaves them alone. */
  private readonly handling = new Set<string>();
  /** Ids published and not yet marked, with the timer that marks them. */
  private unmarked: string[] = [];
  private markTimer: NodeJS.Timeout | undefined;
  private marking: Promise<void> = Promise.resolve();

  constructor(
    private readonly ds: DataSource,
    private readonly nc: NatsConnection,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.js = jetstream(nc);
  }

  async start(): Promise<void> {
    await ensureEventStream(this.nc);
    this.removeProbe = addOutboxProbe(async () => {
      const { pending, oldest } = await outboxBacklog(this.ds);
      return { pending, oldestSeconds: oldest };
    });
    const afterMs = this.options.verifyAfterMs ?? verifyAfterMs();
    if (afterMs > 0) {
      this.readBack = new OutboxReadBack(this.ds, this.nc, this.logger, { afterMs });
      this.readBack.start();
    }
    this.timer = setInterval(() => this.kick(), pollMs());
    this.timer.unref();
    this.kick();
  }

  /**
   * Rows a transaction entered in the outbox, after it committed: published now rather than at the
   * next poll. A failure leaves them unpublished in the table, for the poll.
   */
  publishCommitted(rows: readonly OutboxRow[]): void {
    if (this.stopped || rows.length === 0) return;
    this.committed.push(...rows);
    for (const row of rows) this.handling.add(row.id);
    this.publishing ??= this.publishBatches().finally(() => {
      this.publishing = undefined;
    });
  }

  private async publishBatches(): Promise<void> {
    while (this.committed.length > 0 && !this.stopped) {
      const batch = this.committed.splice(0, BATCH);
      try {
        const acks = await this.publish(batch);
        this.readBack?.track(batch.map((row, i) => ({ id: row.id, ack: acks[i]! })));
        this.markSoon(batch.map((row) => row.id));
      } catch (err) {
        for (const row of batch) this.handling.delete(row.id);
        this.logger.warn({ err, events: batch.length }, 'committed events not published at once; the outbox poll will');
      }
    }
  }

  private markSoon(ids: readonly string[]): void {
    this.unmarked.push(...ids);
    if (this.unmarked.length >= BATCH) void this.markNow();
    else this.markTimer ??= setTimeout(() => void this.markNow(), this.options.markDelayMs ?? MARK_DELAY_MS).unref();
  }

  /** Marks what is waiting in one statement, after any mark under way. A failed mark leaves the rows to the poll. */
  private markNow(): Promise<void> {
    clearTimeout(this.markTimer);
    this.markTimer = undefined;
    const ids = this.unmarked;
    this.unmarked = [];
    if (ids.length === 0) return this.marking;
    this.marking = this.marking.then(() =>
      markPublished(this.ds, ids)
        .then(
          () => undefined,
          (err: unknown) =>
            this.logger.warn(
              { err, events: ids.length },
              'published events not marked; the outbox poll will publish them again, and the stream keeps one copy',
            ),
        )
        .finally(() => {
          for (const id of ids) this.handling.delete(id);
        }),
    );
    return this.marking;
  }

  private async publish(rows: readonly OutboxRow[]): Promise<PubAck[]> {
    await this.ensureWorkStreams(rows);
    return Promise.all(rows.map((row) => this.js.publish(row.subject, encodeJson(row.envelope), { msgID: row.id }))).catch((err: unknown) => {
      this.workStreams.clear();
      throw err;
    });
  }

  /** A poll pass now, or right after the one running. */
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
    // Rows this relay is publishing or marking are left to it: a poll that claimed them would
    // publish them again (the stream keeps one copy) and hold their marks up behind its transaction.
    const skip = () => [...this.handling];
    // What waits for its mark is marked now, so a long mark delay never outlasts a poll.
    await this.markNow();
    if (!(await anyUnpublished(this.ds, skip()))) return;
    for (;;) {
      const published = await this.ds.transaction(async (em) => {
        // Marked published as they are claimed; a failed publish throws and the transaction undoes the mark.
        const rows = await claimUnpublished(em, BATCH, skip());
        if (rows.length === 0) return [];
        const acks = await this.publish(rows);
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
    // A batch in flight finishes (or is left to the next poll, anywhere): its rows are in the table either way.
    await this.publishing;
    await this.running;
    await this.markNow();
    this.handling.clear();
    await this.readBack?.stop();
  }
}
