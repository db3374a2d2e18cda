import { accessOn, type Operation, takesIdempotencyKey, writesSomething } from '../operation.js';
import { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode } from './error-codes.js';

/** Answered by any operation: bad input, a limit, a failure of ours, a dependency away. */
const ANYWHERE: readonly ErrorCode[] = ['invalid_input', 'rate_limited', 'internal', 'unavailable'];

/**
 * The error codes an operation can answer on a surface: those its access implies (the guard's
 * refusals, in the order it makes them), a suspended member's refusal on a write, the
 * idempotency refusals, a record not found where it names one, the general codes of any
 * operation, and what its catalogue entry adds (`errors`). OpenAPI lists them per status and the
 * gateway's tests hold every answer to them.
 */
export function errorCodesOf(op: Operation, surface: 'rest' | 'mcp' = 'rest'): ErrorCode[] {
  const access = accessOn(op, surface);
  const codes = new Set<ErrorCode>(ANYWHERE);
  const ladder = ['signedIn', 'verified', 'signUp', 'member', 'staff'];
  const at = ladder.indexOf(access);
  if (at >= 0) codes.add('unauthenticated');
  if (at >= ladder.indexOf('verified')) codes.add('email_unverified');
  if (at >= ladder.indexOf('signUp')) codes.add('not_admitted');
  if (at >= ladder.indexOf('member')) codes.add('sign_up_unfinished');
  if (access === 'staff') codes.add('staff_only');
  // The board reads, while the marketplace is invite-only: signed out, or not let in yet.
  if (access === 'board') {
    codes.add('unauthenticated');
    codes.add('not_admitted');
  }
  if ((access === 'member' || access === 'staff') && writesSomething(op) && !op.openWhileSuspended) codes.add('suspended');
  if (takesIdempotencyKey(op)) {
    codes.add('idempotency_key_in_use');
    codes.add('idempotency_key_reused');
  }
  if (op.rest && /\{[^}]+\}/.test(op.rest.path)) codes.add('not_found');
  for (const code of op.errors ?? []) codes.add(code);
  // In the registry's order, so a document lists them the same way everywhere.
  return ERROR_CODE_NAMES.filter((code) => codes.has(code));
}

/** Of an operation's codes, those answered with this status. */
export function errorCodesAt(op: Operation, status: number, surface: 'rest' | 'mcp' = 'rest'): ErrorCode[] {
  return errorCodesOf(op, surface).filter((code) => ERROR_CODES[code].status === status);
}

/** Path parameters that name a record by its UUID: the job, application, draft, file, delivery… */
const RECORD_PARAMS = new Set(['id', 'fileId', 'deliveryId']);

/** The input fields an operation names a record with, in its REST path (`{id}`, `{fileId}`, `{deliveryId}`). */
export function recordIdFields(op: Operation): string[] {
  if (!op.rest) return [];
  const params = new Set([...op.rest.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const fields = (op.rest.fields ?? {}) as Record<string, { name?: string } | undefined>;
  return Object.keys(op.input.shape).filter((key) => {
    const name = fields[key]?.name ?? key;
    return params.has(name) && RECORD_PARAMS.has(name);
  });
}
