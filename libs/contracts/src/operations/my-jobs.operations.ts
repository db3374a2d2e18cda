import { z } from 'zod';

import { defineOperation, MODEL_CHECKED_TIMEOUT_MS } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';
import { jobSchema, MY_JOB_FILTERS, myJobSchema } from '../schemas/job.schema.js';
import { ownListPage, pageTotalSchema } from '../schemas/paging.schema.js';

/**
 * A poster's own jobs in every state, closed and expired ones included, and posting one of them
 * again. Only the poster reaches these: anyone else's job is not found.
 */

export const listMyJobs = defineOperation({
  name: 'listMyJobs',
  service: 'jobs',
  summary: "The caller's jobs, newest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    status: z.enum(MY_JOB_FILTERS, { error: `One of: ${MY_JOB_FILTERS.join(', ')}.` }).optional(),
    ...ownListPage,
  }),
  output: z.object({ jobs: z.array(myJobSchema), total: pageTotalSchema }),
  rest: { method: 'GET', path: '/api/me/jobs', status: 200 },
  mcp: {
    tool: 'list_my_jobs',
    description: 'Your jobs, newest first, any status; status filters them (expired: time ran out). Paged.',
  },
});

export const repostJob = defineOperation({
  name: 'repostJob',
  service: 'jobs',
  // Waits on the text safety review's model when one is configured, as a new posting does.
  timeoutMs: MODEL_CHECKED_TIMEOUT_MS,
  summary: 'Post a job again',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema,
    acknowledgeExposures: z.boolean().optional(),
  }),
  output: jobSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/repost', status: 201 },
  mcp: {
    tool: 'repost_job',
    args: { id: 'job_id' },
    description: 'A new open copy of your job at version 1, under post_job rules; no applications or files.',
  },
});

export const myJobsOperations = [listMyJobs, repostJob] as const;
