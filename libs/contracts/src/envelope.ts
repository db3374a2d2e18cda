import type { Caller } from './caller.js';
import type { WireError } from './errors/error-body.js';

export type Surface = 'rest' | 'mcp' | 'internal';

/** Facts about the HTTP client the gateway saw, for services that count or limit per client. */
export interface ClientFacts {
  ip?: string;
  userAgent?: string;
}

/** What every request on the bus carries. */
export interface RequestEnvelope<I = unknown> {
  requestId: string;
  caller: Caller | null;
  surface: Surface;
  /** Set by the gateway; absent on service-to-service calls. */
  client?: ClientFacts;
  input: I;
}

export type ReplyEnvelope<O = unknown> = { ok: true; data: O } | { ok: false; error: WireError };
