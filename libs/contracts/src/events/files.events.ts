import { z } from 'zod';

import { defineEvent } from './event.js';

/**
 * A file's upload was verified and it became ready, once per file (a repeated complete records
 * nothing). `ownerId` is the member for a personal area and the job for a job area. In a job
 * area `posterId` and `workerId` name the participants and `recipientIds` the other currently
 * authorized participant to alert (the poster for a worker's file, the worker for a poster's
 * file while the worker has access); personal files have none.
 */
export const fileCompletedV1 = defineEvent(
  'file.completed',
  1,
  'files',
  z.object({
    fileId: z.string(),
    area: z.enum(['personal', 'job']),
    ownerId: z.string(),
    folder: z.string().nullable(),
    hireId: z.string().nullable(),
    uploaderId: z.string(),
    path: z.string(),
    size: z.number().int(),
    completedAt: z.string(),
    posterId: z.string().nullable().default(null),
    workerId: z.string().nullable().default(null),
    recipientIds: z.array(z.string()).default([]),
  }),
);

/**
 * The poster newly granted the hired worker access to the job's files (a repeated grant records
 * nothing); `recipientIds` is the worker, to be alerted.
 */
export const fileAccessGrantedV1 = defineEvent(
  'file.access_granted',
  1,
  'files',
  z.object({
    jobId: z.string(),
    hireId: z.string(),
    posterId: z.string(),
    workerId: z.string(),
    recipientIds: z.array(z.string()),
    grantedAt: z.string(),
  }),
);
