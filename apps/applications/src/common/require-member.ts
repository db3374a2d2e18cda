import { AppError, type Caller } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';

/** Member operations need a signed-in caller with a verified email (spec: 403 otherwise). */
export function requireVerifiedMember(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw AppError.unauthorized();
  if (!ctx.caller.emailVerified) throw AppError.forbidden('Verify your email address first.');
  return ctx.caller;
}

/** Ids here are UUIDs; anything else names nothing, so it is a 404 without a query. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Whether a person (browser session) or an agent (API key, MCP sign-in) is acting. */
export function sentBy(caller: Caller): 'person' | 'agent' {
  return caller.via === 'session' ? 'person' : 'agent';
}
