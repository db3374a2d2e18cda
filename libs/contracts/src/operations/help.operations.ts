import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, intIn, memberText, oneLine, text } from '../schemas/common.schema.js';

/**
 * Members asking for help and reporting (contract: "Help and safety (K)", "Named without a shown
 * shape"). Every free text here is refused with 400 naming its field when it holds a card number
 * or a credential: these records are read by staff, and must never hold either. Each submission
 * is limited per member (429 with Retry-After).
 */

export const HELP_TOPICS = ['refund', 'chargeback', 'payment', 'payout', 'account', 'question', 'other', 'appeal'] as const;
/** The topic of a suspended member's appeal: staff see open appeals first. */
export const APPEAL_TOPIC = 'appeal' satisfies (typeof HELP_TOPICS)[number];
/** Topics the support team handles (money already moved), as the contract's `help` pointer names them. */
export const SUPPORT_TOPICS: readonly (typeof HELP_TOPICS)[number][] = ['refund', 'chargeback', 'payment'];
/** open until staff reply (answered) or close it; a member's request is never deleted by staff. */
export const HELP_STATUSES = ['open', 'answered', 'closed'] as const;
export const PROBLEM_CHANNELS = ['web', 'rest', 'mcp'] as const;
export const CONTENT_KINDS = ['job', 'comment', 'member', 'message'] as const;
export const CONTENT_REPORT_REASONS = [
  'spam',
  'scam',
  'harassment',
  'hateful',
  'sexual',
  'violence',
  'personal_information',
  'credentials',
  'illegal',
  'other',
] as const;
export const CONTENT_REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const;

/** The contract's size for report and admin lists. */
export const REPORT_LIST_LIMITS = { defaultLimit: 50, maxLimit: 100 } as const;

/** A moment in the past (a day of clock skew allowed), from 2000 on: what any database and clock can hold. */
// The year as written is the floor, so a pattern carries it; "not in the future" moves with the clock and cannot.
const pastDateTime = z.iso
  .datetime({ offset: true, error: 'Must be an ISO 8601 date-time.' })
  .regex(/^[2-9]\d{3}-/, 'Must be in 2000 or later.')
  .meta({ examples: ['2025-01-15T09:30:00Z'] })
  .refine((s) => Date.parse(s) <= Date.now() + 86_400_000, { message: 'Must not be in the future.' });
export const nextOffsetSchema = z.number().int().nullable().describe('Offset of the next page; null on the last page');

// ---------------------------------------------------------------- help

export const helpRequestSchema = z
  .object({
    id: z.string(),
    topic: z.enum(HELP_TOPICS),
    message: memberText,
    jobId: z.string().nullable(),
    applicationId: z.string().nullable(),
    createdAt: dateTimeSchema,
  })
  .describe('A help request as received');

export const contactForHelp = defineOperation({
  name: 'contactForHelp',
  service: 'admin',
  summary: 'Ask the team for help (refunds, chargebacks, payments, payouts, your account, questions)',
  access: 'member',
  scope: 'agent:write',
  // A suspended member appeals here.
  openWhileSuspended: true,
  input: z.object({
    topic: z.enum(HELP_TOPICS, { error: `One of: ${HELP_TOPICS.join(', ')}.` }).describe('What the request is about'),
    message: text(4000).describe('What happened and what you need; never a card number, key or password'),
    jobId: idSchema.optional().describe('The job this is about'),
    applicationId: idSchema.optional().describe('The application this is about'),
  }),
  output: helpRequestSchema,
  rest: { method: 'POST', path: '/api/help', status: 201 },
  mcp: {
    tool: 'contact_for_help',
    description: 'Ask the team for help for your human; a message with a card number, key or password is refused. A few an hour.',
  },
});

// ---------------------------------------------------------------- problem reports

export const problemReportSchema = z
  .object({
    id: z.string(),
    channel: z.enum(PROBLEM_CHANNELS).describe('Where the problem happened'),
    appVersion: z.string().nullable(),
    occurredAt: dateTimeSchema.describe('When the problem happened'),
    description: z.string(),
    createdAt: dateTimeSchema,
  })
  .describe('A problem report as received');

export const reportProblem = defineOperation({
  name: 'reportProblem',
  service: 'admin',
  summary: 'Report a problem with the website, the API or the MCP tools',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    channel: z
      .enum(PROBLEM_CHANNELS, { error: `One of: ${PROBLEM_CHANNELS.join(', ')}.` })
      .optional()
      .describe('web, rest or mcp; defaults to the surface this report is sent through'),
    appVersion: oneLine(100).optional().describe('Version of the app or agent that met the problem'),
    occurredAt: pastDateTime.optional().describe('When it happened (ISO 8601); defaults to now'),
    description: text(4000).describe('What you did, expected and got (error bodies, request ids); never a secret'),
  }),
  output: problemReportSchema,
  rest: { method: 'POST', path: '/api/problem-reports', status: 201 },
  mcp: {
    tool: 'report_problem',
    description: 'Report a problem (a tool that keeps failing) with the error and any requestId, never a secret. Offer it when an error cannot be fixed.',
  },
});

// ---------------------------------------------------------------- feature requests

export const featureRequestSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    createdAt: dateTimeSchema,
  })
  .describe('A feature request as received');

export const submitFeatureRequest = defineOperation({
  name: 'submitFeatureRequest',
  service: 'admin',
  summary: 'Ask for a feature',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    title: oneLine(120).describe('The feature in one line'),
    description: text(4000).describe('What it should do and why'),
  }),
  output: featureRequestSchema,
  rest: { method: 'POST', path: '/api/feature-requests', status: 201 },
  mcp: {
    tool: 'submit_feature_request',
    description: 'Ask the team for a feature. A few an hour; text with a card number or credential is refused.',
  },
});

// ---------------------------------------------------------------- content reports

/** A content report as its reporter sees it: the receipt and the outcome, never staff notes or evidence. */
export const contentReportSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS).describe('What was reported'),
  itemId: z.string().describe('Id of the job, comment, member or message'),
  reason: z.enum(CONTENT_REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(CONTENT_REPORT_STATUSES).describe('open until staff dismiss it or remove the content'),
  createdAt: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable().describe('When staff dismissed it or removed the content; null while open'),
});

export const reportContent = defineOperation({
  name: 'reportContent',
  service: 'admin',
  summary: 'Report a job, comment, member or message to the moderators',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    kind: z.enum(CONTENT_KINDS, { error: `One of: ${CONTENT_KINDS.join(', ')}.` }).describe('What you report'),
    itemId: idSchema.describe('Id of the job, comment, member or message'),
    reason: z.enum(CONTENT_REPORT_REASONS, { error: `One of: ${CONTENT_REPORT_REASONS.join(', ')}.` }),
    details: text(2000).optional().describe('What is wrong with it (at most 2,000 characters)'),
  }),
  output: contentReportSchema,
  rest: { method: 'POST', path: '/api/content-reports', status: 201 },
  mcp: {
    tool: 'report_content',
    description: 'Report a job, comment, member or message (404 if you cannot see it); one open report per item (409).',
  },
});

/** offset and limit of every report and admin list (contract: "Other lists"). */
export const reportPageInput = {
  offset: intIn(0, 1_000_000, 0).describe('Rows to skip (default 0)'),
  limit: intIn(1, REPORT_LIST_LIMITS.maxLimit, REPORT_LIST_LIMITS.defaultLimit).describe('Rows per page, 1-100 (default 50)'),
};

export const listMyContentReports = defineOperation({
  name: 'listMyContentReports',
  service: 'admin',
  summary: 'Your content reports and their outcomes, newest first',
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    ...reportPageInput,
    status: z
      .enum(CONTENT_REPORT_STATUSES, { error: `One of: ${CONTENT_REPORT_STATUSES.join(', ')}.` })
      .optional()
      .describe('Only reports in this state'),
  }),
  output: z.object({
    reports: z.array(contentReportSchema),
    nextOffset: nextOffsetSchema,
  }),
  rest: { method: 'GET', path: '/api/me/content-reports', status: 200 },
  mcp: {
    tool: 'list_my_content_reports',
    description: 'Content reports you sent, newest first, with their status; page on with nextOffset.',
  },
});

export const helpOperations = [contactForHelp, reportProblem, submitFeatureRequest, reportContent, listMyContentReports] as const;
