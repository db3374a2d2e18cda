import type { Caller } from './caller.js';
import type { WireError } from './errors/error-body.js';

export type Surface = 'rest' | 'mcp' | 'internal';

/** What every request on the bus carries. */
export interface RequestEnvelope<I = unknown> {
  requestId: string;
  caller: Caller | null;
  surface: Surface;
  input: I;
}

export type ReplyEnvelope<O = unknown> = { ok: true; data: O } | { ok: false; error: WireError };
