import { z } from 'zod';

/**
 * Named limits on writes that cost something or notify other members, per member, each counted by
 * the service that owns the operations it covers (in the one limits counter, under `bucket`).
 * `window` is a sliding hour or a UTC day. Deployments change `max` with the environment variable
 * `WRITE_LIMIT_<BUCKET>` (e.g. `WRITE_LIMIT_TEAM_INVITATIONS=10`); GET /api/safety-policy lists what is in force.
 */
export const WRITE_LIMITS = {
  teamInvitations: {
    bucket: 'team_invitations',
    window: 'day',
    max: 20,
    covers: 'team invitations sent (POST /api/team/members); a team also holds at most 50 pending invitations',
  },
  teamChanges: { bucket: 'team_changes', window: 'hour', max: 30, covers: 'creating, renaming and leaving a team, accepting and declining team invitations' },
  apiKeys: { bucket: 'api_keys_made', window: 'day', max: 50, covers: 'API keys made (member, team and candidate keys)' },
  profileChanges: { bucket: 'profile_changes', window: 'hour', max: 60, covers: 'profile updates, work authorization, photo removal' },
  jobCloses: { bucket: 'job_closes', window: 'hour', max: 30, covers: 'closing member and team jobs' },
  visibilityChanges: { bucket: 'job_visibility_changes', window: 'hour', max: 10, covers: 'visibility-only job edits (each alerts every waiting applicant)' },
  commentDeletes: { bucket: 'comment_deletes', window: 'hour', max: 60, covers: 'deleting comments' },
  applicationDecisions: { bucket: 'application_decisions', window: 'hour', max: 120, covers: 'accepting and declining applications, member and team jobs' },
  withdrawals: { bucket: 'application_withdrawals', window: 'hour', max: 30, covers: 'withdrawing applications, member and team jobs' },
  submissions: { bucket: 'work_submissions', window: 'hour', max: 30, covers: 'work turned in (submit_work)' },
  workSteps: { bucket: 'work_steps', window: 'hour', max: 60, covers: 'requesting changes, approving, rating, requesting cancellation and cancelling work' },
  candidateProfiles: { bucket: 'candidate_profile_saves', window: 'hour', max: 30, covers: 'saving the candidate profile' },
  notificationSettings: {
    bucket: 'notification_settings',
    window: 'hour',
    max: 60,
    covers: 'notification preferences, email switches, browser push endpoints',
  },
  draftChanges: { bucket: 'draft_changes', window: 'hour', max: 300, covers: 'draft answers, approvals, discards and walkthrough reviews and removals' },
  fileAccessChanges: {
    bucket: 'file_access_changes',
    window: 'hour',
    max: 30,
    covers: "granting or withdrawing a hire's access to a job's files (a grant alerts the worker)",
  },
  webhookChanges: { bucket: 'webhook_changes', window: 'hour', max: 30, covers: 'registering and removing webhook endpoints' },
  webhookSends: { bucket: 'webhook_sends', window: 'hour', max: 60, covers: 'webhook pings and redeliveries (each makes an outbound request)' },
  helpReplies: { bucket: 'help_replies', window: 'hour', max: 60, covers: 'staff replies to help requests (each emails the member)' },
  accessRevocations: { bucket: 'access_revocations', window: 'hour', max: 60, covers: 'signing out everywhere, revoking API keys and disconnecting agents' },
} as const satisfies Record<string, { bucket: string; window: 'hour' | 'day'; max: number; covers: string }>;
export type WriteLimitName = keyof typeof WRITE_LIMITS;

export const writeLimitSchema = z.object({
  name: z.string().describe('The limit, as in WRITE_LIMITS'),
  bucket: z.string().describe('Its bucket in the limits counter'),
  max: z.number().int(),
  window: z.enum(['hour', 'day']).describe('a sliding hour, or a UTC day'),
  covers: z.string().describe('The writes counted together'),
});

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
  /** Named per-member limits on writes that cost or notify others (429 with Retry-After beyond them). */
  writeLimits: z.array(writeLimitSchema),
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
    counting:
      'Counted whether or not a model is configured (the limits guard cost and abuse either way), before anything runs: ' +
      'a refused action changes nothing. Job evals run after content edits and count with job edits. The operator may also cap ' +
      "the service's model spending per UTC day; once it is spent, model tasks fail with that reason until 00:00 UTC.",
  },
  writeLimits: Object.entries(WRITE_LIMITS).map(([name, l]) => ({ name, ...l })),
  counting: 'Valid attempts count across web, REST and MCP, including safety refusals and reapplications.',
  dayBoundary: 'UTC',
};
