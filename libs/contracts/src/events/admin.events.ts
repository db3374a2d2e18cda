import { z } from 'zod';

import { defineEvent } from './event.js';

/**
 * Staff removed or restored a member's job, comment, profile or message: sent to its owner with the reason, so the
 * notifications service can tell them why.
 */
export const contentModeratedV1 = defineEvent(
  'content.moderated',
  1,
  'admin',
  z.object({
    kind: z.enum(['job', 'comment', 'member', 'message']),
    itemId: z.string(),
    ownerId: z.string(),
    action: z.enum(['removed', 'restored']),
    reason: z.string(),
  }),
  { changesPublicPages: true },
);

/**
 * Staff replied to a member's help request. The reply itself stays with admin (notifications asks
 * for it with getHelpReplyForAlert), so the stream carries only who is to be told.
 */
export const helpRequestRepliedV1 = defineEvent(
  'help_request.replied',
  1,
  'admin',
  z.object({
    helpRequestId: z.string(),
    replyId: z.string(),
    memberId: z.string(),
  }),
);
