import { z } from 'zod';
import { defineEvent } from './event.js';

/**
 * A file's upload was verified and it became ready, once per file (a repeated complete records
 * nothing). `ownerId` is the member for a personal area and the job for a job area.
 */
export const fileCompletedV1 = defineEvent('file.completed', 1, 'files', z.object({
  fileId: z.string(),
  area: z.enum(['personal', 'job']),
  ownerId: z.string(),
  folder: z.string().nullable(),
  hireId: z.string().nullable(),
  uploaderId: z.string(),
  path: z.string(),
  size: z.number().int(),
  completedAt: z.string(),
}));
