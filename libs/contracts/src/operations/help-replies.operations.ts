import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, memberText, text } from '../schemas/common.schema.js';
import { HELP_STATUSES, helpRequestSchema, nextOffsetSchema, reportPageInput } from './help.operations.js';
import { staffHelpRequestSchema } from './staff.operations.js';

/**
 * Help that gets answered: staff read one request with its replies, reply (the member is emailed
 * and sees it under My help requests) and mark it answered or closed; the member reads their own
 * requests. The contract names none of these, so they are REST only: the MCP tool list is at its
 * size budget, and an agent reaches the replies through the member's alerts.
 */

const helpRequestId = { id: idSchema.describe('Help request id') };

export const helpReplySchema = z
  .object({
    id: z.string(),
    message: z.string(),
    createdAt: dateTimeSchema,
  })
  .describe('A reply from the team');

/** A member's own help request, as they follow it. */
export const myHelpRequestSchema = helpRequestSchema
  .extend({
    status: z.enum(HELP_STATUSES).describe('open until the team answers it; closed when nothing more is due'),
    replies: z.array(helpReplySchema).describe("The team's replies, oldest first"),
  })
  .describe('One of your help requests, with its status and the replies');

/** One help request for staff: the sender, what they asked, every reply and who sent it. */
export const staffHelpRequestDetailSchema = staffHelpRequestSchema
  .extend({
    replies: z.array(helpReplySchema.extend({ staffId: z.string().describe('The staff member who replied') })),
  })
  .describe('A help request with its replies');

export const listMyHelpRequests = defineOperation({
  name: 'listMyHelpRequests',
  service: 'admin',
  summary: "Your help requests with their status and the team's replies, newest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ ...reportPageInput }),
  output: z.object({ helpRequests: z.array(myHelpRequestSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/me/help-requests', status: 200 },
});

export const getHelpRequest = defineOperation({
  name: 'getHelpRequest',
  service: 'admin',
  summary: 'One help request with its sender and replies (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: z.object(helpRequestId),
  output: staffHelpRequestDetailSchema,
  rest: { method: 'GET', path: '/api/admin/help-requests/{id}', status: 200 },
});

export const replyToHelpRequest = defineOperation({
  name: 'replyToHelpRequest',
  service: 'admin',
  summary: 'Reply to a help request: the member is emailed the reply and sees it with the request (staff)',
  access: 'staff',
  scope: 'agent:write',
  input: z.object({
    ...helpRequestId,
    message: text(4000).describe('The reply; never a card number, key or password'),
    status: z
      .enum(['answered', 'closed'], { error: 'One of: answered, closed.' })
      .default('answered')
      .describe("The request's status after this reply (default answered)"),
  }),
  output: staffHelpRequestDetailSchema,
  rest: { method: 'POST', path: '/api/admin/help-requests/{id}/replies', status: 201 },
});

export const setHelpRequestStatus = defineOperation({
  name: 'setHelpRequestStatus',
  service: 'admin',
  summary: 'Mark a help request open, answered or closed (staff)',
  access: 'staff',
  scope: 'agent:write',
  input: z.object({
    ...helpRequestId,
    status: z.enum(HELP_STATUSES, { error: `One of: ${HELP_STATUSES.join(', ')}.` }),
  }),
  output: staffHelpRequestDetailSchema,
  rest: { method: 'PUT', path: '/api/admin/help-requests/{id}/status', status: 200 },
});

/**
 * A reply as its member's alert tells it: the reply text stays off the shared event stream (any
 * service may read an event), so notifications asks admin for it when it writes the alert.
 */
export const getHelpReplyForAlert = defineOperation({
  name: 'getHelpReplyForAlert',
  service: 'admin',
  summary: "A staff reply to a help request, for the member's alert and email (service-to-service)",
  access: 'internal',
  callers: ['notifications'],
  input: z.object({ replyId: idSchema }),
  output: z.object({
    found: z.boolean(),
    topic: z.string().nullable(),
    message: memberText.nullable(),
  }),
});

export const helpRepliesOperations = [listMyHelpRequests, getHelpRequest, replyToHelpRequest, setHelpRequestStatus, getHelpReplyForAlert] as const;
