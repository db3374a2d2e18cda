import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, intIn } from '../schemas/common.schema.js';
import { MCP_USAGE_LIMITS, OTHER_MODEL, utcDaySchema } from './analytics.operations.js';
import { featureRequestSchema, HELP_STATUSES, helpRequestSchema, nextOffsetSchema, problemReportSchema, reportPageInput } from './help.operations.js';

/**
 * Staff lists and the waitlist invite (contract: "Staff admin"). Access `staff` is decided at
 * every request by the kit's guard (accounts marked staff, or a verified address on
 * STAFF_EMAIL_DOMAINS): everyone else gets 403 on REST and a tool error over MCP. Help, problem
 * and feature lists live with the reports in admin; invitation links and the waitlist stay with
 * identity, which owns them, so no service reads another's tables.
 */

export const WAITLIST_STATUSES = ['waiting', 'invited', 'joined'] as const;

/** Who sent a request, for staff: the member id and how they came (key, session or an agent). */
const senderFields = {
  memberId: z.string().describe('The member who sent it'),
  via: z.enum(['key', 'session', 'oauth']).describe('key: an API key; session: the website; oauth: an agent over MCP'),
};

const pageInput = z.object({ ...reportPageInput });

const pageDescription = 'Staff only; page on with nextOffset.';

// Staff answer by email, so they see the sender's name and address here (never on a member's surface).
export const staffHelpRequestSchema = helpRequestSchema
  .extend({
    ...senderFields,
    memberName: z.string().nullable(),
    memberEmail: z.string().nullable(),
    status: z.enum(HELP_STATUSES),
  })
  .describe('A help request, with its sender');

export const listHelpRequests = defineOperation({
  name: 'listHelpRequests',
  service: 'admin',
  summary: 'Help requests, appeals first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: pageInput,
  output: z.object({ helpRequests: z.array(staffHelpRequestSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/help-requests', status: 200 },
  mcp: {
    tool: 'list_help_requests',
    description: `Help requests with sender (name, email), topic, message and status; open appeals first. ${pageDescription}`,
  },
});

export const staffProblemReportSchema = problemReportSchema.extend(senderFields).describe('A problem report, with its sender');

export const listProblemReports = defineOperation({
  name: 'listProblemReports',
  service: 'admin',
  summary: 'Problem reports, newest first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: pageInput,
  output: z.object({ problemReports: z.array(staffProblemReportSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/problem-reports', status: 200 },
  mcp: {
    tool: 'list_problem_reports',
    description: `Problem reports (sender, channel web/rest/mcp, app version, when, description), newest first. ${pageDescription}`,
  },
});

export const staffFeatureRequestSchema = featureRequestSchema.extend(senderFields).describe('A feature request, with its sender');

export const listFeatureRequests = defineOperation({
  name: 'listFeatureRequests',
  service: 'admin',
  summary: 'Feature requests, newest first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: pageInput,
  output: z.object({ featureRequests: z.array(staffFeatureRequestSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/feature-requests', status: 200 },
  mcp: { tool: 'list_feature_requests', description: `Feature requests (title, description, sender), newest first. ${pageDescription}` },
});

export const staffInviteLinkSchema = z
  .object({
    url: z.string().describe('The invitation link'),
    ownerId: z.string(),
    ownerName: z.string(),
    ownerEmail: z.string(),
    uses: z.number().int().min(0).describe('People who joined through the link or its email invitations'),
    revoked: z.boolean().describe('True when the link is turned off'),
    createdAt: dateTimeSchema,
  })
  .describe("A member's invitation link");

export const listInviteLinks = defineOperation({
  name: 'listInviteLinks',
  service: 'identity',
  summary: 'Invitation links, most used first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: pageInput,
  output: z.object({ invites: z.array(staffInviteLinkSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/invites', status: 200 },
  mcp: { tool: 'list_invite_links', description: `Members' invitation links with owner, uses and whether turned off, most used first. ${pageDescription}` },
});

export const waitlistEntrySchema = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(WAITLIST_STATUSES).describe('waiting, then invited (by staff), then joined (the invitation was accepted)'),
    createdAt: dateTimeSchema.describe('When the address joined the waitlist'),
    invitedAt: dateTimeSchema.nullable(),
    invitedBy: z.string().nullable().describe('The staff member who invited the entry'),
    joinedMemberId: z.string().nullable().describe('The member the address became'),
  })
  .describe('A waitlist entry');

export const listWaitlist = defineOperation({
  name: 'listWaitlist',
  service: 'identity',
  summary: 'The waitlist, oldest first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: pageInput.extend({
    status: z
      .enum(WAITLIST_STATUSES, { error: `One of: ${WAITLIST_STATUSES.join(', ')}.` })
      .optional()
      .describe('Only entries in this state'),
  }),
  output: z.object({ entries: z.array(waitlistEntrySchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/waitlist', status: 200 },
  mcp: {
    tool: 'list_waitlist',
    description: `The waitlist, oldest first, with each entry's status (waiting, invited, joined); filter by status. ${pageDescription}`,
  },
});

export const inviteFromWaitlist = defineOperation({
  name: 'inviteFromWaitlist',
  service: 'identity',
  summary: "Email a waitlist entry the staff member's own invitation link (staff)",
  access: 'staff',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Waitlist entry id') }),
  output: z.object({
    entry: waitlistEntrySchema,
    emailed: z.boolean().describe('True when this request sent the email; false when the entry had already been invited'),
  }),
  rest: { method: 'POST', path: '/api/admin/waitlist/{id}/invite', status: 200 },
  mcp: {
    tool: 'invite_from_waitlist',
    args: { id: 'entry_id' },
    description: 'Invite a waitlisted address with a place of your allowance. 409: already joined, no places or link off; 503: email failed. Staff only.',
  },
});

const usageCounts = {
  calls: z.number().int().min(0).describe('Tool calls'),
  callsWithContext: z.number().int().min(0).describe('Of those, calls that gave context (its text is never kept)'),
};
const usageTool = z.string().describe('The tool called');
const usageModel = z
  .string()
  .nullable()
  .describe(`llm_model as the agent gave it; null when none was given; "${OTHER_MODEL}" when it was not a model id, or past the day's bound`);
const { maxDays, defaultDays, maxAnswerRows } = MCP_USAGE_LIMITS;

/**
 * MCP tool calls counted by tool and model (contract: "MCP conventions", analytics only). Counts
 * alone: no member, no context text. Kept for the longest period this counts (maxDays).
 */
export const getMcpToolUsage = defineOperation({
  name: 'getMcpToolUsage',
  service: 'admin',
  summary: 'MCP tool calls counted by tool and model over recent days (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: z.object({
    days: intIn(1, maxDays, defaultDays).describe(`Days counted, today (UTC) included: 1-${maxDays} (default ${defaultDays})`),
  }),
  output: z.object({
    since: utcDaySchema.describe('The first day counted (UTC)'),
    until: utcDaySchema.describe('The last day counted: today (UTC)'),
    ...usageCounts,
    byTool: z.array(z.object({ tool: usageTool, ...usageCounts })).describe('Every tool called, most calls first'),
    byModel: z.array(z.object({ model: usageModel, ...usageCounts })).describe(`Models, most calls first (at most ${maxAnswerRows})`),
    byToolAndModel: z
      .array(z.object({ tool: usageTool, model: usageModel, ...usageCounts }))
      .describe(`Each tool and model, most calls first (at most ${maxAnswerRows})`),
    truncated: z.boolean().describe(`True when byModel or byToolAndModel left rows out past ${maxAnswerRows}`),
  }),
  rest: { method: 'GET', path: '/api/admin/mcp-usage', status: 200 },
  mcp: {
    tool: 'get_mcp_usage',
    description: `MCP tool calls over the last days (1-${maxDays}, default ${defaultDays}), counted by tool and by llm_model, with how many gave context. Staff only.`,
  },
});

export const staffOperations = [
  listHelpRequests,
  listProblemReports,
  listFeatureRequests,
  listInviteLinks,
  listWaitlist,
  inviteFromWaitlist,
  getMcpToolUsage,
] as const;
