import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { categorySchema, idSchema } from '../schemas/common.schema.js';
import { jobMemberSchema, jobStatusSchema, posterVisibilitySchema } from '../schemas/job.schema.js';

/** A job as the applications service needs it to apply, hire and run the work (poster revealed). */
export const hiringJobSchema = z.object({
  id: z.string(),
  posterId: z.string(),
  poster: jobMemberSchema.describe('Always revealed; callers mask anonymous posters'),
  posterVisibility: posterVisibilitySchema,
  status: jobStatusSchema,
  /** Open, not past closing and not hidden: can take applications and a hire. */
  acceptingApplications: z.boolean(),
  /** Readable by the public (open and not expired, or completed; never hidden). */
  publiclyReadable: z.boolean(),
  version: z.number().int().min(1),
  title: z.string(),
  category: categorySchema,
  constraints: z.string(),
  versionCreatedAt: z.string(),
  preferredWorkers: z
    .array(z.string())
    .describe('Member ids and exact names the poster named; never emails or what they resolved to (the poster must not learn who owns an address)'),
  hiredApplicationId: z.string().nullable(),
  workerId: z.string().nullable(),
});
export type HiringJob = z.infer<typeof hiringJobSchema>;

export const getHiringJob = defineOperation({
  name: 'getHiringJob',
  service: 'jobs',
  summary: 'One job with its current version, for applying, hiring and its job eval (service-to-service)',
  access: 'internal',
  callers: ['applications', 'files', 'drafts'],
  input: z.object({ jobId: idSchema }),
  output: hiringJobSchema,
});

export const jobStateSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: jobStatusSchema,
  version: z.number().int().min(1),
  posterId: z.string(),
  posterVisibility: posterVisibilitySchema,
  poster: jobMemberSchema,
});

export const getJobStates = defineOperation({
  name: 'getJobStates',
  service: 'jobs',
  summary: 'Current title, status and version of several jobs (service-to-service)',
  access: 'internal',
  callers: ['applications'],
  input: z.object({ jobIds: z.array(idSchema).max(500) }),
  output: z.object({ jobs: z.array(jobStateSchema) }),
});

/**
 * Compare-and-set of a job's status: moves only from one of `from`, so exactly one of any number
 * of concurrent hires wins. Moving to `in_progress` records the hire; `reopen` (cancelled work)
 * clears it and starts a fresh 14-day lifetime.
 */
export const moveJobStatus = defineOperation({
  name: 'moveJobStatus',
  service: 'jobs',
  summary: "Move a job's status if it is still in an expected state (service-to-service)",
  access: 'internal',
  callers: ['applications'],
  input: z.object({
    jobId: idSchema,
    from: z.array(jobStatusSchema).min(1),
    to: jobStatusSchema,
    /** The hire this move belongs to: recorded on open -> in_progress, required to match afterwards. */
    hiredApplicationId: idSchema,
    workerId: idSchema.optional(),
    reopen: z.boolean().default(false),
  }),
  output: z.object({ moved: z.boolean(), status: jobStatusSchema.nullable(), hiredApplicationId: z.string().nullable() }),
});

export const hiringOperations = [getHiringJob, getJobStates, moveJobStatus] as const;
