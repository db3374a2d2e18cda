import { z } from 'zod';

import { defineOperation } from '../operation.js';
import {
  conversationSummarySchema,
  jobApplicantSchema,
  jobApplicationSchema,
  messageSchema,
  myApplicationSchema,
  publicRatingSchema,
  ratingSummarySchema,
} from '../schemas/application.schema.js';
import { dateTimeSchema, idSchema, intIn, memberText, oneLine, refusedFields, text, versionNumberSchema } from '../schemas/common.schema.js';
import { viewerApplicationSchema } from '../schemas/job.schema.js';
import { ownListPage, pageTotalSchema } from '../schemas/paging.schema.js';
import { workOperations } from './work.operations.js';

/** Payments are disabled: a quote is refused rather than silently ignored. */
/** Refused while payments are off (always, for now): left out of the document (refusedFields). */
const quoteWhilePaymentsOff = z
  .unknown()
  .optional()
  .refine((v) => v === undefined, { message: 'Payments are disabled; omit quote.' })
  .describe('Whole US dollars; omit (payments are off)');
refusedFields.add(quoteWhilePaymentsOff, { reason: 'payments are disabled' });

// ---------------------------------------------------------------- applying

export const applyToJob = defineOperation({
  name: 'applyToJob',
  service: 'applications',
  summary: 'Apply to an open job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema.describe('Job id'),
    pitch: text(4000).describe('Why you are a good fit and how you would do the work'),
    acceptResponsibility: z.literal(true, { error: 'Must be true: you take responsibility for the work you apply for.' }),
    agent: oneLine(120).optional().describe('The agent applying for the member, if any'),
    model: oneLine(120).optional().describe('The AI model that wrote it (required over MCP and with API keys)'),
    jobVersion: versionNumberSchema.optional().describe('The job version you read; 409 if the job was edited since'),
    quote: quoteWhilePaymentsOff,
  }),
  output: myApplicationSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/applications', status: 201 },
  mcp: {
    tool: 'apply_to_job',
    args: { id: 'job_id' },
    description: 'Needs a complete profile with a resume. accept_responsibility must be true; pass your model and the job_version read. One per job, 50 a day.',
  },
});

export const withdrawApplication = defineOperation({
  name: 'withdrawApplication',
  service: 'applications',
  summary: 'Withdraw your application while it waits for the poster',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Application id') }),
  output: myApplicationSchema,
  rest: { method: 'POST', path: '/api/me/applications/{id}/withdraw', status: 200 },
  mcp: {
    tool: 'withdraw_application',
    effect: { destructive: true },
    args: { id: 'application_id' },
    description: 'Withdraw one of your applications while it is still submitted (waiting). You can apply again afterwards.',
  },
});

export const listMyApplications = defineOperation({
  name: 'listMyApplications',
  service: 'applications',
  summary: "The caller's applications, newest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object(ownListPage),
  output: z.object({ applications: z.array(myApplicationSchema), total: pageTotalSchema }),
  rest: { method: 'GET', path: '/api/me/applications', status: 200 },
  mcp: {
    tool: 'list_my_applications',
    description: "Your applications, newest first, with the poster's contact once accepted and whether the job changed. Paged.",
  },
});

/** The caller's own application to a job, for job details (service-to-service). */
export const getViewerApplication = defineOperation({
  name: 'getViewerApplication',
  service: 'applications',
  summary: "A member's own latest application to a job (service-to-service)",
  access: 'internal',
  callers: ['jobs'],
  input: z.object({ jobId: idSchema, memberId: idSchema }),
  output: z.object({ application: viewerApplicationSchema }),
});

// ---------------------------------------------------------------- the poster's side

export const listJobApplications = defineOperation({
  name: 'listJobApplications',
  service: 'applications',
  summary: 'Applications to one of your jobs',
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema.describe('Job id'), ...ownListPage }),
  output: z.object({ applications: z.array(jobApplicationSchema), total: pageTotalSchema }),
  rest: { method: 'GET', path: '/api/me/jobs/{id}/applications', status: 200 },
  mcp: {
    tool: 'list_job_applications',
    args: { id: 'job_id' },
    description: 'Applications to your job (closed too), preferred first, then oldest; no withdrawn; contacts once hired. Paged.',
  },
});

export const acceptApplication = defineOperation({
  name: 'acceptApplication',
  service: 'applications',
  summary: 'Hire an applicant',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Application id'), quote: quoteWhilePaymentsOff }),
  output: jobApplicationSchema,
  rest: { method: 'POST', path: '/api/me/job-applications/{id}/accept', status: 200 },
  mcp: {
    tool: 'accept_application',
    effect: { destructive: true },
    args: { id: 'application_id' },
    description: 'Hire the applicant of a waiting application on your open job: it moves to in_progress, the others are declined, contacts are exchanged.',
  },
});

export const declineApplication = defineOperation({
  name: 'declineApplication',
  service: 'applications',
  summary: 'Decline an application',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Application id') }),
  output: jobApplicationSchema,
  rest: { method: 'POST', path: '/api/me/job-applications/{id}/decline', status: 200 },
  mcp: {
    tool: 'decline_application',
    effect: { destructive: true },
    args: { id: 'application_id' },
    description: 'Decline a waiting application to your job. The job stays open.',
  },
});

// ---------------------------------------------------------------- public applicant list

export const listJobApplicants = defineOperation({
  name: 'listJobApplicants',
  service: 'applications',
  summary: 'The public applicant list of a job (anonymous by default)',
  access: 'board',
  scope: 'agent:read',
  input: z.object({
    id: idSchema.describe('Job id'),
    offset: intIn(0, 100_000, 0),
    limit: intIn(1, 50, 20),
  }),
  output: z.object({
    applicants: z.array(jobApplicantSchema),
    nextOffset: z.number().int().nullable().describe('Null on the last page'),
  }),
  rest: { method: 'GET', path: '/api/jobs/{id}/applicants', status: 200 },
  mcp: {
    tool: 'list_job_applicants',
    access: 'board',
    args: { id: 'job_id' },
    description: 'The public applicant list of an open or completed job: codenames unless an applicant opted in; never pitches or contacts.',
  },
});

// ---------------------------------------------------------------- messages

export const sendMessage = defineOperation({
  name: 'sendMessage',
  service: 'applications',
  summary: 'Send a message in the conversation of one application',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    applicationId: idSchema,
    body: text(4000).describe('Plain text; line breaks are kept. Never shared by email'),
  }),
  output: messageSchema,
  rest: { method: 'POST', path: '/api/messages', status: 201 },
  mcp: {
    tool: 'send_message',
    description: 'Message the other side of an application (one conversation each); messages sent by an agent are marked as such.',
  },
});

export const listMessages = defineOperation({
  name: 'listMessages',
  service: 'applications',
  summary: 'Inbox of conversations, or one conversation',
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    applicationId: idSchema.optional(),
    before: z.iso
      .datetime({ offset: true, error: 'Must be an ISO 8601 date-time.' })
      .optional()
      .describe('With application_id: messages sent before this time'),
    limit: intIn(1, 100, 50),
  }),
  output: z.union([
    z.object({ conversations: z.array(conversationSummarySchema) }).describe('Inbox, most recent first'),
    z.object({
      applicationId: z.string(),
      job: z.object({ id: z.string(), title: z.string() }),
      role: z.enum(['poster', 'applicant']),
      with: z.object({ id: z.string().nullable(), name: memberText }),
      messages: z.array(messageSchema).describe('Oldest first'),
      nextBefore: dateTimeSchema.nullable().describe('Pass as before for older messages; null when none'),
    }),
  ]),
  rest: {
    method: 'GET',
    path: '/api/messages',
    status: 200,
    fields: { applicationId: { in: 'query', name: 'application_id' } },
  },
  mcp: {
    tool: 'list_messages',
    description: 'Without application_id: your conversations, latest first. With it: that conversation, oldest first, paged with before; marks it read.',
  },
});

// ---------------------------------------------------------------- member records (service-to-service)

/** What a member page shows from the applications service (service-to-service). */
export const getMemberWorkRecord = defineOperation({
  name: 'getMemberWorkRecord',
  service: 'applications',
  summary: "A member's accepted work and public ratings, for member pages",
  access: 'internal',
  callers: ['identity'],
  input: z.object({ memberId: idSchema }),
  output: z.object({
    /** Job ids of accepted applications, most recent first. */
    jobsDone: z.array(z.string()),
    completedJobs: z.number().int().min(0),
    rating: ratingSummarySchema,
    ratings: z.array(publicRatingSchema),
  }),
});

/** Whether the member is either side of hired work that is not finished (blocks account deletion). */
export const getMemberActiveWork = defineOperation({
  name: 'getMemberActiveWork',
  service: 'applications',
  summary: 'Whether a member has hired work underway (service-to-service)',
  access: 'internal',
  callers: ['identity'],
  input: z.object({ memberId: idSchema }),
  output: z.object({ active: z.boolean(), jobIds: z.array(z.string()) }),
});

/**
 * Account deletion's compare-and-set on the owner of hires: under the member's lock, refuses (409,
 * with the job ids) while the member is either side of hired work underway, and otherwise records
 * a short-lived claim during which no application of or by the member can be accepted. Identity
 * deletes after a successful claim; if it does not, the claim simply expires.
 */
export const claimMemberDeletion = defineOperation({
  name: 'claimMemberDeletion',
  service: 'applications',
  summary: 'Stop new hires of a member about to be deleted, unless work is underway (service-to-service)',
  access: 'internal',
  callers: ['identity'],
  input: z.object({ memberId: idSchema }),
  output: z.object({ claimed: z.literal(true), expiresAt: z.string() }),
});

/** Applicants still waiting on a job (status submitted), for alerts about the job (service-to-service). */
export const listWaitingApplicants = defineOperation({
  name: 'listWaitingApplicants',
  service: 'applications',
  summary: 'Members whose application to a job is still waiting (service-to-service)',
  access: 'internal',
  callers: ['notifications'],
  input: z.object({ jobId: idSchema }),
  output: z.object({ applicantIds: z.array(z.string()) }),
});

export const applicationsOperations = [
  applyToJob,
  withdrawApplication,
  listMyApplications,
  getViewerApplication,
  listJobApplications,
  acceptApplication,
  declineApplication,
  listJobApplicants,
  sendMessage,
  listMessages,
  getMemberWorkRecord,
  getMemberActiveWork,
  claimMemberDeletion,
  listWaitingApplicants,
  ...workOperations,
] as const;
