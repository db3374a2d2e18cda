import { z } from 'zod';
import { defineEvent } from './event.js';

/**
 * A member deleted their account. Every service removes or anonymises what it holds for the
 * member; consumers are idempotent and a failed part is retried by redelivery until it succeeds.
 */
export const memberDeletedV1 = defineEvent('member.deleted', 1, 'identity', z.object({
  memberId: z.string(),
  deletedAt: z.string(),
}));
