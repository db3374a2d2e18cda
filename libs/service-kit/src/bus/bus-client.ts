import type { NatsConnection } from '@nats-io/transport-node';
import { RequestError, TimeoutError } from '@nats-io/transport-node';
import {
  AppError, type Caller, type InputOf, type Operation, type OutputOf, type ReplyEnvelope,
  type RequestEnvelope, type Surface, type ClientFacts,
} from '@marketplace/contracts';
import { decodeJson, encodeJson } from './codec.js';

export interface CallContext {
  requestId: string;
  caller: Caller | null;
  surface?: Surface;
  client?: ClientFacts;
}

export function busTimeoutMs(): number {
  const value = Number(process.env.BUS_TIMEOUT_MS ?? 5000);
  return Number.isFinite(value) && value > 0 ? value : 5000;
}

/**
 * Request/reply over NATS. A service that is gone (no responders) or slow (timeout) becomes a 503
 * for the caller, never a hang and never a 500.
 */
export class BusClient {
  constructor(private readonly nc: NatsConnection, private readonly timeoutMs = busTimeoutMs()) {}

  async call<Op extends Operation>(op: Op, input: InputOf<Op>, ctx: CallContext): Promise<OutputOf<Op>> {
    return (await this.request(op.subject, op.service, input, ctx)) as OutputOf<Op>;
  }

  async request(subject: string, service: string, input: unknown, ctx: CallContext): Promise<unknown> {
    const envelope: RequestEnvelope = {
      requestId: ctx.requestId, caller: ctx.caller, surface: ctx.surface ?? 'internal', input,
      ...(ctx.client ? { client: ctx.client } : {}),
    };
    let reply: ReplyEnvelope;
    try {
      const msg = await this.nc.request(subject, encodeJson(envelope), { timeout: this.timeoutMs });
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
}

function isConnectionError(err: unknown): boolean {
  return err instanceof Error && /closed|draining|disconnect/i.test(err.message);
}
