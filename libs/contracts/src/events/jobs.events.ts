import { z } from 'zod';
import { categorySchema } from '../schemas/common.schema.js';
import { defineEvent } from './event.js';

export const jobPostedV1 = defineEvent('job.posted', 1, 'jobs', z.object({
  jobId: z.string(),
  posterId: z.string(),
  title: z.string(),
  category: categorySchema,
  posterVisibility: z.enum(['public', 'anonymous']),
  closesAt: z.string(),
}));
