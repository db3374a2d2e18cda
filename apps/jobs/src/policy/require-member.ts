import type { Caller } from '@marketplace/contracts';
import { callerOf, type HandlerContext } from '@marketplace/service-kit';

/**
 * Most member operations need a verified email (spec: 403 otherwise); the shared guard also
 * refuses members not let in while invite-only and those who have not finished signing up.
 */
export function requireVerifiedMember(ctx: HandlerContext): Caller {
  return callerOf(ctx);
}
