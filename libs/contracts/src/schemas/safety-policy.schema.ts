import { z } from 'zod';

export const safetyPolicySchema = z.object({
  jobPosts: z.object({ perDay: z.number().int(), perMinute: z.number().int() }),
  applications: z.object({ perDay: z.number().int(), perMinute: z.number().int() }),
  commentsPerHour: z.number().int(),
  messages: z.object({ perDay: z.number().int(), perMinute: z.number().int() }),
  searchesPerMinute: z.number().int(),
  apiKeyRequestsPerMinute: z.number().int(),
  /** Per member and connected agent (OAuth client), per clock minute. */
  oauthRequestsPerMinute: z.number().int(),
  photoUploadsPerHour: z.number().int(),
  /** Per browser session, per clock minute. */
  sessionRequestsPerMinute: z.number().int(),
  /** File creates, chunks, completes and deletes, per member and clock minute. */
  fileWritesPerMinute: z.number().int(),
  /** Help requests, problem reports, feature requests and content reports, per member and hour. */
  reportsPerHour: z.object({ help: z.number().int(), problems: z.number().int(), features: z.number().int(), content: z.number().int() }),
  /**
   * Actions that spend a model call, per member and sliding hour (429 with Retry-After beyond
   * them). Job evals are written again after content edits and count with the edit limits
   * (`jobPosts`' numbers).
   */
  modelUse: z.object({
    draftStartsPerHour: z.number().int(),
    /** Changes to an opening answer that run the research again. */
    researchRerunsPerHour: z.number().int(),
    /** write_job_description: the posting written again (and evaluated). */
    rewritesPerHour: z.number().int(),
    /** Walkthrough recordings completed, each checked in the background. */
    completedRecordingsPerHour: z.number().int(),
    counting: z.string(),
  }),
  counting: z.string(),
  dayBoundary: z.literal('UTC'),
});
export type SafetyPolicy = z.infer<typeof safetyPolicySchema>;

/** Defaults from the contract; deployments may lower or raise them (the service reports what is in force). */
export const DEFAULT_SAFETY_POLICY: SafetyPolicy = {
  jobPosts: { perDay: 10, perMinute: 3 },
  applications: { perDay: 50, perMinute: 5 },
  commentsPerHour: 30,
  messages: { perDay: 500, perMinute: 30 },
  searchesPerMinute: 30,
  apiKeyRequestsPerMinute: 120,
  oauthRequestsPerMinute: 120,
  photoUploadsPerHour: 20,
  sessionRequestsPerMinute: 300,
  fileWritesPerMinute: 600,
  reportsPerHour: { help: 5, problems: 10, features: 10, content: 20 },
  modelUse: {
    draftStartsPerHour: 10,
    researchRerunsPerHour: 30,
    rewritesPerHour: 10,
    completedRecordingsPerHour: 6,
    counting: 'Counted whether or not a model is configured (the limits guard cost and abuse either way), before anything runs: '
      + 'a refused action changes nothing. Job evals run after content edits and count with job edits. The operator may also cap '
      + 'the service\'s model spending per UTC day; once it is spent, model tasks fail with that reason until 00:00 UTC.',
  },
  counting:
    'Valid attempts count across web, REST and MCP, including safety refusals and reapplications.',
  dayBoundary: 'UTC',
};
