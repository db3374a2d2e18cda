import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';
import { jobMemberSchema } from '../schemas/job.schema.js';

export const ratingSummarySchema = z.object({
  average: z.number().min(1).max(5),
  count: z.number().int().min(1),
}).nullable();

export const publicRatingSchema = z.object({
  score: z.number().int().min(1).max(5),
  description: z.string(),
  as: z.enum(['worker', 'poster']),
  job: z.object({ id: z.string(), title: z.string() }),
  by: jobMemberSchema,
  createdAt: z.string(),
});

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

export const applicationsOperations = [getMemberWorkRecord, getMemberActiveWork] as const;
