import { z } from 'zod';

import { DRAFT_TASKS } from '../schemas/draft.schema.js';
import { defineQueue } from './queue.js';

/**
 * One background task of a draft (research, follow-up questions, writing with the job eval), run
 * by the drafts worker. `runId` names the attempt the draft is waiting for: a result is written
 * only while the draft still waits for that run, so retries and superseded runs write nothing.
 */
export const draftTaskQueue = defineQueue(
  'drafts',
  'task',
  1,
  z.object({
    draftId: z.uuid(),
    task: z.enum(DRAFT_TASKS),
    runId: z.uuid(),
  }),
  { ackWaitSeconds: 15, maxAttempts: 3, concurrency: 2, timeoutSeconds: 300 },
);

/**
 * The background check of a completed walkthrough recording (drafts worker). The check writes its
 * result only while the recording is still `analyzing`, so a redelivery writes nothing twice.
 */
// One check at a time per worker: decoding and OCR keep a core busy, and a 10-minute recording
// takes minutes, within the 10 after which a pending check reads as failed.
export const recordingAnalysisQueue = defineQueue(
  'drafts',
  'recording',
  1,
  z.object({
    recordingId: z.uuid(),
  }),
  { ackWaitSeconds: 15, maxAttempts: 3, concurrency: 1, timeoutSeconds: 540 },
);

/**
 * The job eval written again after a content edit of a job posted from a draft (drafts worker):
 * it reads the job's current version and writes the eval only while the draft still waits for
 * `runId`, so a redelivery or an eval superseded by a later edit writes nothing.
 */
export const jobEvalQueue = defineQueue(
  'drafts',
  'job-eval',
  1,
  z.object({
    draftId: z.uuid(),
    runId: z.uuid(),
  }),
  { ackWaitSeconds: 15, maxAttempts: 3, concurrency: 2, timeoutSeconds: 300 },
);
