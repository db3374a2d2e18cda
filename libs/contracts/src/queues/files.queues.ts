import { z } from 'zod';

import { defineQueue } from './queue.js';

/** Makes the preview of a file that just became ready (sharp, in the files worker). */
export const filePreviewQueue = defineQueue('files', 'preview', 1, z.object({ fileId: z.uuid() }), {
  ackWaitSeconds: 30,
  maxAttempts: 5,
  concurrency: 2,
});

/**
 * Removes a deleted file's objects (chunks, the assembled object, its preview) and then its row,
 * retried until storage lets it; the file keeps its quota until then.
 */
export const fileCleanupQueue = defineQueue('files', 'cleanup', 1, z.object({ fileId: z.uuid() }), {
  ackWaitSeconds: 60,
  maxAttempts: 1000,
  backoffMs: 2000,
  maxBackoffMs: 300_000,
});

/** Joins a fully received upload's chunks into one object when it is too large to join inline. */
export const fileAssembleQueue = defineQueue('files', 'assemble', 1, z.object({ fileId: z.uuid() }), {
  ackWaitSeconds: 60,
  maxAttempts: 10,
  concurrency: 2,
});
