/** The error body every API response uses (spec: Errors). */
export interface ErrorBody {
  error: string;
  retryAfter?: number;
  fields?: Record<string, string>;
  help?: string;
  requestId?: string;
}

/** An error as it travels on the bus: the body plus the HTTP status the gateway answers with. */
export interface WireError extends ErrorBody {
  status: number;
}
