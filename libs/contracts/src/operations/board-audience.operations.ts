import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';

/** The most readers one batch of board reads answered from the gateway's cache may name. */
export const CACHED_AUDIENCE_MAX_READERS = 2_000;

/**
 * Board reads the gateway answered from its cache, which no handler saw: each reader's open jobs
 * listed (impressions) or opened (views), counted as the service counts its own answers (one a
 * viewer, job and day; crawlers and posters' own visits left out). Sent by every gateway replica
 * every AUDIENCE_FLUSH_MS; at most a flush's worth is lost with a replica.
 */
export const recordCachedAudience = defineOperation({
  name: 'recordCachedAudience',
  service: 'jobs',
  summary: "Count board reads answered from the gateway's cache (service-to-service)",
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    readers: z
      .array(
        z.object({
          kind: z.enum(['impression', 'view']),
          ip: z.string().min(1).max(64),
          userAgent: z.string().max(512).optional(),
          jobIds: z.array(idSchema).min(1).max(200),
        }),
      )
      .max(CACHED_AUDIENCE_MAX_READERS),
  }),
  output: z.object({ counted: z.number().int().min(0) }),
});

/** Service-to-service operations that count the board's audience (jobs owns the counts). */
export const boardAudienceOperations = [recordCachedAudience] as const;
