import {
  AppError,
  type BusPrincipal,
  type Caller,
  type ClientFacts,
  type InputOf,
  type Operation,
  type OutputOf,
  type ReplyEnvelope,
  type RequestEnvelope,
  type Surface,
} from '@marketplace/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { headers as natsHeaders, RequestError, TimeoutError } from '@nats-io/transport-node';

import { busSettings } from '../scope/kit-settings.js';
import { currentTraceparent, inSpan } from '../tracing/tracer.js';
import type { CallerSigner } from './caller-token.js';
import { decodeJson, encodeJson } from './codec.js';
import { type LocalResponder, localResponder } from './local-responders.js';
import { maxPayloadOf, principalOf } from './nats-connection.js';
import { ReplyInbox } from './reply-inbox.js';

export interface CallContext {
  requestId: string;
  caller: Caller | null;
  /** The signed form of `caller` a service received; passed on unchanged to the services it calls. */
  callerToken?: string;
  surface?: Surface;
  client?: ClientFacts;
  /** How long to wait for this answer, when the operation declares its own wait (`Operation.timeoutMs`). */
  timeoutMs?: number;
  /** The client's key for a write it may repeat; the owning service answers a repeat once. */
  idempotencyKey?: string;
}

/** An answer passed on as the JSON bytes the service wrote; `replayed` when it is the first answer to a repeated idempotency key. */
export interface JsonAnswer {
  json: Uint8Array | undefined;
  replayed: boolean;
}

/** The context with the operation's own wait, when it declares one and the caller set none. */
export function withWaitOf(op: Operation, ctx: CallContext): CallContext {
  return op.timeoutMs && ctx.timeoutMs === undefined ? { ...ctx, timeoutMs: op.timeoutMs } : ctx;
}

export function busTimeoutMs(): number {
  return busSettings().busTimeoutMs;
}

export interface BusClientOptions {
  timeoutMs?: number;
  /** The gateway's signer; services have none and can only pass on a caller they were given. */
  signer?: CallerSigner;
}

/**
 * Request/reply over NATS. A service that is gone (no responders) or slow (timeout) becomes a 503
 * for the caller, never a hang and never a 500.
 */
export class BusClient {
  private readonly timeoutMs: number;
  private readonly signer: CallerSigner | undefined;
  private readonly inbox: ReplyInbox;
  /** Who this client sends as, when requests to services in this process may be answered here (BUS_LOCAL_CALLS). */
  private readonly localAs: BusPrincipal | undefined;

  constructor(
    private readonly nc: NatsConnection,
    opts: BusClientOptions | number = {},
  ) {
    const o = typeof opts === 'number' ? { timeoutMs: opts } : opts;
    this.timeoutMs = o.timeoutMs ?? busTimeoutMs();
    this.signer = o.signer;
    this.inbox = ReplyInbox.of(nc);
    this.localAs = busSettings().busLocalCalls ? principalOf(nc) : undefined;
  }

  async call<Op extends Operation>(op: Op, input: InputOf<Op>, ctx: CallContext): Promise<OutputOf<Op>> {
    return (await this.request(op.subject, op.service, input, withWaitOf(op, ctx))) as OutputOf<Op>;
  }

  async request(subject: string, service: string, input: unknown, ctx: CallContext): Promise<unknown> {
    return inSpan(
      `send ${subject}`,
      {
        kind: 'client',
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'marketplace.request_id': ctx.requestId },
      },
      () => this.send(subject, service, input, ctx),
    );
  }

  /**
   * The answer as the JSON bytes the service wrote (undefined when it answered nothing), for
   * callers that only pass it on: the gateway sends them as they are instead of parsing a page
   * and serialising it again.
   */
  async requestJson(subject: string, service: string, input: unknown, ctx: CallContext): Promise<JsonAnswer> {
    const raw = await inSpan(
      `send ${subject}`,
      {
        kind: 'client',
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'marketplace.request_id': ctx.requestId },
      },
      () => this.exchange(subject, service, input, ctx),
    );
    const data = okDataBytes(raw);
    if (data) return { json: data, replayed: false };
    const reply = decodeJson<ReplyEnvelope>(raw);
    if (!reply.ok) throw AppError.fromWire(reply.error);
    return { json: reply.data === undefined ? undefined : encodeJson(reply.data), replayed: reply.replayed === true };
  }

  private async send(subject: string, service: string, input: unknown, ctx: CallContext): Promise<unknown> {
    const reply = decodeJson<ReplyEnvelope>(await this.exchange(subject, service, input, ctx));
    if (reply.ok) return reply.data;
    throw AppError.fromWire(reply.error);
  }

  /** Sends the request envelope and returns the reply's bytes, undecoded. */
  private async exchange(subject: string, service: string, input: unknown, ctx: CallContext): Promise<Uint8Array> {
    const surface = ctx.surface ?? 'internal';
    const envelope: RequestEnvelope = {
      requestId: ctx.requestId,
      surface,
      input,
      ...(ctx.caller ? { callerToken: await this.callerToken(ctx.caller, ctx.callerToken, surface) } : {}),
      ...(ctx.client ? { client: ctx.client } : {}),
      ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
    };
    const payload = encodeJson(envelope);
    const limit = maxPayloadOf(this.nc);
    if (payload.length > limit) {
      throw AppError.tooLarge(`The request is too large (${payload.length} bytes; at most ${limit} can be sent). Send less at once.`);
    }
    try {
      // The trace goes on in the service that answers (W3C traceparent in a message header).
      const traceparent = currentTraceparent();
      const timeoutMs = ctx.timeoutMs ?? this.timeoutMs;
      const local = localResponder(this.localAs, subject);
      if (local) return await answeredHere(local, payload, timeoutMs, traceparent);
      const hdrs = traceparent ? natsHeaders() : undefined;
      hdrs?.set('traceparent', traceparent!);
      try {
        return await this.inbox.request(subject, payload, timeoutMs, hdrs);
      } catch (err) {
        // A write under an idempotency key is sent once more after a timeout: in a NATS cluster a request
        // routed to a replica's server just as that replica left (a rolling update, a crash) is dropped
        // there. Its key makes the repeat safe: a first attempt that did commit is answered again, one
        // still running is a 409 asking to repeat shortly, and one that was lost is done now.
        if (!(err instanceof TimeoutError) || !ctx.idempotencyKey) throw err;
        return await this.inbox.request(subject, payload, timeoutMs, hdrs);
      }
    } catch (err) {
      if (err instanceof RequestError || err instanceof TimeoutError || isConnectionError(err)) {
        throw AppError.unavailable(`The ${service} service is unavailable. Try again shortly.`);
      }
      throw err;
    }
  }

  private async callerToken(caller: Caller, given: string | undefined, surface: Surface): Promise<string> {
    if (given) return given;
    if (!this.signer) throw new Error('Only the gateway signs callers; pass on the callerToken you received.');
    return this.signer.sign(caller, surface);
  }
}

/**
 * A request answered by a service in this process, failing as one over NATS would: a timeout after
 * `timeoutMs`, and a request error when the service could not answer it at all.
 */
async function answeredHere(responder: LocalResponder, payload: Uint8Array, timeoutMs: number, traceparent: string | undefined): Promise<Uint8Array> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), timeoutMs);
  });
  const answer = responder(payload, traceparent).catch((err: unknown) => {
    throw new RequestError('not answered', { cause: err });
  });
  try {
    return await Promise.race([answer, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** How the bus server writes a success (`JSON.stringify({ ok: true, data })`), byte for byte. */
const OK_PREFIX = new TextEncoder().encode('{"ok":true,"data":');

/** The `data` bytes of a success reply, without parsing it; undefined for any other reply. */
function okDataBytes(raw: Uint8Array): Uint8Array | undefined {
  if (raw.length <= OK_PREFIX.length || raw[raw.length - 1] !== 0x7d) return undefined;
  for (let i = 0; i < OK_PREFIX.length; i++) if (raw[i] !== OK_PREFIX[i]) return undefined;
  return raw.subarray(OK_PREFIX.length, raw.length - 1);
}

function isConnectionError(err: unknown): boolean {
  return err instanceof Error && /closed|draining|disconnect|permissions violation/i.test(err.message);
}
