import { z } from 'zod';

import { defineOperation, MODEL_CHECKED_TIMEOUT_MS } from '../operation.js';
import { atLeastOneOf, categorySchema, idSchema, intIn, oneLine, reportDaysSchema, retired, text, versionNumberSchema } from '../schemas/common.schema.js';
import { authorizedJobDetailSchema, categoryCountsSchema, jobListSchema, jobSchema, posterVisibilitySchema } from '../schemas/job.schema.js';
import { jobPerformanceSchema, jobPosterSchema, jobSearchResultSchema, jobVersionSchema, searchSortSchema } from '../schemas/job-board.schema.js';
import { dayOrTimestampSchema } from '../schemas/job-filters.schema.js';
import { pageOffsetSchema } from '../schemas/paging.schema.js';
import { safetyPolicySchema } from '../schemas/safety-policy.schema.js';
import { objectDownloadSchema } from '../schemas/stored-object.schema.js';

/**
 * Board reads: the same for every anonymous reader. Kept short for CDNs, since only the gateway's
 * own cache hears the events that change the board.
 */
const BOARD_CACHE = { sharedMaxAgeS: 5 } as const;

export const JOB_SORTS = ['relevance', 'newest', 'applicants_desc', 'applicants_asc'] as const;

export const postJob = defineOperation({
  name: 'postJob',
  service: 'jobs',
  // Waits on the text safety review's model when one is configured.
  timeoutMs: MODEL_CHECKED_TIMEOUT_MS,
  summary: 'Post a job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    title: oneLine(120),
    category: categorySchema,
    constraints: text(4000).describe('Markdown description'),
    posterVisibility: posterVisibilitySchema.default('public'),
    acceptListingFee: z.literal(true, { error: 'Must be true when sent.' }).optional().describe('Only when payments are on (they are not)'),
    preferredWorkers: z.array(text(254)).max(10, 'At most 10 preferred workers.').optional().describe('Member ids, exact names or emails; kept private'),
    acknowledgeExposures: z.boolean().optional().describe('true publishes contact or host details found; else 400'),
  }),
  output: jobSchema,
  rest: {
    method: 'POST',
    path: '/api/me/jobs',
    status: 201,
    fields: { preferredWorkers: { in: 'body', name: 'preferred_workers' } },
  },
  mcp: {
    tool: 'post_job',
    description: 'Needs a complete profile; constraints in Markdown (## Scope, Deliverables, Timeline, Access, Proof of work). 503: nothing published.',
  },
});

export const listOpenJobs = defineOperation({
  name: 'listOpenJobs',
  service: 'jobs',
  summary: 'List open jobs',
  access: 'board',
  scope: 'agent:read',
  input: z.object({
    limit: intIn(1, 200, 100),
    offset: pageOffsetSchema,
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
    method: 'GET',
    path: '/api/jobs',
    status: 200,
    publicCache: { ...BOARD_CACHE, audience: 'impression' },
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
    description: 'Open jobs, newest first by default; filter by category, poster and posting date. Paged.',
  },
});

export const getPublicJob = defineOperation({
  name: 'getPublicJob',
  service: 'jobs',
  summary: 'Read one open or completed job',
  access: 'board',
  input: z.object({ id: idSchema }),
  output: jobSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}', status: 200, publicCache: { ...BOARD_CACHE, audience: 'view' } },
});

export const getJob = defineOperation({
  name: 'getJob',
  service: 'jobs',
  summary: 'Job details',
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema }),
  output: authorizedJobDetailSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/details', status: 200 },
  mcp: {
    tool: 'get_job',
    access: 'board',
    description: 'A job: open and completed need no sign-in; its poster and hire see any state, with your application.',
  },
});

export const listJobCategories = defineOperation({
  name: 'listJobCategories',
  service: 'jobs',
  summary: 'Open-job counts per category',
  access: 'board',
  scope: 'agent:read',
  input: z.object({}),
  output: categoryCountsSchema,
  rest: { method: 'GET', path: '/api/jobs/categories', status: 200, publicCache: BOARD_CACHE },
  mcp: {
    tool: 'list_job_categories',
    access: 'board',
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
  mcp: { tool: 'get_safety_policy', access: 'public', description: 'Per-member posting, application, comment and search limits.' },
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
    description: 'How an agent should work here, step by step; no sign-in needed.',
  },
});

const preferredWorkersSchema = z.array(text(254)).max(10, 'At most 10 preferred workers.');

export const editJob = defineOperation({
  name: 'editJob',
  service: 'jobs',
  // Waits on the text safety review's model when one is configured.
  timeoutMs: MODEL_CHECKED_TIMEOUT_MS,
  summary: 'Edit an open job',
  access: 'member',
  scope: 'agent:write',
  // An edit names something to change; expectedVersion and acknowledgeExposures alone change nothing.
  input: atLeastOneOf(
    z.object({
      id: idSchema,
      title: oneLine(120).optional(),
      category: categorySchema.optional(),
      constraints: text(4000).optional().describe('The whole new Markdown, not a diff'),
      posterVisibility: posterVisibilitySchema.optional().describe('Earlier public exposure cannot be undone'),
      expectedVersion: versionNumberSchema.optional().describe('The version you edited; 409 if it moved on'),
      preferredWorkers: preferredWorkersSchema.optional().describe('Added to those named (10 in all); alone, no new version'),
      acknowledgeExposures: z.boolean().optional().describe('As on post_job'),
    }),
    ['title', 'category', 'constraints', 'posterVisibility', 'preferredWorkers'],
    'Nothing to change: send title, category, constraints, posterVisibility or preferredWorkers.',
  ),
  output: jobSchema,
  rest: {
    method: 'PATCH',
    path: '/api/me/jobs/{id}',
    status: 200,
    fields: { id: { in: 'path' } },
  },
  mcp: {
    tool: 'edit_job',
    args: { id: 'job_id' },
    description: 'Each change publishes version n+1 under posting rules; expected_version refuses a concurrent edit. 503: nothing published.',
  },
});

export const closeJob = defineOperation({
  name: 'closeJob',
  service: 'jobs',
  summary: 'Close an open job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema }),
  output: jobSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/close', status: 200 },
  mcp: {
    tool: 'close_job',
    effect: { destructive: true },
    args: { id: 'job_id' },
    description: 'Close your open job: off the board; waiting applications are declined. 409 when not open.',
  },
});

export const listJobVersions = defineOperation({
  name: 'listJobVersions',
  service: 'jobs',
  summary: 'Published versions of an open job',
  access: 'board',
  scope: 'agent:read',
  input: z.object({ id: idSchema }),
  output: z.object({ versions: z.array(jobVersionSchema) }),
  rest: { method: 'GET', path: '/api/jobs/{id}/versions', status: 200, publicCache: BOARD_CACHE },
  mcp: {
    tool: 'list_job_versions',
    access: 'board',
    args: { id: 'job_id' },
    description: 'Every published version of an open job, newest first.',
  },
});

export const getJobVersion = defineOperation({
  name: 'getJobVersion',
  service: 'jobs',
  summary: 'One published version of an open job',
  access: 'board',
  input: z.object({
    id: idSchema,
    version: versionNumberSchema,
  }),
  output: jobVersionSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/versions/{version}', status: 200, publicCache: BOARD_CACHE },
});

export const searchJobs = defineOperation({
  name: 'searchJobs',
  service: 'jobs',
  summary: 'Search open jobs',
  access: 'board',
  scope: 'agent:read',
  input: z
    .object({
      q: z.string().trim().max(300, 'At most 300 characters.').optional().describe('Words; may imply a budget or order; explicit parameters win'),
      minBudget: z
        .number({ error: 'Must be a whole number.' })
        .int('Must be a whole number.')
        .min(0)
        .max(1_000_000)
        .optional()
        .describe('Reported back; jobs carry no budget, so it filters nothing'),
      maxBudget: z
        .number({ error: 'Must be a whole number.' })
        .int('Must be a whole number.')
        .min(0)
        .max(1_000_000)
        .optional()
        .describe('Inclusive; see min_budget'),
      sort: searchSortSchema.optional().describe('Default: relevance with words, else newest'),
      limit: intIn(1, 50, 20),
    })
    .refine((v) => v.minBudget === undefined || v.maxBudget === undefined || v.minBudget <= v.maxBudget, {
      message: 'Must not be below min_budget.',
      path: ['maxBudget'],
    }),
  output: jobSearchResultSchema,
  rest: {
    method: 'GET',
    path: '/api/jobs/search',
    status: 200,
    fields: { minBudget: { in: 'query', name: 'min_budget' }, maxBudget: { in: 'query', name: 'max_budget' } },
  },
  mcp: {
    tool: 'search_jobs',
    access: 'board',
    args: { q: 'query' },
    description: 'Full-text search of open jobs, 30 a minute; says how the query was read and which mode ran.',
  },
});

export const listJobPosters = defineOperation({
  name: 'listJobPosters',
  service: 'jobs',
  summary: 'Members with open public jobs',
  access: 'board',
  scope: 'agent:read',
  input: z.object({
    q: z.string().trim().max(80, 'At most 80 characters.').optional().describe('Part of the name, any case'),
    posterId: z.array(idSchema).max(20, 'At most 20 poster ids.').optional(),
    limit: intIn(1, 50, 20),
  }),
  output: z.object({ posters: z.array(jobPosterSchema) }),
  rest: {
    method: 'GET',
    path: '/api/jobs/posters',
    status: 200,
    publicCache: BOARD_CACHE,
    fields: { posterId: { in: 'query', name: 'poster_id' } },
  },
  mcp: {
    tool: 'list_job_posters',
    access: 'board',
    args: { q: 'query' },
    description: 'Members with open public jobs and how many, most first; by part of a name or poster_id.',
  },
});

export const getJobPerformance = defineOperation({
  name: 'getJobPerformance',
  service: 'jobs',
  summary: "Performance of the caller's jobs",
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    days: reportDaysSchema,
  }),
  output: jobPerformanceSchema,
  rest: { method: 'GET', path: '/api/me/performance', status: 200 },
  mcp: {
    tool: 'get_job_performance',
    description: "Your jobs' impressions, views, applications, rates and agent share over 7, 30 or 90 days: daily, per job, and before.",
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

/**
 * Posting a job a guided draft wrote (drafts service, on the poster's behalf): the same rules,
 * refusals and daily limits as post_job, since it runs the same handler.
 */
export const postJobFromDraft = defineOperation({
  name: 'postJobFromDraft',
  service: 'jobs',
  // Waits on the text safety review's model when one is configured.
  timeoutMs: MODEL_CHECKED_TIMEOUT_MS,
  summary: 'Post a job written by a guided draft',
  access: 'internal',
  callers: ['drafts'],
  input: postJob.input.extend({
    walkthroughKey: z.string().min(1).max(500).optional().describe("The stored object of the draft's approved walkthrough recording, served with the job"),
  }),
  output: jobSchema,
});

/**
 * The job's walkthrough video. Without `link` it is served while a public poster's job is open;
 * with a link from the job details (anonymous posters, or after the job leaves the board) it is
 * served to the poster or current accepted worker it was made for, re-checked on every request.
 */
export const watchJobWalkthrough = defineOperation({
  name: 'watchJobWalkthrough',
  service: 'jobs',
  summary: "Watch a job's walkthrough video (video/webm or video/mp4; Range requests)",
  access: 'public',
  input: z.object({
    id: idSchema.describe('The job'),
    link: z.string().max(300).optional().describe('The private link token from walkthroughUrl; expires in ten minutes'),
  }),
  output: objectDownloadSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/walkthrough', status: 200, download: { contentTypes: ['video/webm', 'video/mp4'] } },
});

export const jobsOperations = [
  postJob,
  listOpenJobs,
  getPublicJob,
  getJob,
  listJobCategories,
  getSafetyPolicy,
  getSuggestedWorkflow,
  editJob,
  closeJob,
  listJobVersions,
  getJobVersion,
  searchJobs,
  listJobPosters,
  getJobPerformance,
  getSearchMode,
  postJobFromDraft,
  watchJobWalkthrough,
] as const;
