import { perService, serviceEnv } from '../scope/service-scope.js';
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
  /** File writes (create, chunk, complete, delete), per member and clock minute. */
  fileWritesPerMinute: number;
  /** Help requests, problem reports, feature requests and content reports, per member and hour. */
  reports: { helpPerHour: number; problemsPerHour: number; featuresPerHour: number; contentPerHour: number };
  /** Actions that spend a model call, per member and hour (job evals count with job edits). */
  modelUse: { draftStartsPerHour: number; researchRerunsPerHour: number; rewritesPerHour: number; completedRecordingsPerHour: number };
  /** The named write limits (WRITE_LIMITS), per member: the most in each one's window. */
  writes: Record<WriteLimitName, number>;
}

/** A positive whole number from the environment; anything else keeps the contract's number. */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

/**
 * The environment variable names are part of the deployment interface (docs/operators.md, Helm values,
 * e2e setup), so they stay as they were when each service read its own.
 */
export function readLimitsConfig(env: NodeJS.ProcessEnv = serviceEnv()): LimitsConfig {
  const d = DEFAULT_SAFETY_POLICY;
  return {
    apiKeyRequestsPerMinute: positiveInt(env, 'API_KEY_RATE_LIMIT', d.apiKeyRequestsPerMinute),
    magicLinksPerMinute: positiveInt(env, 'MAGIC_LINK_RATE_LIMIT', 5),
    magicLinksPerEmailPerHour: positiveInt(env, 'MAGIC_LINKS_PER_EMAIL_PER_HOUR', 10),
    sessionRequestsPerMinute: positiveInt(env, 'SESSION_REQUESTS_PER_MINUTE', 300),
    searchesPerMinute: positiveInt(env, 'SEARCHES_PER_MINUTE', d.searchesPerMinute),
    jobPosts: {
      perDay: positiveInt(env, 'JOB_POSTS_PER_DAY', d.jobPosts.perDay),
      perMinute: positiveInt(env, 'JOB_POSTS_PER_MINUTE', d.jobPosts.perMinute),
    },
    commentsPerHour: positiveInt(env, 'COMMENTS_PER_HOUR', d.commentsPerHour),
    applications: {
      perDay: positiveInt(env, 'APPLICATIONS_PER_DAY', d.applications.perDay),
      perMinute: positiveInt(env, 'APPLICATIONS_PER_MINUTE', d.applications.perMinute),
    },
    // The contract promises 12 hours; not a deployment setting.
    workReminderGapHours: 12,
    inviteTriesPerHour: positiveInt(env, 'INVITE_TRIES_PER_HOUR', 10),
    waitlist: {
      perEmailPerHour: positiveInt(env, 'WAITLIST_PER_EMAIL_PER_HOUR', 5),
      // Per client address (one client could empty the old global bucket).
      perClientPerMinute: positiveInt(env, 'WAITLIST_PER_MINUTE', 10),
    },
    network: {
      lookupsPerHour: positiveInt(env, 'NETWORK_LOOKUPS_PER_HOUR', 20),
      importsPerHour: positiveInt(env, 'NETWORK_IMPORTS_PER_HOUR', 10),
    },
    messages: {
      perDay: positiveInt(env, 'MESSAGES_PER_DAY', d.messages.perDay),
      perMinute: positiveInt(env, 'MESSAGES_PER_MINUTE', d.messages.perMinute),
    },
    clientRegistrationsPerHour: positiveInt(env, 'OAUTH_CLIENT_REGISTRATIONS_PER_HOUR', 20),
    photoUploadsPerHour: positiveInt(env, 'PHOTO_UPLOADS_PER_HOUR', d.photoUploadsPerHour),
    recordingLinksPerHour: positiveInt(env, 'RECORDING_LINKS_PER_HOUR', 10),
    oauthRequestsPerMinute: positiveInt(env, 'OAUTH_REQUESTS_PER_MINUTE', d.oauthRequestsPerMinute),
    fileWritesPerMinute: positiveInt(env, 'FILE_WRITES_PER_MINUTE', 600),
    reports: {
      helpPerHour: positiveInt(env, 'HELP_REQUESTS_PER_HOUR', 5),
      problemsPerHour: positiveInt(env, 'PROBLEM_REPORTS_PER_HOUR', 10),
      featuresPerHour: positiveInt(env, 'FEATURE_REQUESTS_PER_HOUR', 10),
      contentPerHour: positiveInt(env, 'CONTENT_REPORTS_PER_HOUR', 20),
    },
    modelUse: {
      draftStartsPerHour: positiveInt(env, 'DRAFT_STARTS_PER_HOUR', d.modelUse.draftStartsPerHour),
      researchRerunsPerHour: positiveInt(env, 'DRAFT_RESEARCH_RERUNS_PER_HOUR', d.modelUse.researchRerunsPerHour),
      rewritesPerHour: positiveInt(env, 'DRAFT_REWRITES_PER_HOUR', d.modelUse.rewritesPerHour),
      completedRecordingsPerHour: positiveInt(env, 'COMPLETED_RECORDINGS_PER_HOUR', d.modelUse.completedRecordingsPerHour),
    },
    writes: Object.fromEntries(Object.entries(WRITE_LIMITS).map(([name, l]) =>
      [name, positiveInt(env, `WRITE_LIMIT_${l.bucket.toUpperCase()}`, l.max)])) as Record<WriteLimitName, number>,
  };
}

/** This service's limits (its own settings when services share a process). */
export const limitsConfig: () => LimitsConfig = perService((env) => readLimitsConfig(env));
