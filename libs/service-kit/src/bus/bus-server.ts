import {
  accessOn,
  AppError,
  type Caller,
  isUuid,
  type Operation,
  recordIdFields,
  type ReplyEnvelope,
  type RequestEnvelope,
  type Surface,
  takesIdempotencyKey,
  validateInput,
} from '@marketplace/contracts';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

import { guardAccess, guardStanding } from '../access/access-guard.js';
import { type AccessSettingsSource, requireReadAccess } from '../access/member-access.js';
import { isDependencyError } from '../database/dependency-errors.js';
import { recordOperation } from '../health/service-metrics.js';
import { type IdempotencyStore, keepsAnswer, requestHash } from '../idempotency/idempotency-store.js';
import type { Logger } from '../logging/logger.js';
import { currentSpan, inSpan } from '../tracing/tracer.js';
import type { CallerVerifier } from './caller-token.js';
import { decodeJson, encodeJson } from './codec.js';
import { registerLocalResponder } from './local-responders.js';
import { maxPayloadOf } from './nats-connection.js';
import type { OperationHandler } from './operation-handler.js';
import { PublishBatch } from './publish-batch.js';

const SURFACES: readonly Surface[] = ['rest', 'mcp', 'web', 'internal'];

/**
 * Answers every operation of one service, in the service's queue group so replicas share load.
 * Before a handler runs, the caller's signature is checked, the operation's declared access is
 * applied and the input is validated again: the service trusts no one, not even its own gateway.
 */
export class BusServer {
  private readonly subscriptions: Subscription[] = [];
  /** Removes this server's answers for callers in its own process. */
  private readonly local: Array<() => void> = [];
  private inFlight = 0;
  /** Replies that are ready in the same turn of the event loop share one write. */
  private readonly replies: PublishBatch;

  constructor(
    private readonly nc: NatsConnection,
    private readonly queue: string,
    private readonly logger: Logger,
    private readonly verifier: CallerVerifier,
    /** Where a service with a database keeps the answers to idempotency keys. */
    private readonly idempotency?: IdempotencyStore,
    /** The invite-only setting, for operations declared `board`. */
    private readonly accessSettings?: AccessSettingsSource,
  ) {
    this.replies = new PublishBatch(nc);
  }

  /**
   * Subscribes one handler per operation. `owned` are the catalogue's operations of this service:
   * a missing handler stops start-up rather than surfacing later as a 503.
   */
  listen(handlers: readonly OperationHandler[], owned: readonly Operation[] = []): void {
    const seen = new Set<string>();
    for (const handler of handlers) {
      const { subject } = handler.operation;
      if (seen.has(subject)) throw new Error(`Two handlers answer ${subject}`);
      seen.add(subject);
    }
    const missing = owned.filter((op) => !seen.has(op.subject)).map((op) => op.name);
    if (missing.length) throw new Error(`${this.queue} has no handler for ${missing.join(', ')}; refusing to start.`);
    for (const handler of handlers) {
      const { subject } = handler.operation;
      const sub = this.nc.subscribe(subject, {
        queue: this.queue,
        callback: (err, msg) => {
          if (err) {
            this.logger.error({ err, subject }, 'subscription failed');
            return;
          }
          this.inFlight++;
          void this.respond(handler, msg.data, msg.headers?.get('traceparent'))
            .then((data) => {
              if (!msg.reply) {
                this.inFlight--;
                return;
              }
              // A request counts as under way until its reply is handed to the connection: draining waits for it.
              this.replies.publish(msg.reply, data, undefined, (failed) => {
                this.inFlight--;
                if (failed) this.logger.warn({ err: failed, subject }, 'reply not sent');
              });
            })
            .catch((err: unknown) => {
              this.inFlight--;
              this.logger.error({ err, subject }, 'reply not sent');
            });
        },
      });
      this.subscriptions.push(sub);
      // The same answer for a caller in this process, without the trip through NATS (local-responders.ts).
      this.local.push(
        registerLocalResponder(subject, async (payload, traceparent) => {
          this.inFlight++;
          try {
            const data = await this.respond(handler, payload, traceparent);
            // What NATS would not carry is not answered here either, so both paths fail alike.
            const limit = maxPayloadOf(this.nc);
            if (data.length > limit) throw new Error(`the reply (${data.length} bytes) exceeds the bus's ${limit}`);
            return data;
          } catch (err) {
            this.logger.error({ err, subject }, 'reply not sent');
            throw err;
          } finally {
            this.inFlight--;
          }
        }),
      );
    }
    this.logger.info({ operations: [...seen] }, 'answering operations');
  }

  /** One request's reply bytes, traced and counted, whichever way the request came. */
  private async respond(handler: OperationHandler, data: Uint8Array, traceparent: string | undefined): Promise<Uint8Array> {
    const started = performance.now();
    const reply = await inSpan(handler.operation.name, { kind: 'server', parent: traceparent }, async () => {
      const reply = await this.dispatch(handler, data);
      const span = currentSpan();
      if (span) span.attributes['marketplace.status'] = reply.ok ? 200 : reply.error.status;
      return reply;
    });
    recordOperation(handler.operation.name, reply.ok ? 200 : reply.error.status, (performance.now() - started) / 1000);
    return encodeJson(reply);
  }

  private async dispatch(handler: OperationHandler, data: Uint8Array): Promise<ReplyEnvelope> {
    let envelope: RequestEnvelope;
    try {
      envelope = decodeJson<RequestEnvelope>(data);
    } catch {
      return { ok: false, error: { status: 400, error: 'Malformed request envelope.' } };
    }
    const { requestId, client, callerToken } = envelope;
    const op = handler.operation;
    const span = currentSpan();
    if (span) span.attributes['marketplace.request_id'] = requestId;
    const started = performance.now();
    try {
      let caller: Caller | null = null;
      let surface: Surface = SURFACES.includes(envelope.surface) ? envelope.surface : 'internal';
      if (typeof callerToken === 'string') ({ caller, surface } = await this.verifier.verify(callerToken));
      const access = accessOn(op, surface);
      guardAccess(access, caller);
      guardStanding(op, access, caller);
      if (access === 'board') {
        // Fails closed: a service that cannot tell whether the marketplace is invite-only shows nothing.
        if (!this.accessSettings) throw AppError.unavailable('The board cannot be read right now. Try again shortly.');
        await requireReadAccess({ requestId, caller }, this.accessSettings);
      }
      const input = validateInput(op.input, envelope.input ?? {});
      guardRecordIds(op, input);
      const run = async (): Promise<ReplyEnvelope> => {
        const data = await handler.handle(input, {
          requestId,
          caller,
          surface,
          ...(callerToken ? { callerToken } : {}),
          ...(client ? { client } : {}),
        });
        this.logger.debug({ requestId, op: op.name, ms: performance.now() - started }, 'handled');
        return { ok: true, data };
      };
      const key = envelope.idempotencyKey;
      if (typeof key !== 'string' || !caller || !this.idempotency || !takesIdempotencyKey(op)) return await run();
      return await this.once(this.idempotency, caller.memberId, key, op, input, () => this.answer(run, requestId, op));
    } catch (err: unknown) {
      return this.failure(err, requestId, op);
    }
  }

  /**
   * A write with an idempotency key runs once: the first request claims the key, a repeat of the
   * same request gets the first answer again, a repeat while it runs 409, another request 422.
   */
  private async once(
    store: IdempotencyStore,
    memberId: string,
    key: string,
    op: Operation,
    input: unknown,
    run: () => Promise<ReplyEnvelope>,
  ): Promise<ReplyEnvelope> {
    const claim = await store.claim(memberId, key, op.name, requestHash(op.name, input));
    // `replayed` before `data`: the gateway passes `{"ok":true,"data":…}` on unparsed, and a replay must be seen.
    if (claim.kind === 'replay')
      return claim.reply.ok ? { ok: true, replayed: true, data: claim.reply.data } : { ok: false, replayed: true, error: claim.reply.error };
    if (claim.kind === 'running') {
      return {
        ok: false,
        error: AppError.conflict('A request with this Idempotency-Key is still being answered; repeat it shortly.').withCode('idempotency_key_in_use').toWire(),
      };
    }
    if (claim.kind === 'mismatch') {
      return {
        ok: false,
        error: new AppError(422, 'This Idempotency-Key was used for another request in the last 24 hours; use a new key for a new request.').toWire(),
      };
    }
    const reply = await run();
    try {
      if (keepsAnswer(reply)) await store.complete(memberId, key, reply);
      else await store.release(memberId, key);
    } catch (err) {
      // The change is made and answered; a repeat may find the key still running until it is taken as lost.
      this.logger.warn({ err, op: op.name }, 'idempotency answer not kept');
    }
    return reply;
  }

  private async answer(run: () => Promise<ReplyEnvelope>, requestId: string, op: Operation): Promise<ReplyEnvelope> {
    try {
      return await run();
    } catch (err: unknown) {
      return this.failure(err, requestId, op);
    }
  }

  private failure(err: unknown, requestId: string, op: Operation): ReplyEnvelope {
    if (err instanceof AppError) {
      if (err.status >= 500) this.logger.warn({ requestId, op: op.name, err }, err.message);
      return { ok: false, error: err.toWire() };
    }
    if (isDependencyError(err)) {
      this.logger.warn({ requestId, op: op.name, err }, 'dependency unavailable');
      return { ok: false, error: AppError.unavailable('A dependency is unavailable; nothing was changed. Try again shortly.').toWire() };
    }
    this.logger.error({ requestId, op: op.name, err }, 'unexpected failure');
    return { ok: false, error: { status: 500, error: 'Something went wrong on our side.', requestId } };
  }

  /**
   * Stops taking new requests and waits (bounded) for those under way. Draining (not unsubscribing)
   * still answers requests the server routed here before it saw the unsubscribe, so a replica
   * leaving its queue group during a rolling update drops none.
   */
  async drain(timeoutMs = 5000): Promise<void> {
    // Callers in this process go through NATS from now on, like everyone else's.
    for (const remove of this.local.splice(0)) remove();
    await Promise.all(this.subscriptions.map((sub) => sub.drain().catch(() => undefined)));
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Records are named by UUIDs: an id in the path that is no UUID names nothing, on any operation,
 * so it is answered 404 here, once, before a handler or a query sees it (the same on REST and MCP).
 */
function guardRecordIds(op: Operation, input: unknown): void {
  const fields = recordIdsByOperation.get(op) ?? recordIdsByOperation.set(op, recordIdFields(op)).get(op)!;
  for (const key of fields) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string' && !isUuid(value)) throw AppError.notFound();
  }
}

const recordIdsByOperation = new WeakMap<Operation, string[]>();
