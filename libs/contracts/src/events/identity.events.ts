import { z } from 'zod';

import { defineEvent } from './event.js';

/**
 * A member deleted their account. Every service removes or anonymises what it holds for the
 * member; consumers are idempotent and a failed part is retried by redelivery until it succeeds.
 */
export const memberDeletedV1 = defineEvent(
  'member.deleted',
  1,
  'identity',
  z.object({
    memberId: z.string(),
    deletedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/**
 * An account was created: its first sign-in (by email link or identity provider). The member is
 * welcomed by email; nothing about the address travels on the bus.
 */
export const memberJoinedV1 = defineEvent(
  'member.joined',
  1,
  'identity',
  z.object({
    memberId: z.string(),
    joinedAt: z.string(),
  }),
);

/**
 * A member's public card changed (name, headline or photo). Services that keep a copy of the
 * card (the jobs service's posters) refresh it; `changedAt` lets them ignore an older card.
 */
export const memberCardChangedV1 = defineEvent(
  'member.card_changed',
  1,
  'identity',
  z.object({
    memberId: z.string(),
    name: z.string(),
    headline: z.string().nullable(),
    photoUrl: z.string().nullable(),
    changedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/** A staff member emailed a waitlist entry their invitation link; the staff audit log records it. */
export const waitlistInvitedV1 = defineEvent(
  'waitlist.invited',
  1,
  'identity',
  z.object({
    entryId: z.string(),
    invitedBy: z.string(),
    invitedAt: z.string(),
  }),
);

/** Someone was let in with a member's invitation (link or email); the inviter is told. */
export const invitationAcceptedV1 = defineEvent(
  'invitation.accepted',
  1,
  'identity',
  z.object({
    inviterId: z.string(),
    memberId: z.string().describe('The member who joined'),
    joinedAt: z.string(),
  }),
);

/**
 * Staff suspended a member: identity has already ended their sessions, keys and agent grants;
 * jobs hides their open jobs from the board and admin records the action in the audit log.
 */
export const memberSuspendedV1 = defineEvent(
  'member.suspended',
  1,
  'identity',
  z.object({
    memberId: z.string(),
    suspendedBy: z.string().describe('The staff member who acted'),
    reason: z.string(),
    suspendedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/** Staff lifted a suspension: the member's still-open jobs return to the board; admin audits it. */
export const memberReinstatedV1 = defineEvent(
  'member.reinstated',
  1,
  'identity',
  z.object({
    memberId: z.string(),
    liftedBy: z.string().describe('The staff member who acted'),
    reason: z.string().nullable(),
    liftedAt: z.string(),
  }),
  { changesPublicPages: true },
);
