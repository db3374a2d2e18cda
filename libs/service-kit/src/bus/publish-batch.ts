import type { NatsConnection, PublishOptions } from '@nats-io/transport-node';

type Sent = (err?: Error) => void;

/**
 * Publishes made during one turn of the event loop, handed to the connection together at its end
 * so they leave in one socket write. nats.js writes after every callback, so under load each
 * request and each reply cost a system call of their own and a wake-up of the NATS server: the
 * largest cost of a bus hop after the bytes themselves. The wait is a `setImmediate`, not a timer.
 */
export class PublishBatch {
  private queued: { subject: string; data: Uint8Array; opts: PublishOptions | undefined; sent: Sent | undefined }[] = [];

  constructor(private readonly nc: NatsConnection) {}

  /** `sent` learns when the message was handed to the connection, or why it could not be. */
  publish(subject: string, data: Uint8Array, opts?: PublishOptions, sent?: Sent): void {
    if (!this.queued.length) setImmediate(this.flush);
    this.queued.push({ subject, data, opts, sent });
  }

  private readonly flush = (): void => {
    const queued = this.queued;
    this.queued = [];
    for (const { subject, data, opts, sent } of queued) {
      try {
        this.nc.publish(subject, data, opts);
      } catch (err) {
        sent?.(err instanceof Error ? err : new Error(String(err)));
        continue;
      }
      sent?.();
    }
  };
}
