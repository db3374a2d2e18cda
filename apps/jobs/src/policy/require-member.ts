import { AppError, type Caller } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';

/** Most member operations need a verified email (spec: 403 otherwise). */
export function requireVerifiedMember(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw AppError.unauthorized();
  if (!ctx.caller.emailVerified) throw AppError.forbidden('Verify your email address first.');
  return ctx.caller;
}
