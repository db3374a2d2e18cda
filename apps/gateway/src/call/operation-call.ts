import {
  AppError,
  type Caller,
  IDEMPOTENCY_KEY_PATTERN,
  type InputOf,
  type Operation,
  type OutputOf,
  takesIdempotencyKey,
  validateInput,
} from '@marketplace/contracts';
import { type BusClient, type CallContext, type JsonAnswer, withWaitOf } from '@marketplace/service-kit/edge';
import type { FastifyRequest } from 'fastify';

import { clientFacts } from './client-facts.js';

/** Where a visitor's call came in: the API, an agent's tool call, or a page of the web app. */
export type GatewaySurface = 'rest' | 'mcp' | 'web';

/**
 * What every call the gateway makes for a visitor carries: the request id, the caller (or none),
 * the surface and the client's facts (address as the trusted proxy settings resolve it, user
 * agent). Services count, limit and record per client from these, so none may be left out.
 */
export function callContext(req: FastifyRequest, caller: Caller | null, surface: GatewaySurface): CallContext & { client: NonNullable<CallContext['client']> } {
  return { requestId: req.id, caller, surface, client: clientFacts(req) };
}

/**
 * The one way the gateway calls an operation for a visitor: the input checked against the
 * operation's schema (field names as given), then the bus request in the visitor's context. REST
 * routes, MCP tools and the web pages all go through here.
 */
export async function callOperation<Op extends Operation>(
  bus: BusClient,
  op: Op,
  input: unknown,
  ctx: CallContext,
  fieldName?: (key: string) => string,
): Promise<OutputOf<Op>> {
  return bus.call(op, validateInput(op.input, input, fieldName) as InputOf<Op>, ctx);
}

/** The same for answers passed on as the JSON bytes the service wrote (REST's bodies). */
export async function callOperationJson(
  bus: BusClient,
  op: Operation,
  input: unknown,
  ctx: CallContext,
  fieldName?: (key: string) => string,
): Promise<JsonAnswer> {
  return bus.requestJson(op.subject, op.service, validateInput(op.input, input, fieldName), withWaitOf(op, ctx));
}

/**
 * The context with the client's idempotency key, for the writes that take one (a key sent with
 * any other call changes nothing); a key that is not 1-255 visible characters is refused.
 */
export function withIdempotencyKey(op: Operation, ctx: CallContext, key: unknown, name: string): CallContext {
  if (key === undefined || !takesIdempotencyKey(op)) return ctx;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw AppError.badRequest(`${name} must be 1 to 255 visible ASCII characters.`, { [name]: 'Invalid.' });
  }
  return { ...ctx, idempotencyKey: key };
}
