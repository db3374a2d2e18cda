import type { NatsConnection } from '@nats-io/transport-node';
import { RequestError, TimeoutError } from '@nats-io/transport-node';
import {
  AppError, type Caller, type InputOf, type Operation, type OutputOf, type ReplyEnvelope,
  type RequestEnvelope, type Surface, type ClientFacts,
} from '@marketplace/contracts';
import type { CallerSigner } from './caller-token.js';
import { decodeJson, encodeJson } from './codec.js';
import { BUS_MAX_PAYLOAD } from './nats-connection.js';

export interface CallContext {
  requestId: string;
  caller: Caller | null;
  /** The signed form of `caller` a service received; passed on unchanged to the services it calls. */
  callerToken?: string;
  surface?: Surface;
  client?: ClientFacts;
}

export function busTimeoutMs(): number {
  const value = Number(process.env.BUS_TIMEOUT_MS ?? 5000);
  return Number.isFinite(value) && value > 0 ? value : 5000;
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

  constructor(private readonly nc: NatsConnection, opts: BusClientOptions | number = {}) {
    const o = typeof opts === 'number' ? { timeoutMs: opts } : opts;
    this.timeoutMs = o.timeoutMs ?? busTimeoutMs();
    this.signer = o.signer;
  }

  async call<Op extends Operation>(op: Op, input: InputOf<Op>, ctx: CallContext): Promise<OutputOf<Op>> {
    return (await this.request(op.subject, op.service, input, ctx)) as OutputOf<Op>;
  }

  async request(subject: string, service: string, input: unknown, ctx: CallContext): Promise<unknown> {
    const surface = ctx.surface ?? 'internal';
    const envelope: RequestEnvelope = {
      requestId: ctx.requestId, surface, input,
      ...(ctx.caller ? { callerToken: await this.callerToken(ctx.caller, ctx.callerToken, surface) } : {}),
      ...(ctx.client ? { client: ctx.client } : {}),
    };
    const payload = encodeJson(envelope);
    const limit = this.nc.info?.max_payload ?? BUS_MAX_PAYLOAD;
    if (payload.length > limit) {
      throw AppError.tooLarge(`The request is too large (${payload.length} bytes; at most ${limit} can be sent). Send less at once.`);
    }
    let reply: ReplyEnvelope;
    try {
      const msg = await this.nc.request(subject, payload, { timeout: this.timeoutMs });
      reply = decodeJson<ReplyEnvelope>(msg.data);
    } catch (err) {
      if (err instanceof RequestError || err instanceof TimeoutError || isConnectionError(err)) {
        throw AppError.unavailable(`The ${service} service is unavailable. Try again shortly.`);
      }
      throw err;
    }
    if (reply.ok) return reply.data;
    throw AppError.fromWire(reply.error);
  }

  private async callerToken(caller: Caller, given: string | undefined, surface: Surface): Promise<string> {
    if (given) return given;
    if (!this.signer) throw new Error('Only the gateway signs callers; pass on the callerToken you received.');
    return this.signer.sign(caller, surface);
  }
}

function isConnectionError(err: unknown): boolean {
  return err instanceof Error && /closed|draining|disconnect|permissions violation/i.test(err.message);
}
