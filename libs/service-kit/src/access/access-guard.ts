import { type Access, AppError, type Caller, type Operation, writesSomething } from '@marketplace/contracts';

import type { HandlerContext } from '../bus/operation-handler.js';

export const NOT_ADMITTED_MESSAGE = 'The marketplace is invite-only: join with an invitation (POST /api/me/invite) or the waitlist first. See /join.';
export const FINISH_SIGN_UP_MESSAGE = 'Finish signing up first.';
export const VERIFY_EMAIL_MESSAGE = 'Verify your email address first.';

/**
 * The one access check: the bus server runs it with the operation's declared access before any
 * handler, so a handler never repeats it. `internal` is decided by bus permissions (who may send
 * the request at all), not by a caller.
 */
export function guardAccess(access: Access, caller: Caller | null): void {
  // `board` also depends on the invite-only setting: the bus server asks it after this (guardBoardRead).
  if (access === 'public' || access === 'board' || access === 'internal') return;
  if (!caller) throw AppError.unauthorized();
  if (access === 'signedIn') return;
  if (!caller.emailVerified) throw AppError.forbidden(VERIFY_EMAIL_MESSAGE, 'email_unverified');
  if (access === 'verified') return;
  if (caller.admitted === false) throw AppError.forbidden(NOT_ADMITTED_MESSAGE, 'not_admitted');
  if (access === 'signUp') return;
  if (caller.signUpPending) throw AppError.forbidden(FINISH_SIGN_UP_MESSAGE, 'sign_up_unfinished');
  if (access === 'staff' && !caller.staff) throw AppError.forbidden('Staff only.', 'staff_only');
}

/** The answer to a suspended member's write: it names the reason and the way to appeal. */
export function suspendedMessage(reason: string): string {
  return `Your account is suspended: ${reason.replace(/[.\s]+$/, '')}. You can appeal from the help page (topic appeal).`;
}

/**
 * A suspended member keeps reading, their data and the appeal (operations marked
 * openWhileSuspended), but every other member write is refused here, on REST and MCP alike, so
 * no service has to ask identity about the member's standing.
 */
export function guardStanding(op: Operation, access: Access, caller: Caller | null): void {
  if (!caller?.suspended || (access !== 'member' && access !== 'staff')) return;
  if (op.openWhileSuspended || !writesSomething(op)) return;
  throw AppError.forbidden(suspendedMessage(caller.suspended), 'suspended');
}

/** The caller of an operation whose access needs one; the guard has already refused everyone else. */
export function callerOf(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw AppError.unauthorized();
  return ctx.caller;
}
