import { z } from 'zod';
import { defineOperation } from '../operation.js';
import {
  categorySchema, idSchema, intIn, oneLine, retired, text,
} from '../schemas/common.schema.js';
import { dayOrTimestampSchema } from '../schemas/job-filters.schema.js';
import {
  authorizedJobDetailSchema, categoryCountsSchema, jobListSchema, jobSchema, posterVisibilitySchema,
} from '../schemas/job.schema.js';
import { safetyPolicySchema } from '../schemas/safety-policy.schema.js';

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
      .describe('Member ids, exact names or emails'),
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

export const jobsOperations = [
  postJob, listOpenJobs, getPublicJob, getJob, listMyJobs, listJobCategories, getSafetyPolicy,
  getSuggestedWorkflow,
] as const;
