import type { ErrorCode } from './error-codes.js';

/** The error body every API response uses (spec: Errors). */
export interface ErrorBody {
  error: string;
  /** What kind of refusal or failure it is, for a client to branch on (ERROR_CODES). */
  code?: ErrorCode;
  retryAfter?: number;
  fields?: Record<string, string>;
  help?: string;
  requestId?: string;
}

/** An error as it travels on the bus: the body plus the HTTP status the gateway answers with. */
export interface WireError extends ErrorBody {
  status: number;
}
