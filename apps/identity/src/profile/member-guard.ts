import { AppError, type Caller } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';

/** Member operations need a signed-in caller with a verified email (spec: 403 otherwise). */
export function requireVerifiedCaller(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw AppError.unauthorized();
  if (!ctx.caller.emailVerified) throw AppError.forbidden('Verify your email address first.');
  return ctx.caller;
}
