import { codeOfStatus, ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode, errorCodesAt, type Operation, takesIdempotencyKey } from '@marketplace/contracts';

import type { BoundField } from '../call/field-bindings.js';
import { HEADER_CREDENTIALS } from '../call/header-credentials.js';

type Json = Record<string, unknown>;

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input; `fields` names each invalid field',
  '401': 'No valid session or API key',
  '403': 'Not allowed',
  '404': 'Not found',
  '409': 'Conflict: the current state does not allow this (already decided, changed since the version you read, a limit reached)',
  '413': 'Body over 2,097,152 bytes',
  '422': 'This Idempotency-Key was used for another request in the last 24 hours',
  '429': 'Rate or submission limit; see Retry-After',
  '500': 'Unexpected error, with requestId',
  '503': 'A dependency is unavailable; nothing was changed',
};

/** Only upload routes answer these. */
const UPLOAD_STATUSES: Record<string, string> = {
  '411': 'No Content-Length: a file is sent with its length',
  '415': 'The body is not one of the accepted file types',
};

/** The body every error answers with; `code` lists every code with what it means. */
export const ERROR_SCHEMA: Json = {
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string', description: 'What went wrong, in a sentence for a person.' },
    code: {
      type: 'string',
      enum: ERROR_CODE_NAMES,
      description:
        'What kind of refusal or failure it is, for a client to branch on; each operation lists those it answers. ' +
        ERROR_CODE_NAMES.map((code) => `\`${code}\` (${ERROR_CODES[code].status}): ${ERROR_CODES[code].meaning}`).join(' '),
    },
    retryAfter: { type: 'integer', minimum: 1 },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    help: { type: 'string' },
    requestId: { type: 'string' },
  },
};

/** The body an error status answers with, as an example. */
function errorExample(status: string, description: string): Json {
  const requestId = '9d7c1f2e-4b3a-4c5d-8e6f-0a1b2c3d4e5f';
  const code = codeOfStatus(Number(status));
  if (status === '400') return { error: 'The request is not valid.', code, fields: { title: 'Too long: at most 120 characters.' }, requestId };
  if (status === '429') return { error: 'Too many requests; try again later.', code, retryAfter: 30, requestId };
  return { error: `${description.split(/[;:(]/)[0]!.trim()}.`, code, requestId };
}

/** The shared error responses operations refer to. */
export function errorResponses(): Json {
  return Object.fromEntries(
    Object.entries({ ...ERROR_STATUSES, ...UPLOAD_STATUSES }).map(([status, description]) => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: errorExample(status, description) } } },
    ]),
  );
}

/** The header credentials an operation reads (request fields naming one), as its security requirement. */
export function headerCredentialsOf(fields: readonly BoundField[]): string[] {
  return fields.filter((f) => f.in === 'request').flatMap((f) => HEADER_CREDENTIALS[f.rest]?.scheme ?? []);
}

/**
 * Which of the error statuses an operation can answer, from its binding: 400 when it reads input
 * (or a body), 401/403 unless public (401 also when a header credential is read), 404 when it names a record (a path parameter or an id
 * field), 409 and 413 on writes; 429, 500 and 503 anywhere; and whatever the entry adds in
 * `rest.statuses` (a 404 with no id, a 409 on a read), kept in step with the handlers' AppError statuses.
 */
function errorApplies(op: Operation, status: string, fields: readonly BoundField[]): boolean {
  const rest = op.rest!;
  // What the catalogue entry declares beyond the rule below (RestBinding.statuses).
  if (rest.statuses?.some((s) => String(s) === status)) return true;
  const wire = fields.filter((f) => f.in !== 'request');
  const write = rest.method !== 'GET';
  switch (status) {
    case '400':
      return write || wire.length > 0;
    case '401':
      return (rest.access ?? op.access) !== 'public' || headerCredentialsOf(fields).length > 0;
    case '403':
      return (rest.access ?? op.access) !== 'public';
    case '404':
      return wire.some((f) => f.in === 'path' || /^id$|Id$|_id$/.test(f.key) || /^id$|Id$|_id$/.test(f.rest));
    case '409':
    case '413':
      return write;
    case '422':
      return takesIdempotencyKey(op);
    default:
      return true;
  }
}

/** The codes an operation answers with a status: those its entry implies, and the status's general one. */
export function codesAt(op: Operation, status: number): ErrorCode[] {
  const general = codeOfStatus(status);
  const own = errorCodesAt(op, status);
  return own.includes(general) ? own : [...own, general];
}

/** An operation's error responses, each naming the codes it may carry. */
export function operationErrorResponses(op: Operation, fields: readonly BoundField[]): Json {
  const upload = op.rest!.upload;
  const errors = { ...ERROR_STATUSES, ...(upload ? { ...UPLOAD_STATUSES, '413': `File over ${upload.maxBytes} bytes, or JSON over 2,097,152 bytes` } : {}) };
  const responses: Json = {};
  for (const [status, description] of Object.entries(errors).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!errorApplies(op, status, fields)) continue;
    const codes = codesAt(op, Number(status))
      .map((c) => `\`${c}\``)
      .join(', ');
    responses[status] = { $ref: `#/components/responses/Error${status}`, description: `${description}. Codes: ${codes}.` };
  }
  return responses;
}
