import {
  createInbox,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  NoRespondersError,
  PermissionViolationError,
  RequestError,
  type Subscription,
  TimeoutError,
} from '@nats-io/transport-node';

import { inboxPrefixOf } from './nats-connection.js';
import { PublishBatch } from './publish-batch.js';

interface Pending {
  subject: string;
  resolve(data: Uint8Array): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over one wildcard subscription of the connection's inbox, as `nc.request` does,
 * with nothing allocated per request beyond a promise and a timer: nats.js builds an Error (stack
 * trace and all) to reject every request it has already resolved, a tenth of the gateway's CPU per
 * forwarded request. Requests sent in one turn of the event loop leave in one write (PublishBatch).
 * Failures are the errors `nc.request` gives: TimeoutError, and RequestError for no responders, a
 * refused publish and a closed connection.
 */
export class ReplyInbox {
  private static readonly byConnection = new WeakMap<NatsConnection, ReplyInbox>();

  /** The connection's one inbox, however many clients send on it. */
  static of(nc: NatsConnection): ReplyInbox {
    let inbox = ReplyInbox.byConnection.get(nc);
    if (!inbox) ReplyInbox.byConnection.set(nc, (inbox = new ReplyInbox(nc)));
    return inbox;
  }

  private readonly pending = new Map<string, Pending>();
  /** `<inbox prefix>.<nuid>.`; a request's reply subject adds its own token. */
  private base = '';
  /**
   * Tokens need only be unique under this inbox, whose subject is random and this connection's
   * alone: a counter, rather than a random UUID per request (formatting one was 1% of the gateway's
   * CPU on the board's hop).
   */
  private sent = 0;
  private sub: Subscription | undefined;
  private readonly batch: PublishBatch;
  /** Whether the connection's end and its refused publishes are watched (from the first request on). */
  private watching = false;

  private constructor(private readonly nc: NatsConnection) {
    this.batch = new PublishBatch(nc);
  }

  request(subject: string, payload: Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Uint8Array> {
    this.open();
    const token = (++this.sent).toString(36);
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(token, new TimeoutError()), timeoutMs);
      this.pending.set(token, { subject, resolve, reject, timer });
      this.batch.publish(subject, payload, { reply: `${this.base}${token}`, ...(headers ? { headers } : {}) }, (err) => {
        if (err) this.settle(token, err);
      });
    });
  }

  /** Subscribes on first use, and again after the server refused the subscription. */
  private open(): void {
    if (this.sub && !this.sub.isClosed()) return;
    if (!this.watching) {
      this.watching = true;
      void this.nc.closed().then(() => this.failAll(new RequestError('connection closed')));
      void this.watchRefusals();
    }
    // The principal's prefix (connectNats sets it): its NATS user may subscribe there and nowhere else.
    this.base = `${createInbox(inboxPrefixOf(this.nc))}.`;
    this.sub = this.nc.subscribe(`${this.base}*`, { callback: (err, msg) => this.deliver(err, msg) });
  }

  private deliver(err: Error | null, msg: Msg): void {
    if (err) {
      this.sub = undefined;
      this.failAll(new RequestError(err.message, { cause: err }));
      return;
    }
    const token = msg.subject.slice(this.base.length);
    const pending = this.pending.get(token);
    if (!pending) return;
    // The server's status reply when nobody subscribes to the subject.
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      this.settle(token, new RequestError('no responders', { cause: new NoRespondersError(pending.subject) }));
      return;
    }
    this.pending.delete(token);
    clearTimeout(pending.timer);
    pending.resolve(msg.data);
  }

  private settle(token: string, err: Error): void {
    const pending = this.pending.get(token);
    if (!pending) return;
    this.pending.delete(token);
    clearTimeout(pending.timer);
    pending.reject(err);
  }

  private failAll(err: Error): void {
    for (const token of [...this.pending.keys()]) this.settle(token, err);
  }

  /** A publish the server refused fails the request waiting on it at once, not at its timeout. */
  private async watchRefusals(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type !== 'error' || !(status.error instanceof PermissionViolationError) || status.error.operation !== 'publish') continue;
      const refused = status.error;
      const waiting = [...this.pending].find(([, p]) => p.subject === refused.subject);
      if (waiting) this.settle(waiting[0], new RequestError(refused.message, { cause: refused }));
    }
  }
}
