import type { WireError } from './errors/error-body.js';

/** Where a call came in: the API, an agent's tool call, a page of the web app, or another service. */
export type Surface = 'rest' | 'mcp' | 'web' | 'internal';

/** Facts about the HTTP client the gateway saw, for services that count or limit per client. */
export interface ClientFacts {
  ip?: string;
  userAgent?: string;
}

/** What every request on the bus carries. */
export interface RequestEnvelope<I = unknown> {
  requestId: string;
  /**
   * The caller, signed by the gateway (a short-lived EdDSA JWT); absent when nobody is signed in.
   * Services verify it and never read a caller from anywhere else, so nobody on the bus can forge one.
   */
  callerToken?: string;
  /** Taken from the caller token when there is one. */
  surface: Surface;
  /** Set by the gateway; absent on service-to-service calls. */
  client?: ClientFacts;
  /** The client's key for a write it may repeat (`takesIdempotencyKey`); needs a caller. */
  idempotencyKey?: string;
  input: I;
}

/** `replayed`: the first answer to the same idempotency key, given again rather than acting twice. */
export type ReplyEnvelope<O = unknown> = { ok: true; data: O; replayed?: true } | { ok: false; error: WireError; replayed?: true };
