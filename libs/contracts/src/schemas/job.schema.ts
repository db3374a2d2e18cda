import { z } from 'zod';

import { categorySchema, dateTimeSchema, memberText } from './common.schema.js';
import { jobFileSchema } from './file.schema.js';
import { pageTotalSchema } from './paging.schema.js';

export const JOB_STATUSES = ['open', 'in_progress', 'submitted', 'changes_requested', 'rating', 'completed', 'closed'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * What a poster filters their own jobs by: each status, and `expired`, a job closed because its 14
 * days ran out (or due to be), which `closed` then leaves out.
 */
export const MY_JOB_FILTERS = [...JOB_STATUSES, 'expired'] as const;
export type MyJobFilter = (typeof MY_JOB_FILTERS)[number];

export const posterVisibilitySchema = z.enum(['public', 'anonymous']);
export type PosterVisibility = z.infer<typeof posterVisibilitySchema>;

export const ANONYMOUS_POSTER_NAME = 'Anonymous poster';

export const jobMemberSchema = z.object({
  id: z.string().nullable(),
  name: memberText,
  headline: memberText.nullable(),
  photoUrl: z.string().nullable(),
});
export type JobMember = z.infer<typeof jobMemberSchema>;

export const jobSchema = z.object({
  id: z.string(),
  postedBy: jobMemberSchema,
  posterVisibility: posterVisibilitySchema,
  title: memberText,
  category: categorySchema,
  constraints: memberText.describe('Markdown description'),
  status: jobStatusSchema,
  safetyHidden: z.boolean(),
  createdAt: dateTimeSchema,
  version: z.number().int().min(1),
  updatedAt: dateTimeSchema.nullable(),
  closesAt: dateTimeSchema.nullable(),
  applicants: z.number().int().min(0).optional(),
  walkthroughUrl: z.string().nullable().optional(),
  locked: z.boolean().optional(),
  hasPreferredWorker: z.boolean().optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** A job in its poster's own list: whether it closed because its time ran out rather than by a close. */
export const myJobSchema = jobSchema.extend({ expired: z.boolean() });
export type MyJob = z.infer<typeof myJobSchema>;

export const viewerApplicationSchema = z
  .object({
    id: z.string(),
    status: z.enum(['submitted', 'accepted', 'declined', 'withdrawn', 'cancelled']),
    statusLabel: z.string(),
    createdAt: dateTimeSchema,
    decidedAt: dateTimeSchema.nullable(),
    visibility: posterVisibilitySchema,
    applicantId: z.string(),
    applicantName: memberText,
  })
  .nullable();

export const attachmentsSchema = z.union([
  z.object({ status: z.literal('available'), files: z.array(jobFileSchema) }),
  z
    .object({ status: z.literal('unavailable') })
    .strict()
    .describe('Reveals nothing: no filenames, ids, sizes or counts'),
]);

export const authorizedJobDetailSchema = jobSchema.extend({
  application: viewerApplicationSchema,
  attachments: attachmentsSchema,
  expired: z.boolean().optional().describe('For its poster (and hire) only: closed because its time ran out rather than by a close, as in list_my_jobs'),
});
export type AuthorizedJobDetail = z.infer<typeof authorizedJobDetailSchema>;

export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  total: pageTotalSchema,
});

export const categoryCountsSchema = z.object({
  categories: z.array(z.object({ category: categorySchema, count: z.number().int().min(0) })),
  total: z.number().int().min(0),
});
