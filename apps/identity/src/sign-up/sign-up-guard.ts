import { AppError, type Caller } from '@marketplace/contracts';
import { NOT_ADMITTED_MESSAGE, type HandlerContext } from '@marketplace/service-kit';
import type { MemberEntity } from '../members/member.entity.js';
import type { EffectiveSettings } from '../settings/settings.service.js';

/** The sign-up steps are the member routes open while sign-up is unfinished. */
export function requireSignUpCaller(ctx: HandlerContext): Caller {
  const caller = ctx.caller;
  if (!caller) throw AppError.unauthorized();
  if (!caller.emailVerified) throw AppError.forbidden('Verify your email address first.');
  if (caller.admitted === false) throw AppError.forbidden(NOT_ADMITTED_MESSAGE);
  return caller;
}

/** With verification disabled nobody has steps left; otherwise until finished. */
export function requireSignUpOpen(member: MemberEntity, settings: EffectiveSettings): void {
  if (!settings.identityVerification || member.signUpFinishedAt) throw AppError.conflict('Sign-up is already finished.');
}
