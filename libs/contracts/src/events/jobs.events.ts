import { z } from 'zod';

import { categorySchema } from '../schemas/common.schema.js';
import { defineEvent } from './event.js';

export const jobPostedV1 = defineEvent(
  'job.posted',
  1,
  'jobs',
  z.object({
    jobId: z.string(),
    posterId: z.string(),
    title: z.string(),
    category: categorySchema,
    posterVisibility: z.enum(['public', 'anonymous']),
    closesAt: z.string(),
  }),
  { changesPublicPages: true },
);

/** An open job stopped taking applications: its poster closed it, it expired, or its poster left. */
export const jobClosedV1 = defineEvent(
  'job.closed',
  1,
  'jobs',
  z.object({
    jobId: z.string(),
    posterId: z.string(),
    reason: z.enum(['poster', 'expired', 'account_deleted', 'staff']),
    closedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/** A new public version of a job was published (content or visibility). */
export const jobEditedV1 = defineEvent(
  'job.edited',
  1,
  'jobs',
  z.object({
    jobId: z.string(),
    posterId: z.string(),
    version: z.number().int().min(1),
    title: z.string(),
    contentChanged: z.boolean(),
  }),
  { changesPublicPages: true },
);

/** Sent to the poster and waiting applicants when a job's poster visibility changes. */
export const jobPosterVisibilityChangedV1 = defineEvent(
  'job.poster_visibility_changed',
  1,
  'jobs',
  z.object({
    jobId: z.string(),
    posterId: z.string(),
    version: z.number().int().min(1),
    posterVisibility: z.enum(['public', 'anonymous']),
  }),
  { changesPublicPages: true },
);

/** A poster named preferred workers for an open job; notifications tells each of them. */
export const jobPreferredWorkersNamedV1 = defineEvent(
  'job.preferred_workers_named',
  1,
  'jobs',
  z.object({
    jobId: z.string(),
    posterId: z.string(),
    title: z.string(),
    workerIds: z.array(z.string()).min(1),
  }),
);

/** Someone commented on a job (or replied); the poster and the parent comment's author are told, never the sender. */
export const jobCommentedV1 = defineEvent(
  'job.commented',
  1,
  'jobs',
  z.object({
    jobId: z.string(),
    commentId: z.string(),
    /** The thread's top-level comment (the comment itself when it is one); absent on older events. */
    threadRootId: z.string().optional(),
    title: z.string(),
    authorId: z.string(),
    posterId: z.string(),
    parentAuthorId: z.string().nullable(),
  }),
);
