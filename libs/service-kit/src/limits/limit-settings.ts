import { DEFAULT_SAFETY_POLICY, WRITE_LIMITS, type WriteLimitName } from '@marketplace/contracts';

import { defineSettings, setting, type SettingDeclaration } from '../scope/setting-declarations.js';

/**
 * Every limit variable, declared by the service that enforces it: each service reads only its own
 * at start (its definition's `settings`), so a bad JOB_POSTS_PER_DAY stops jobs and nothing else.
 * They are declared here, beside the buckets they size, because the buckets are the kit's and jobs
 * reports all of them (`GET /api/safety-policy`). Names are the deployment interface; each is a
 * positive whole number, unset → the contract's number.
 */
const d = DEFAULT_SAFETY_POLICY;

/** The contract promises 12 hours between reminders; not a deployment setting. */
export const WORK_REMINDER_GAP_HOURS = 12;

const perMember = (name: string, fallback: number, description: string): SettingDeclaration<number> =>
  setting.int(name, { default: fallback, min: 1, description });

/** The named write limits one service counts: WRITE_LIMIT_<BUCKET>, unset → WRITE_LIMITS' number. */
function writeLimits<const N extends WriteLimitName>(...names: N[]): Record<N, SettingDeclaration<number>> {
  return Object.fromEntries(
    names.map((name) => {
      const l = WRITE_LIMITS[name];
      return [name, perMember(`WRITE_LIMIT_${l.bucket.toUpperCase()}`, l.max, `per member and ${l.window}: ${l.covers}`)];
    }),
  ) as Record<N, SettingDeclaration<number>>;
}

export const identityLimits = defineSettings('identity', 'identity', {
  apiKeyRequestsPerMinute: perMember('API_KEY_RATE_LIMIT', d.apiKeyRequestsPerMinute, 'requests per clock minute with one API key'),
  magicLinksPerMinute: perMember('MAGIC_LINK_RATE_LIMIT', 5, 'sign-in link requests per minute per client address'),
  magicLinksPerEmailPerHour: perMember('MAGIC_LINKS_PER_EMAIL_PER_HOUR', 10, 'sign-in links sent to one address per hour, whoever asks'),
  sessionRequestsPerMinute: perMember('SESSION_REQUESTS_PER_MINUTE', d.sessionRequestsPerMinute, 'requests per clock minute from one browser session'),
  inviteTriesPerHour: perMember('INVITE_TRIES_PER_HOUR', 10, 'invitation links tried per member and hour'),
  waitlistPerEmailPerHour: perMember('WAITLIST_PER_EMAIL_PER_HOUR', 5, 'waitlist joins per address and hour'),
  waitlistPerClientPerMinute: perMember('WAITLIST_PER_MINUTE', 10, 'waitlist joins per client address and minute'),
  networkLookupsPerHour: perMember('NETWORK_LOOKUPS_PER_HOUR', 20, 'network profile look-ups per member and hour'),
  networkImportsPerHour: perMember('NETWORK_IMPORTS_PER_HOUR', 10, 'network profile imports per member and hour'),
  clientRegistrationsPerHour: perMember('OAUTH_CLIENT_REGISTRATIONS_PER_HOUR', 20, 'OAuth dynamic client registrations per client address and hour'),
  photoUploadsPerHour: perMember('PHOTO_UPLOADS_PER_HOUR', d.photoUploadsPerHour, 'profile photo uploads per member and hour'),
  oauthRequestsPerMinute: perMember('OAUTH_REQUESTS_PER_MINUTE', d.oauthRequestsPerMinute, 'MCP requests per member and connected agent per clock minute'),
  mcpSessionsPerMinute: perMember('MCP_SESSIONS_PER_MINUTE', 30, 'MCP sessions opened before sign-in per client address and clock minute'),
  ...writeLimits('teamInvitations', 'teamChanges', 'apiKeys', 'profileChanges', 'accessRevocations'),
});

export const jobsLimits = defineSettings('jobs', 'jobs', {
  searchesPerMinute: perMember('SEARCHES_PER_MINUTE', d.searchesPerMinute, 'searches (REST and MCP) per member or client address and clock minute'),
  jobPostsPerDay: perMember('JOB_POSTS_PER_DAY', d.jobPosts.perDay, 'job posts per member and UTC day (job edits held to the same)'),
  jobPostsPerMinute: perMember('JOB_POSTS_PER_MINUTE', d.jobPosts.perMinute, 'job posts per member and minute (job edits held to the same)'),
  commentsPerHour: perMember('COMMENTS_PER_HOUR', d.commentsPerHour, 'public comments per member and hour'),
  ...writeLimits('jobCloses', 'visibilityChanges', 'commentDeletes'),
});

export const applicationsLimits = defineSettings('applications', 'applications', {
  applicationsPerDay: perMember('APPLICATIONS_PER_DAY', d.applications.perDay, 'applications per member and UTC day'),
  applicationsPerMinute: perMember('APPLICATIONS_PER_MINUTE', d.applications.perMinute, 'applications per member and minute'),
  messagesPerDay: perMember('MESSAGES_PER_DAY', d.messages.perDay, 'messages sent per member and UTC day'),
  messagesPerMinute: perMember('MESSAGES_PER_MINUTE', d.messages.perMinute, 'messages sent per member and minute'),
  ...writeLimits('applicationDecisions', 'withdrawals', 'submissions', 'workSteps', 'candidateProfiles'),
});

export const filesLimits = defineSettings('files', 'files', {
  fileWritesPerMinute: perMember('FILE_WRITES_PER_MINUTE', d.fileWritesPerMinute, 'file writes (create, chunk, complete, delete) per member and clock minute'),
  ...writeLimits('fileAccessChanges'),
});

export const draftsLimits = defineSettings('drafts', 'drafts', {
  recordingLinksPerHour: perMember('RECORDING_LINKS_PER_HOUR', 10, 'walkthrough recording links made per member and hour'),
  draftStartsPerHour: perMember('DRAFT_STARTS_PER_HOUR', d.modelUse.draftStartsPerHour, 'drafts started per member and hour (model calls)'),
  researchRerunsPerHour: perMember(
    'DRAFT_RESEARCH_RERUNS_PER_HOUR',
    d.modelUse.researchRerunsPerHour,
    'opening answers changed (research runs again) per member and hour',
  ),
  rewritesPerHour: perMember('DRAFT_REWRITES_PER_HOUR', d.modelUse.rewritesPerHour, 'job descriptions written per member and hour'),
  completedRecordingsPerHour: perMember(
    'COMPLETED_RECORDINGS_PER_HOUR',
    d.modelUse.completedRecordingsPerHour,
    'walkthrough recordings completed per member and hour',
  ),
  ...writeLimits('draftChanges'),
});

export const adminLimits = defineSettings('admin', 'admin', {
  helpPerHour: perMember('HELP_REQUESTS_PER_HOUR', d.reportsPerHour.help, 'help requests per member and hour'),
  problemsPerHour: perMember('PROBLEM_REPORTS_PER_HOUR', d.reportsPerHour.problems, 'problem reports per member and hour'),
  featuresPerHour: perMember('FEATURE_REQUESTS_PER_HOUR', d.reportsPerHour.features, 'feature requests per member and hour'),
  contentPerHour: perMember('CONTENT_REPORTS_PER_HOUR', d.reportsPerHour.content, 'content reports per member and hour'),
  ...writeLimits('helpReplies'),
});

export const notificationsLimits = defineSettings('notifications', 'notifications', {
  ...writeLimits('notificationSettings', 'webhookChanges', 'webhookSends'),
});

/** Each service's limits, by the service that enforces them. */
export const LIMIT_SETTINGS = {
  identity: identityLimits,
  jobs: jobsLimits,
  applications: applicationsLimits,
  files: filesLimits,
  drafts: draftsLimits,
  admin: adminLimits,
  notifications: notificationsLimits,
};

export type LimitOwner = keyof typeof LIMIT_SETTINGS;
export type LimitValues = { [O in LimitOwner]: ReturnType<(typeof LIMIT_SETTINGS)[O]> };

/** The service that counts a named write limit: the one whose limits declare its variable. */
export function writeLimitOwner(name: WriteLimitName): LimitOwner {
  const variable = `WRITE_LIMIT_${WRITE_LIMITS[name].bucket.toUpperCase()}`;
  const owner = (Object.keys(LIMIT_SETTINGS) as LimitOwner[]).find((o) => LIMIT_SETTINGS[o].declarations.some((d) => d.name === variable));
  if (!owner) throw new Error(`No service declares ${variable}`);
  return owner;
}
