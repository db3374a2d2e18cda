import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { AppError, type ReplyEnvelope, type RequestEnvelope, validateInput } from '@marketplace/contracts';
import type { Logger } from '../logging/logger.js';
import { decodeJson, encodeJson } from './codec.js';
import type { OperationHandler } from './operation-handler.js';
import { isDependencyError } from '../database/dependency-errors.js';

/**
 * Answers every operation of one service, in the service's queue group so replicas share load.
 * Input is validated again here: the service trusts no one, not even its own gateway.
 */
export class BusServer {
  private readonly subscriptions: Subscription[] = [];
  private inFlight = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly queue: string,
    private readonly logger: Logger,
  ) {}

  listen(handlers: readonly OperationHandler[]): void {
    const seen = new Set<string>();
    for (const handler of handlers) {
      const { subject } = handler.operation;
      if (seen.has(subject)) throw new Error(`Two handlers answer ${subject}`);
      seen.add(subject);
      const sub = this.nc.subscribe(subject, {
        queue: this.queue,
        callback: (err, msg) => {
          if (err) {
            this.logger.error({ err, subject }, 'subscription failed');
            return;
          }
          this.inFlight++;
          void this.dispatch(handler, msg.data)
            .then((reply) => msg.respond(encodeJson(reply)))
            .finally(() => this.inFlight--);
        },
      });
      this.subscriptions.push(sub);
    }
    this.logger.info({ operations: [...seen] }, 'answering operations');
  }

  private async dispatch(handler: OperationHandler, data: Uint8Array): Promise<ReplyEnvelope> {
    let envelope: RequestEnvelope;
    try {
      envelope = decodeJson<RequestEnvelope>(data);
    } catch {
      return { ok: false, error: { status: 400, error: 'Malformed request envelope.' } };
    }
    const { requestId, caller, surface, client } = envelope;
    const started = performance.now();
    try {
      const input = validateInput(handler.operation.input, envelope.input ?? {});
      const data = await handler.handle(input, { requestId, caller, surface, ...(client ? { client } : {}) });
      this.logger.debug({ requestId, op: handler.operation.name, ms: performance.now() - started }, 'handled');
      return { ok: true, data };
    } catch (err: unknown) {
      if (err instanceof AppError) {
        if (err.status >= 500) this.logger.warn({ requestId, op: handler.operation.name, err }, err.message);
        return { ok: false, error: err.toWire() };
      }
      if (isDependencyError(err)) {
        this.logger.warn({ requestId, op: handler.operation.name, err }, 'dependency unavailable');
        return { ok: false, error: AppError.unavailable('A dependency is unavailable; nothing was changed. Try again shortly.').toWire() };
      }
      this.logger.error({ requestId, op: handler.operation.name, err }, 'unexpected failure');
      return { ok: false, error: { status: 500, error: 'Something went wrong on our side.', requestId } };
    }
  }

  /** Stops taking new requests and waits (bounded) for those under way. */
  async drain(timeoutMs = 5000): Promise<void> {
    for (const sub of this.subscriptions) sub.unsubscribe();
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  }
}
