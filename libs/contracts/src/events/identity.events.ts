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

/**
 * A member's public card changed (name, headline or photo). Services that keep a copy of the
 * card (the jobs service's posters) refresh it; `changedAt` lets them ignore an older card.
 */
export const memberCardChangedV1 = defineEvent('member.card_changed', 1, 'identity', z.object({
  memberId: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  photoUrl: z.string().nullable(),
  changedAt: z.string(),
}));
