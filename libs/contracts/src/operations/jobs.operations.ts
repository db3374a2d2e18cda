import { z } from 'zod';
import { defineOperation } from '../operation.js';
import {
  categorySchema, idSchema, intIn, oneLine, retired, text, versionNumberSchema,
} from '../schemas/common.schema.js';
import { dayOrTimestampSchema } from '../schemas/job-filters.schema.js';
import {
  authorizedJobDetailSchema, categoryCountsSchema, jobListSchema, jobSchema, posterVisibilitySchema,
} from '../schemas/job.schema.js';
import { safetyPolicySchema } from '../schemas/safety-policy.schema.js';
import {
  commentSchema, jobPerformanceSchema, jobPosterSchema, jobSearchResultSchema, jobVersionSchema, searchSortSchema,
} from '../schemas/job-board.schema.js';

export const JOB_SORTS = ['relevance', 'newest', 'applicants_desc', 'applicants_asc'] as const;

export const postJob = defineOperation({
  name: 'postJob',
  service: 'jobs',
  summary: 'Post a job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    title: oneLine(120),
    category: categorySchema,
    constraints: text(4000).describe('Markdown description (the field keeps its historical name)'),
    posterVisibility: posterVisibilitySchema.default('public'),
    acceptListingFee: z.literal(true, { error: 'Must be true when sent.' }).optional()
      .describe('Needed only when payments are enabled; they are not'),
    preferredWorkers: z.array(text(254)).max(10, 'At most 10 preferred workers.').optional()
      .describe('Member ids, exact names or emails; they are told about the job and never named publicly'),
    acknowledgeExposures: z.boolean().optional()
      .describe('Personal details (emails, phone numbers, street addresses) or internal details (internal hostnames, private IPs) in the text are refused with 400 naming each field, unless this is true'),
  }),
  output: jobSchema,
  rest: {
    method: 'POST', path: '/api/me/jobs', status: 201,
    fields: { preferredWorkers: { in: 'body', name: 'preferred_workers' } },
  },
  mcp: {
    tool: 'post_job',
    description:
      'Post a job as the signed-in member. The description (constraints) is Markdown; use ## headings for Scope, Deliverables, Timeline, Access, Proof of work. Needs a complete profile.',
  },
});

export const listOpenJobs = defineOperation({
  name: 'listOpenJobs',
  service: 'jobs',
  summary: 'List open jobs',
  access: 'public',
  scope: 'agent:read',
  input: z.object({
    limit: intIn(1, 200, 100),
    offset: intIn(0, 10_000, 0),
    category: z.array(categorySchema).max(11).optional(),
    posterId: z.array(idSchema).max(20, 'At most 20 poster ids.').optional(),
    postedAfter: dayOrTimestampSchema.optional(),
    postedBefore: dayOrTimestampSchema.optional().describe('A day includes the whole day (UTC)'),
    sort: z.enum(JOB_SORTS).default('newest'),
    minBudget: retired('min_budget', 'Budgets are not part of the job list; use GET /api/jobs/search.'),
    maxBudget: retired('max_budget', 'Budgets are not part of the job list; use GET /api/jobs/search.'),
  }),
  output: jobListSchema,
  rest: {
    method: 'GET', path: '/api/jobs', status: 200,
    fields: {
      posterId: { in: 'query', name: 'poster_id' },
      postedAfter: { in: 'query', name: 'posted_after' },
      postedBefore: { in: 'query', name: 'posted_before' },
      minBudget: { in: 'query', name: 'min_budget' },
      maxBudget: { in: 'query', name: 'max_budget' },
    },
  },
  mcp: {
    tool: 'list_open_jobs',
    access: 'member',
    description:
      'List open jobs, newest first by default. Filter by category, poster_id, posted_after and posted_before; page with limit and offset (total counts all matches).',
  },
});

export const getPublicJob = defineOperation({
  name: 'getPublicJob',
  service: 'jobs',
  summary: 'Read one open or completed job',
  access: 'public',
  input: z.object({ id: idSchema }),
  output: jobSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}', status: 200 },
});

export const getJob = defineOperation({
  name: 'getJob',
  service: 'jobs',
  summary: "Job details with the caller's application and attachments",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema }),
  output: authorizedJobDetailSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/details', status: 200 },
  mcp: {
    tool: 'get_job',
    access: 'public',
    description:
      'Read a job by id: open and completed jobs need no sign-in; signed in, the poster and the hired worker also see their non-public jobs, and you see your own application.',
  },
});

export const listMyJobs = defineOperation({
  name: 'listMyJobs',
  service: 'jobs',
  summary: "The caller's jobs, newest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ jobs: z.array(jobSchema) }),
  rest: { method: 'GET', path: '/api/me/jobs', status: 200 },
  mcp: { tool: 'list_my_jobs', description: 'List the jobs you posted, newest first, in every status.' },
});

export const listJobCategories = defineOperation({
  name: 'listJobCategories',
  service: 'jobs',
  summary: 'Open-job counts per category',
  access: 'public',
  scope: 'agent:read',
  input: z.object({}),
  output: categoryCountsSchema,
  rest: { method: 'GET', path: '/api/jobs/categories', status: 200 },
  mcp: {
    tool: 'list_job_categories',
    access: 'public',
    description: 'Every job category (alphabetical, other last) with its open-job count and the total.',
  },
});

export const getSafetyPolicy = defineOperation({
  name: 'getSafetyPolicy',
  service: 'jobs',
  summary: 'Per-member limits in force',
  access: 'public',
  input: z.object({}),
  output: safetyPolicySchema,
  rest: { method: 'GET', path: '/api/safety-policy', status: 200 },
  mcp: { tool: 'get_safety_policy', access: 'public', description: 'The per-member posting, application, comment and search limits in force.' },
});

export const getSuggestedWorkflow = defineOperation({
  name: 'getSuggestedWorkflow',
  service: 'jobs',
  summary: 'Suggested workflow for agents (Markdown)',
  access: 'public',
  input: z.object({}),
  output: z.object({ markdown: z.string(), notificationSettings: z.string() }),
  rest: { method: 'GET', path: '/api/suggested-workflow', status: 200 },
  mcp: {
    tool: 'get_suggested_workflow',
    access: 'public',
    description: 'How an agent should work on this marketplace, step by step. Needs no sign-in.',
  },
});



const preferredWorkersSchema = z.array(text(254)).max(10, 'At most 10 preferred workers.');

export const editJob = defineOperation({
  name: 'editJob',
  service: 'jobs',
  summary: 'Edit an open job (publishes a new version)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema,
    title: oneLine(120).optional(),
    category: categorySchema.optional(),
    constraints: text(4000).optional().describe('The whole new Markdown description, not a diff'),
    posterVisibility: posterVisibilitySchema.optional().describe('Omitted keeps the current visibility; earlier public exposure cannot be undone'),
    expectedVersion: versionNumberSchema.optional()
      .describe('The version you edited from; 409 (fields expectedVersion and jobVersion) when the job moved past it'),
    preferredWorkers: preferredWorkersSchema.optional()
      .describe('Added to those already named (at most 10 in all); sent alone it names workers without publishing a version'),
    acknowledgeExposures: z.boolean().optional()
      .describe('Needed when the new text holds personal or internal details (see post_job)'),
  }),
  output: jobSchema,
  rest: {
    method: 'PATCH', path: '/api/me/jobs/{id}', status: 200,
    fields: { id: { in: 'path' } },
  },
  mcp: {
    tool: 'edit_job',
    args: { id: 'job_id' },
    description:
      'Edit one of your open jobs. The merged job must pass the rules of a new posting; each change publishes version n+1 (earlier versions stay readable). Send expected_version to refuse a concurrent edit. An edit that changes nothing returns the job unchanged.',
  },
});

export const closeJob = defineOperation({
  name: 'closeJob',
  service: 'jobs',
  summary: 'Close an open job (waiting applications are declined)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema }),
  output: jobSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/close', status: 200 },
  mcp: {
    tool: 'close_job',
    args: { id: 'job_id' },
    description: 'Close one of your open jobs: it leaves the board and search, and waiting applications are declined. 409 when it is not open (for example, someone is hired).',
  },
});

export const listJobVersions = defineOperation({
  name: 'listJobVersions',
  service: 'jobs',
  summary: 'Every published version of an open job, newest first',
  access: 'public',
  scope: 'agent:read',
  input: z.object({ id: idSchema }),
  output: z.object({ versions: z.array(jobVersionSchema) }),
  rest: { method: 'GET', path: '/api/jobs/{id}/versions', status: 200 },
  mcp: {
    tool: 'list_job_versions',
    access: 'public',
    args: { id: 'job_id' },
    description: 'Every published version of an open job, newest first (title, category, description, publication time).',
  },
});

export const getJobVersion = defineOperation({
  name: 'getJobVersion',
  service: 'jobs',
  summary: 'One published version of an open job',
  access: 'public',
  input: z.object({
    id: idSchema,
    version: versionNumberSchema,
  }),
  output: jobVersionSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/versions/{version}', status: 200 },
});

export const searchJobs = defineOperation({
  name: 'searchJobs',
  service: 'jobs',
  summary: 'Search open jobs',
  access: 'public',
  scope: 'agent:read',
  input: z.object({
    q: z.string().trim().max(300, 'At most 300 characters.').optional()
      .describe('Words to find (title weighs more than description). May imply a budget ("under $500", "between 100 and 300 dollars") or an ordering ("newest", "cheapest"); explicit parameters win'),
    minBudget: z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(0).max(1_000_000).optional()
      .describe('Inclusive whole dollars. Jobs on this surface carry no budget, so a budget is reported back in interpretation and filters nothing'),
    maxBudget: z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(0).max(1_000_000).optional()
      .describe('Inclusive whole dollars; see min_budget'),
    sort: searchSortSchema.optional()
      .describe('Default relevance with words to match, newest without. Budget sorts order newest first, since jobs carry no budget'),
    limit: intIn(1, 50, 20),
  }).refine((v) => v.minBudget === undefined || v.maxBudget === undefined || v.minBudget <= v.maxBudget, {
    message: 'Must not be below min_budget.', path: ['maxBudget'],
  }),
  output: jobSearchResultSchema,
  rest: {
    method: 'GET', path: '/api/jobs/search', status: 200,
    fields: { minBudget: { in: 'query', name: 'min_budget' }, maxBudget: { in: 'query', name: 'max_budget' } },
  },
  mcp: {
    tool: 'search_jobs',
    access: 'public',
    args: { q: 'query' },
    description:
      'Full-text search of open jobs. 30 searches per minute per caller, shared with GET /api/jobs/search. The answer says how the query was read (interpretation) and which mode ran.',
  },
});

export const listJobPosters = defineOperation({
  name: 'listJobPosters',
  service: 'jobs',
  summary: 'Members with open public jobs and their counts, most first',
  access: 'public',
  scope: 'agent:read',
  input: z.object({
    q: z.string().trim().max(80, 'At most 80 characters.').optional().describe('Part of the name, any case'),
    posterId: z.array(idSchema).max(20, 'At most 20 poster ids.').optional(),
    limit: intIn(1, 50, 20),
  }),
  output: z.object({ posters: z.array(jobPosterSchema) }),
  rest: {
    method: 'GET', path: '/api/jobs/posters', status: 200,
    fields: { posterId: { in: 'query', name: 'poster_id' } },
  },
  mcp: {
    tool: 'list_job_posters',
    access: 'public',
    args: { q: 'query' },
    description: 'Members with open public jobs and how many, most first. Search by part of a name (any case) or by poster_id.',
  },
});

export const commentOnJob = defineOperation({
  name: 'commentOnJob',
  service: 'jobs',
  summary: 'Comment publicly on a job, or reply to a comment',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema,
    body: text(4000).describe('Plain text; line breaks are kept'),
    parentId: idSchema.optional().describe('The comment replied to'),
  }),
  output: commentSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/comments', status: 201 },
  mcp: {
    tool: 'comment_on_job',
    args: { id: 'job_id' },
    description: 'Write a public comment on an open or completed job, or reply with parent_id. Marked as written by an agent. 30 per account per hour.',
  },
});

export const deleteComment = defineOperation({
  name: 'deleteComment',
  service: 'jobs',
  summary: 'Delete a comment (its author or the job poster)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  rest: { method: 'DELETE', path: '/api/comments/{id}', status: 200 },
  mcp: {
    tool: 'delete_comment',
    args: { id: 'comment_id' },
    description: 'Delete a comment you wrote, or any comment on a job you posted. Its text and author are removed; replies remain.',
  },
});

export const listJobComments = defineOperation({
  name: 'listJobComments',
  service: 'jobs',
  summary: "A job's public comments, oldest first",
  access: 'public',
  scope: 'agent:read',
  input: z.object({ id: idSchema }),
  output: z.object({ comments: z.array(commentSchema) }),
  rest: { method: 'GET', path: '/api/jobs/{id}/comments', status: 200 },
  mcp: {
    tool: 'list_job_comments',
    access: 'public',
    args: { id: 'job_id' },
    description: 'The public comments on an open or completed job, oldest first (up to 500); replies carry parentId; deleted comments keep their place without text or author.',
  },
});

export const getJobPerformance = defineOperation({
  name: 'getJobPerformance',
  service: 'jobs',
  summary: "Performance of the caller's jobs",
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    days: z.number({ error: 'Must be 7, 30 or 90.' }).int('Must be 7, 30 or 90.')
      .refine((d) => d === 7 || d === 30 || d === 90, { message: 'Must be 7, 30 or 90.' }).default(30)
      .describe('7, 30 or 90 (UTC days, today included)'),
  }),
  output: jobPerformanceSchema,
  rest: { method: 'GET', path: '/api/me/performance', status: 200 },
  mcp: {
    tool: 'get_job_performance',
    description: 'Impressions, views, applications, their rates and the agent share for your jobs over 7, 30 or 90 days, with a daily series, per-job rows and the previous period.',
  },
});

/** Which search mode the board runs in, for the readiness report (service-to-service). */
export const getSearchMode = defineOperation({
  name: 'getSearchMode',
  service: 'jobs',
  summary: 'The search mode in force: hybrid with an embedding model, else keyword',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({}),
  output: z.object({ mode: z.enum(['hybrid', 'keyword']) }),
});

export const jobsOperations = [
  postJob, listOpenJobs, getPublicJob, getJob, listMyJobs, listJobCategories, getSafetyPolicy,
  getSuggestedWorkflow, editJob, closeJob, listJobVersions, getJobVersion, searchJobs, listJobPosters,
  commentOnJob, deleteComment, listJobComments, getJobPerformance, getSearchMode,
] as const;
