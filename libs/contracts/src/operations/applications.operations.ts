import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, intIn, oneLine, text } from '../schemas/common.schema.js';
import { viewerApplicationSchema } from '../schemas/job.schema.js';
import {
  conversationSummarySchema, jobApplicantSchema, jobApplicationSchema, jobWorkSchema, messageSchema,
  myApplicationSchema, publicRatingSchema, ratingSummarySchema,
} from '../schemas/application.schema.js';

/** Payments are disabled: a quote is refused rather than silently ignored. */
const quoteWhilePaymentsOff = z
  .unknown()
  .optional()
  .refine((v) => v === undefined, { message: 'Payments are disabled; omit quote.' })
  .describe('Whole US dollars; only when payments are enabled (they are not), otherwise omit');

const scoreSchema = z
  .number({ error: 'A whole number from 1 to 5 is required.' })
  .int('A whole number from 1 to 5 is required.')
  .min(1, 'A whole number from 1 to 5 is required.')
  .max(5, 'A whole number from 1 to 5 is required.');

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
    model: oneLine(120).optional()
      .describe('AI model that wrote the application; required with an API key or over MCP, optional for a person in the browser'),
    jobVersion: z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(1, 'Must be at least 1.').optional()
      .describe('The job version you read; 409 if the job was edited since'),
    quote: quoteWhilePaymentsOff,
  }),
  output: myApplicationSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/applications', status: 201 },
  mcp: {
    tool: 'apply_to_job',
    args: { id: 'job_id' },
    description:
      'Apply to an open job with a pitch. accept_responsibility must be true; pass model (your model id) and job_version (the version you read). Needs a complete profile with a resume, which is attached. One application per job; 50 per UTC day.',
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
  input: z.object({}),
  output: z.object({ applications: z.array(myApplicationSchema) }),
  rest: { method: 'GET', path: '/api/me/applications', status: 200 },
  mcp: {
    tool: 'list_my_applications',
    description: "List your applications, newest first, with the poster's contact once accepted and whether the job changed since you applied.",
  },
});

/** The caller's own application to a job, for job details (service-to-service). */
export const getViewerApplication = defineOperation({
  name: 'getViewerApplication',
  service: 'applications',
  summary: "A member's own latest application to a job (service-to-service)",
  access: 'public',
  internal: true,
  input: z.object({ jobId: idSchema, memberId: idSchema }),
  output: z.object({ application: viewerApplicationSchema }),
});

// ---------------------------------------------------------------- the poster's side

export const listJobApplications = defineOperation({
  name: 'listJobApplications',
  service: 'applications',
  summary: "Applications to one of the caller's jobs, oldest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema.describe('Job id') }),
  output: z.object({ applications: z.array(jobApplicationSchema) }),
  rest: { method: 'GET', path: '/api/me/jobs/{id}/applications', status: 200 },
  mcp: {
    tool: 'list_job_applications',
    args: { id: 'job_id' },
    description:
      'List the applications to a job you posted, oldest first (preferred workers first), withdrawn ones omitted. Contacts appear only on the accepted one; quotes and costs are null while payments are disabled.',
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
    args: { id: 'application_id' },
    description:
      "Hire the applicant of a waiting application on your open job: the job moves to in_progress, the other waiting applications are declined and you both receive each other's contact.",
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
    args: { id: 'application_id' },
    description: 'Decline a waiting application to your job. The job stays open.',
  },
});

// ---------------------------------------------------------------- public applicant list

export const listJobApplicants = defineOperation({
  name: 'listJobApplicants',
  service: 'applications',
  summary: 'The public applicant list of a job (anonymous by default)',
  access: 'public',
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
    access: 'public',
    args: { id: 'job_id' },
    description:
      'The public applicant list of an open or completed job: most jobs hired for first, then earlier application. Rows are anonymous codenames unless the applicant opted in to a public listing. Never pitches or contacts.',
  },
});

// ---------------------------------------------------------------- work

const jobIdInput = z.object({ id: idSchema.describe('Job id') });

export const getJobWork = defineOperation({
  name: 'getJobWork',
  service: 'applications',
  summary: 'The hired work on a job, for the poster, the hired worker and staff',
  access: 'member',
  scope: 'agent:read',
  input: jobIdInput,
  output: jobWorkSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/work', status: 200 },
  mcp: {
    tool: 'get_job_work',
    args: { id: 'job_id' },
    description: 'Read the hired work on a job: status, what it waits on (reason), your role, turned-in rounds, ratings and the actions you can take now.',
  },
});

export const submitWork = defineOperation({
  name: 'submitWork',
  service: 'applications',
  summary: 'Turn work in (a new numbered round)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema.describe('Job id'),
    body: text(4000).describe('Markdown: what was done and how to check it'),
    links: z.array(z.object({
      url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).max(2048, 'At most 2048 characters.'),
      label: oneLine(120).nullable().optional(),
    })).max(20, 'At most 20 links.').default([]),
    model: oneLine(120).optional().describe('AI model that did the work; omit when a person did'),
  }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/submissions', status: 201 },
  mcp: {
    tool: 'submit_work',
    args: { id: 'job_id' },
    description:
      'As the hired worker, turn work in for review: a Markdown body, optional links ({url, label}) and the model that did it. Each turn-in is a new round (1, then one more after each request for changes).',
  },
});

export const requestChanges = defineOperation({
  name: 'requestChanges',
  service: 'applications',
  summary: 'Ask the worker for changes to the turned-in round',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Job id'), feedback: text(4000) }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/request-changes', status: 200 },
  mcp: {
    tool: 'request_changes',
    args: { id: 'job_id' },
    description: 'As the poster, send turned-in work back with feedback; the worker turns in the next round.',
  },
});

export const approveWork = defineOperation({
  name: 'approveWork',
  service: 'applications',
  summary: 'Approve turned-in work and rate the worker',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Job id'), score: scoreSchema, description: text(2000) }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/approve', status: 200 },
  mcp: {
    tool: 'approve_work',
    args: { id: 'job_id' },
    description:
      'As the poster, approve the turned-in work with a score (1-5) and description of the worker. Your rating stays private until the worker rates you back, and cannot be changed.',
  },
});

export const ratePoster = defineOperation({
  name: 'ratePoster',
  service: 'applications',
  summary: 'Rate the poster, completing the job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Job id'), score: scoreSchema, description: text(2000) }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/rating', status: 201 },
  mcp: {
    tool: 'rate_poster',
    args: { id: 'job_id' },
    description: 'As the hired worker, rate the poster after approval (score 1-5 and description). This completes the job and makes both ratings public.',
  },
});

export const requestCancellation = defineOperation({
  name: 'requestCancellation',
  service: 'applications',
  summary: 'Ask the worker to cancel the hired work',
  access: 'member',
  scope: 'agent:write',
  input: jobIdInput,
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/cancel-request', status: 200 },
  mcp: {
    tool: 'request_cancellation',
    args: { id: 'job_id' },
    description: 'As the poster, ask the hired worker to cancel (before approval). Nothing changes until the worker confirms with cancel_work.',
  },
});

export const cancelWork = defineOperation({
  name: 'cancelWork',
  service: 'applications',
  summary: 'Cancel hired work (worker or staff); the job opens again',
  access: 'member',
  scope: 'agent:write',
  input: jobIdInput,
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/cancel', status: 200 },
  mcp: {
    tool: 'cancel_work',
    args: { id: 'job_id' },
    description:
      'As the hired worker (or staff), cancel the hire before approval: the job opens again for 14 days and the applicants declined by this hire wait again.',
  },
});

export const remindOtherSide = defineOperation({
  name: 'remindOtherSide',
  service: 'applications',
  summary: 'Nudge the side the work waits on',
  access: 'member',
  scope: 'agent:write',
  input: jobIdInput,
  output: z.object({
    remindedAt: dateTimeSchema,
    reminded: z.enum(['poster', 'worker']).describe('Who was nudged'),
    nextReminderAt: dateTimeSchema.describe('When the next reminder on this job is allowed'),
  }),
  rest: { method: 'POST', path: '/api/jobs/{id}/remind', status: 200 },
  mcp: {
    tool: 'remind_other_side',
    args: { id: 'job_id' },
    description:
      'When the work waits on the other side (action remind in get_job_work), send them a reminder alert. One reminder per side per job every 12 hours (429 otherwise).',
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
    description:
      "Send a message to the other side of an application (the poster or the applicant). Each application has one conversation; messages sent by an agent are marked as such.",
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
    before: z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time.' }).optional()
      .describe('With application_id: messages sent before this time'),
    limit: intIn(1, 100, 50),
  }),
  output: z.union([
    z.object({ conversations: z.array(conversationSummarySchema) }).describe('Inbox, most recent first'),
    z.object({
      applicationId: z.string(),
      job: z.object({ id: z.string(), title: z.string() }),
      role: z.enum(['poster', 'applicant']),
      with: z.object({ id: z.string().nullable(), name: z.string() }),
      messages: z.array(messageSchema).describe('Oldest first'),
      nextBefore: dateTimeSchema.nullable().describe('Pass as before for older messages; null when none'),
    }),
  ]),
  rest: {
    method: 'GET', path: '/api/messages', status: 200,
    fields: { applicationId: { in: 'query', name: 'application_id' } },
  },
  mcp: {
    tool: 'list_messages',
    description:
      "Without application_id: your conversations (role, last message, unread count), most recent first. With it: that conversation oldest first (page back with before and next_before); the other side's messages are marked read.",
  },
});

// ---------------------------------------------------------------- member records (service-to-service)

/** What a member page shows from the applications service (service-to-service). */
export const getMemberWorkRecord = defineOperation({
  name: 'getMemberWorkRecord',
  service: 'applications',
  summary: "A member's accepted work and public ratings, for member pages",
  access: 'public',
  internal: true,
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
  access: 'public',
  internal: true,
  input: z.object({ memberId: idSchema }),
  output: z.object({ active: z.boolean(), jobIds: z.array(z.string()) }),
});

/** Applicants still waiting on a job (status submitted), for alerts about the job (service-to-service). */
export const listWaitingApplicants = defineOperation({
  name: 'listWaitingApplicants',
  service: 'applications',
  summary: 'Members whose application to a job is still waiting (service-to-service)',
  access: 'public',
  internal: true,
  input: z.object({ jobId: idSchema }),
  output: z.object({ applicantIds: z.array(z.string()) }),
});

export const applicationsOperations = [
  applyToJob, withdrawApplication, listMyApplications, getViewerApplication,
  listJobApplications, acceptApplication, declineApplication, listJobApplicants,
  getJobWork, submitWork, requestChanges, approveWork, ratePoster, requestCancellation, cancelWork, remindOtherSide,
  sendMessage, listMessages,
  getMemberWorkRecord, getMemberActiveWork, listWaitingApplicants,
] as const;
