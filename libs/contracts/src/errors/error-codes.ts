/**
 * Every error body carries a `code` beside its `error` (the sentence for a person): a word a
 * client, an agent or a page can branch on without reading the sentence. A status has one
 * general code; a few refusals that callers act on differently have their own.
 */
export const ERROR_CODES = {
  invalid_input: { status: 400, meaning: 'The request is not valid; `fields` names each invalid field.' },
  unauthenticated: { status: 401, meaning: 'No valid session, API key or token: sign in.' },
  email_unverified: { status: 403, meaning: 'Verify your email address first.' },
  not_admitted: { status: 403, meaning: 'The marketplace is invite-only and you were not let in yet: join with an invitation or the waitlist.' },
  sign_up_unfinished: { status: 403, meaning: 'Finish signing up first (GET /api/me/sign-up names the next step).' },
  staff_only: { status: 403, meaning: 'Staff only.' },
  suspended: { status: 403, meaning: 'Your account is suspended: you can still read, download your data and appeal (help topic appeal).' },
  forbidden: { status: 403, meaning: 'Not allowed for you; the error says why.' },
  not_found: { status: 404, meaning: 'No such record, or not one you may see.' },
  method_not_allowed: { status: 405, meaning: 'This path does not answer this method; Allow lists those it does.' },
  request_timeout: { status: 408, meaning: 'The body did not arrive in time.' },
  conflict: { status: 409, meaning: 'The current state does not allow this (already decided, changed since you read it, a limit reached).' },
  idempotency_key_in_use: { status: 409, meaning: 'A request with this Idempotency-Key is still being answered; repeat it shortly.' },
  length_required: { status: 411, meaning: 'A file is sent with its Content-Length.' },
  too_large: { status: 413, meaning: 'The body is over the limit.' },
  uri_too_long: { status: 414, meaning: 'The URL is over the limit.' },
  unsupported_media_type: { status: 415, meaning: 'The body is not one of the accepted types.' },
  range_not_satisfiable: { status: 416, meaning: 'The range asked for is outside the file.' },
  idempotency_key_reused: { status: 422, meaning: 'This Idempotency-Key was used for another request in the last 24 hours.' },
  rate_limited: { status: 429, meaning: 'A rate or submission limit; retry after Retry-After seconds.' },
  internal: { status: 500, meaning: 'An unexpected failure of ours; report it with the requestId.' },
  bad_upstream: { status: 502, meaning: 'A service we depend on answered badly; nothing was changed.' },
  unavailable: { status: 503, meaning: 'A dependency is unavailable; nothing was changed. Retry after Retry-After seconds.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

/** The general code of each status. */
const BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  422: 'idempotency_key_reused',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_upstream',
  503: 'unavailable',
};

/** The code an error of this status has when it names none of its own. */
export function codeOfStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid_input');
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
