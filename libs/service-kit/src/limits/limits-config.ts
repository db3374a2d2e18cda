import { perService, serviceEnv, type ServiceEnv } from '../scope/service-scope.js';
import { Settings } from '../scope/settings.js';
import { DEFAULT_SAFETY_POLICY, WRITE_LIMITS, type WriteLimitName } from '@marketplace/contracts';

/** Every request and submission limit in force, read once per process. */
export interface LimitsConfig {
  apiKeyRequestsPerMinute: number;
  magicLinksPerMinute: number;
  magicLinksPerEmailPerHour: number;
  sessionRequestsPerMinute: number;
  searchesPerMinute: number;
  jobPosts: { perDay: number; perMinute: number };
  commentsPerHour: number;
  applications: { perDay: number; perMinute: number };
  workReminderGapHours: number;
  inviteTriesPerHour: number;
  /** Waitlist joins: per email address, and per client (network) address. */
  waitlist: { perEmailPerHour: number; perClientPerMinute: number };
  network: { lookupsPerHour: number; importsPerHour: number };
  /** Messages sent, per member. */
  messages: { perDay: number; perMinute: number };
  /** OAuth dynamic client registrations, per client (network) address. */
  clientRegistrationsPerHour: number;
  /** Profile photo uploads, per member. */
  photoUploadsPerHour: number;
  /** Walkthrough recording links made, per member. */
  recordingLinksPerHour: number;
  /** MCP requests through one OAuth connection (member and client), per clock minute. */
  oauthRequestsPerMinute: number;
  /** MCP sessions opened before sign-in, per client (network) address and clock minute. */
  mcpSessionsPerMinute: number;
  /** File writes (create, chunk, complete, delete), per member and clock minute. */
  fileWritesPerMinute: number;
  /** Help requests, problem reports, feature requests and content reports, per member and hour. */
  reports: { helpPerHour: number; problemsPerHour: number; featuresPerHour: number; contentPerHour: number };
  /** Actions that spend a model call, per member and hour (job evals count with job edits). */
  modelUse: { draftStartsPerHour: number; researchRerunsPerHour: number; rewritesPerHour: number; completedRecordingsPerHour: number };
  /** The named write limits (WRITE_LIMITS), per member: the most in each one's window. */
  writes: Record<WriteLimitName, number>;
}

/**
 * The environment variable names are part of the deployment interface (docs/operators.md, Helm values,
 * e2e setup), so they stay as they were when each service read its own. Each is a positive whole
 * number; unset, the contract's number; anything else stops the service (the kit's settings rule).
 */
export function readLimitsConfig(env: ServiceEnv = serviceEnv()): LimitsConfig {
  const d = DEFAULT_SAFETY_POLICY;
  const settings = new Settings(env);
  const positiveInt = (name: string, fallback: number): number => settings.int(name, fallback, { min: 1 });
  return {
    apiKeyRequestsPerMinute: positiveInt('API_KEY_RATE_LIMIT', d.apiKeyRequestsPerMinute),
    magicLinksPerMinute: positiveInt('MAGIC_LINK_RATE_LIMIT', 5),
    magicLinksPerEmailPerHour: positiveInt('MAGIC_LINKS_PER_EMAIL_PER_HOUR', 10),
    sessionRequestsPerMinute: positiveInt('SESSION_REQUESTS_PER_MINUTE', 300),
    searchesPerMinute: positiveInt('SEARCHES_PER_MINUTE', d.searchesPerMinute),
    jobPosts: {
      perDay: positiveInt('JOB_POSTS_PER_DAY', d.jobPosts.perDay),
      perMinute: positiveInt('JOB_POSTS_PER_MINUTE', d.jobPosts.perMinute),
    },
    commentsPerHour: positiveInt('COMMENTS_PER_HOUR', d.commentsPerHour),
    applications: {
      perDay: positiveInt('APPLICATIONS_PER_DAY', d.applications.perDay),
      perMinute: positiveInt('APPLICATIONS_PER_MINUTE', d.applications.perMinute),
    },
    // The contract promises 12 hours; not a deployment setting.
    workReminderGapHours: 12,
    inviteTriesPerHour: positiveInt('INVITE_TRIES_PER_HOUR', 10),
    waitlist: {
      perEmailPerHour: positiveInt('WAITLIST_PER_EMAIL_PER_HOUR', 5),
      // Per client address (one client could empty the old global bucket).
      perClientPerMinute: positiveInt('WAITLIST_PER_MINUTE', 10),
    },
    network: {
      lookupsPerHour: positiveInt('NETWORK_LOOKUPS_PER_HOUR', 20),
      importsPerHour: positiveInt('NETWORK_IMPORTS_PER_HOUR', 10),
    },
    messages: {
      perDay: positiveInt('MESSAGES_PER_DAY', d.messages.perDay),
      perMinute: positiveInt('MESSAGES_PER_MINUTE', d.messages.perMinute),
    },
    clientRegistrationsPerHour: positiveInt('OAUTH_CLIENT_REGISTRATIONS_PER_HOUR', 20),
    photoUploadsPerHour: positiveInt('PHOTO_UPLOADS_PER_HOUR', d.photoUploadsPerHour),
    recordingLinksPerHour: positiveInt('RECORDING_LINKS_PER_HOUR', 10),
    oauthRequestsPerMinute: positiveInt('OAUTH_REQUESTS_PER_MINUTE', d.oauthRequestsPerMinute),
    mcpSessionsPerMinute: positiveInt('MCP_SESSIONS_PER_MINUTE', 30),
    fileWritesPerMinute: positiveInt('FILE_WRITES_PER_MINUTE', 600),
    reports: {
      helpPerHour: positiveInt('HELP_REQUESTS_PER_HOUR', 5),
      problemsPerHour: positiveInt('PROBLEM_REPORTS_PER_HOUR', 10),
      featuresPerHour: positiveInt('FEATURE_REQUESTS_PER_HOUR', 10),
      contentPerHour: positiveInt('CONTENT_REPORTS_PER_HOUR', 20),
    },
    modelUse: {
      draftStartsPerHour: positiveInt('DRAFT_STARTS_PER_HOUR', d.modelUse.draftStartsPerHour),
      researchRerunsPerHour: positiveInt('DRAFT_RESEARCH_RERUNS_PER_HOUR', d.modelUse.researchRerunsPerHour),
      rewritesPerHour: positiveInt('DRAFT_REWRITES_PER_HOUR', d.modelUse.rewritesPerHour),
      completedRecordingsPerHour: positiveInt('COMPLETED_RECORDINGS_PER_HOUR', d.modelUse.completedRecordingsPerHour),
    },
    writes: Object.fromEntries(Object.entries(WRITE_LIMITS).map(([name, l]) =>
      [name, positiveInt(`WRITE_LIMIT_${l.bucket.toUpperCase()}`, l.max)])) as Record<WriteLimitName, number>,
  };
}

/** This service's limits (its own settings when services share a process). */
export const limitsConfig: () => LimitsConfig = perService((env) => readLimitsConfig(env));
