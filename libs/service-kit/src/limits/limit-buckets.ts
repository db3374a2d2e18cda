import { WRITE_LIMITS, type WriteLimitName } from '@marketplace/contracts';

import { perService, type ServiceEnv } from '../scope/service-scope.js';
import { counterBucket, type LimitBucket, type LogBucket, logBucket, onceEvery, perClockMinute, perHour, perMinute, perUtcDay } from './limit-bucket.js';
import { LIMIT_SETTINGS, type LimitOwner, type LimitValues, WORK_REMINDER_GAP_HOURS, writeLimitOwner } from './limit-settings.js';

const TOMORROW = 'Try again tomorrow (UTC).';
const SHORTLY = 'Wait a moment and try again.';
const LATER = 'Try again later.';

/** A bucket and the service whose limits size it: only that service's settings are read to build it. */
interface Owned<B extends LimitBucket> {
  owner: LimitOwner;
  build: (limits: never) => B;
}

function owned<O extends LimitOwner, B extends LimitBucket>(owner: O, build: (limits: LimitValues[O]) => B): Owned<B> {
  return { owner, build };
}

/** The named write limits (WRITE_LIMITS in the contracts), one log bucket each, worded from what they cover. */
function writeBuckets(): Record<WriteLimitName, Owned<LogBucket>> {
  const entries = (Object.keys(WRITE_LIMITS) as WriteLimitName[]).map((name) => {
    const l = WRITE_LIMITS[name];
    return [
      name,
      owned(writeLimitOwner(name), (limits) => {
        const max = (limits as Record<WriteLimitName, number>)[name];
        const message = `At most ${max} per ${l.window === 'day' ? 'UTC day' : 'hour'} for ${l.covers}. ${l.window === 'day' ? TOMORROW : LATER}`;
        return logBucket(l.bucket, l.window === 'day' ? perUtcDay(max, message) : perHour(max, message));
      }),
    ] as const;
  });
  return Object.fromEntries(entries) as Record<WriteLimitName, Owned<LogBucket>>;
}

/**
 * Every limit of the marketplace by name. The name is stored with each attempt, so renaming a
 * bucket starts its counts afresh. Each service counts in its own schema; a bucket is only ever
 * counted by the service that owns the operation it limits, and sized by that service's settings.
 */
const BUCKETS = {
  /** identity: every API-key request, per key. */
  apiKeyRequests: owned('identity', (l) =>
    counterBucket('api_key_requests', perClockMinute(l.apiKeyRequestsPerMinute, `This API key allows ${l.apiKeyRequestsPerMinute} requests per minute.`)),
  ),
  /** identity: sign-in link requests, per client address. */
  magicLinks: owned('identity', (l) =>
    counterBucket('magic_links', perClockMinute(l.magicLinksPerMinute, `At most ${l.magicLinksPerMinute} sign-in links per minute. Try again shortly.`)),
  ),
  /** identity: every request made with a browser session, per session (keys and agents have their own). */
  sessionRequests: owned('identity', (l) =>
    counterBucket(
      'session_requests',
      perClockMinute(l.sessionRequestsPerMinute, `At most ${l.sessionRequestsPerMinute} requests per minute from one browser session. ${SHORTLY}`),
    ),
  ),
  /** identity: sign-in links sent to one address, from anywhere: nobody can flood an inbox. */
  magicLinksPerEmail: owned('identity', (l) =>
    logBucket(
      'magic_links_per_email',
      perHour(l.magicLinksPerEmailPerHour, `At most ${l.magicLinksPerEmailPerHour} sign-in links per hour go to one address. ${LATER}`),
    ),
  ),
  /** jobs: REST search and search_jobs together, per member or else per client address. */
  searches: owned('jobs', (l) =>
    counterBucket('searches', perClockMinute(l.searchesPerMinute, `You can search ${l.searchesPerMinute} times per minute. ${SHORTLY}`)),
  ),
  /** jobs: valid posting attempts, refusals included, per member. */
  jobPosts: owned('jobs', (l) =>
    logBucket(
      'job_posts',
      perUtcDay(l.jobPostsPerDay, `You can post ${l.jobPostsPerDay} jobs per UTC day. ${TOMORROW}`),
      perMinute(l.jobPostsPerMinute, `You can post ${l.jobPostsPerMinute} jobs per minute. ${SHORTLY}`),
    ),
  ),
  /** jobs: content edits, counted apart from posts but held to the same numbers. */
  jobEdits: owned('jobs', (l) =>
    logBucket(
      'job_edits',
      perUtcDay(l.jobPostsPerDay, `You can edit jobs ${l.jobPostsPerDay} times per UTC day. ${TOMORROW}`),
      perMinute(l.jobPostsPerMinute, `You can edit jobs ${l.jobPostsPerMinute} times per minute. ${SHORTLY}`),
    ),
  ),
  /** jobs: public comments, per member. */
  comments: owned('jobs', (l) => logBucket('comments', perHour(l.commentsPerHour, `You can write ${l.commentsPerHour} comments per hour. ${LATER}`))),
  /** applications: valid application attempts, per member. */
  applications: owned('applications', (l) =>
    logBucket(
      'applications',
      perUtcDay(l.applicationsPerDay, `You can apply ${l.applicationsPerDay} times per UTC day. ${TOMORROW}`),
      perMinute(l.applicationsPerMinute, `You can apply ${l.applicationsPerMinute} times per minute. ${SHORTLY}`),
    ),
  ),
  /** applications: nudges, per `<memberId>:<hireId>` (one side of one job). */
  workReminders: owned('applications', () =>
    logBucket('work_reminders', onceEvery(WORK_REMINDER_GAP_HOURS, `You can remind the other side once every ${WORK_REMINDER_GAP_HOURS} hours.`)),
  ),
  /** identity: invitation links tried, per member. */
  inviteTries: owned('identity', (l) =>
    logBucket('invite_tries', perHour(l.inviteTriesPerHour, `You can try ${l.inviteTriesPerHour} invitations per hour. ${LATER}`)),
  ),
  /** identity: waitlist joins, per address. */
  waitlistPerEmail: owned('identity', (l) =>
    logBucket('waitlist_per_email', perHour(l.waitlistPerEmailPerHour, `This address joined the waitlist several times this hour. ${LATER}`)),
  ),
  /**
   * identity: waitlist joins per client address: bounds what one script can write without
   * letting it lock everyone else out (the old global `waitlist_all` could be emptied by one client).
   */
  waitlistPerClient: owned('identity', (l) =>
    logBucket(
      'waitlist_per_client',
      perMinute(l.waitlistPerClientPerMinute, `At most ${l.waitlistPerClientPerMinute} waitlist joins per minute from one address. ${SHORTLY}`),
    ),
  ),
  /** identity: network profile look-ups (sign-up preview and find), per member. */
  networkLookups: owned('identity', (l) =>
    logBucket('network_lookups', perHour(l.networkLookupsPerHour, `You can look up ${l.networkLookupsPerHour} network profiles per hour. ${LATER}`)),
  ),
  /** identity: network profile imports, per member. */
  networkImports: owned('identity', (l) =>
    logBucket('network_imports', perHour(l.networkImportsPerHour, `You can import ${l.networkImportsPerHour} network profiles per hour. ${LATER}`)),
  ),
  /** applications: messages sent, per member. */
  messages: owned('applications', (l) =>
    logBucket(
      'messages',
      perUtcDay(l.messagesPerDay, `You can send ${l.messagesPerDay} messages per UTC day. ${TOMORROW}`),
      perMinute(l.messagesPerMinute, `You can send ${l.messagesPerMinute} messages per minute. ${SHORTLY}`),
    ),
  ),
  /** identity: OAuth dynamic client registrations, per client address. */
  clientRegistrations: owned('identity', (l) =>
    logBucket(
      'client_registrations',
      perHour(l.clientRegistrationsPerHour, `At most ${l.clientRegistrationsPerHour} client registrations per hour from one address. ${LATER}`),
    ),
  ),
  /** identity: profile photo uploads (each one decoded and re-encoded), per member. */
  photoUploads: owned('identity', (l) =>
    logBucket('photo_uploads', perHour(l.photoUploadsPerHour, `You can upload ${l.photoUploadsPerHour} photos per hour. ${LATER}`)),
  ),
  /**
   * identity: every MCP request through an OAuth connection, per `<memberId>:<clientId>` (the
   * member first, so account deletion forgets it), like API keys.
   */
  oauthRequests: owned('identity', (l) =>
    counterBucket('oauth_requests', perClockMinute(l.oauthRequestsPerMinute, `This connected agent allows ${l.oauthRequestsPerMinute} requests per minute.`)),
  ),
  /**
   * identity: MCP sessions opened before sign-in, per client address (the gateway keeps them in
   * memory, so an anonymous flood would otherwise push out members' idle sessions).
   */
  mcpSessions: owned('identity', (l) =>
    counterBucket(
      'mcp_sessions',
      perClockMinute(l.mcpSessionsPerMinute, `At most ${l.mcpSessionsPerMinute} MCP sessions per minute from one address before sign-in. ${SHORTLY}`),
    ),
  ),
  /** files: creating, chunk uploads, completing and deleting files, per member. */
  fileWrites: owned('files', (l) =>
    counterBucket(
      'file_writes',
      perClockMinute(l.fileWritesPerMinute, `You can write files ${l.fileWritesPerMinute} times per minute (each chunk counts). ${SHORTLY}`),
    ),
  ),
  /** drafts: walkthrough recording links, per member. */
  recordingLinks: owned('drafts', (l) =>
    logBucket('recording_links', perHour(l.recordingLinksPerHour, `You can make ${l.recordingLinksPerHour} recording links per hour. ${LATER}`)),
  ),
  /** drafts: drafts started (each runs research and follow-up questions), per member. */
  draftStarts: owned('drafts', (l) =>
    logBucket('draft_starts', perHour(l.draftStartsPerHour, `You can start ${l.draftStartsPerHour} drafts per hour. ${LATER}`)),
  ),
  /** drafts: opening answers changed so that the research runs again, per member. */
  researchReruns: owned('drafts', (l) =>
    logBucket(
      'draft_research_reruns',
      perHour(
        l.researchRerunsPerHour,
        `You can change the opening answers (which runs the research again) ${l.researchRerunsPerHour} times per hour. ${LATER}`,
      ),
    ),
  ),
  /** drafts: postings written (write_job_description), per member. */
  draftRewrites: owned('drafts', (l) =>
    logBucket('draft_rewrites', perHour(l.rewritesPerHour, `You can have the job description written ${l.rewritesPerHour} times per hour. ${LATER}`)),
  ),
  /** drafts: walkthrough recordings completed (each checked in the background), per member. */
  completedRecordings: owned('drafts', (l) =>
    logBucket(
      'completed_recordings',
      perHour(l.completedRecordingsPerHour, `You can complete ${l.completedRecordingsPerHour} walkthrough recordings per hour. ${LATER}`),
    ),
  ),
  /** admin: help requests (contact_for_help), per member. */
  helpRequests: owned('admin', (l) => logBucket('help_requests', perHour(l.helpPerHour, `You can ask for help ${l.helpPerHour} times per hour. ${LATER}`))),
  /** admin: problem reports, per member. */
  problemReports: owned('admin', (l) =>
    logBucket('problem_reports', perHour(l.problemsPerHour, `You can report ${l.problemsPerHour} problems per hour. ${LATER}`)),
  ),
  /** admin: feature requests, per member. */
  featureRequests: owned('admin', (l) =>
    logBucket('feature_requests', perHour(l.featuresPerHour, `You can request ${l.featuresPerHour} features per hour. ${LATER}`)),
  ),
  /** admin: content reports, per member. */
  contentReports: owned('admin', (l) =>
    logBucket('content_reports', perHour(l.contentPerHour, `You can send ${l.contentPerHour} content reports per hour. ${LATER}`)),
  ),
  /** The named write limits, each counted by the service that owns the writes it covers. */
  ...writeBuckets(),
};

export type LimitBuckets = { readonly [K in keyof typeof BUCKETS]: (typeof BUCKETS)[K] extends Owned<infer B> ? B : never };

/**
 * Buckets built on first use, each from its owner's limits only: identity never reads
 * JOB_POSTS_PER_DAY, so a bad value there cannot stop it.
 */
function ownedBuckets(limitsOf: (owner: LimitOwner) => unknown): LimitBuckets {
  const buckets = {};
  for (const [key, bucket] of Object.entries(BUCKETS) as [string, Owned<LimitBucket>][]) {
    let built: LimitBucket | undefined;
    Object.defineProperty(buckets, key, { enumerable: true, get: () => (built ??= (bucket.build as (l: unknown) => LimitBucket)(limitsOf(bucket.owner))) });
  }
  return buckets as LimitBuckets;
}

/** The buckets under the given settings (tests, tools). */
export function limitBucketsIn(env: ServiceEnv): LimitBuckets {
  return ownedBuckets((owner) => LIMIT_SETTINGS[owner].read(env));
}

/** This service's buckets, built from its own limits. */
export const limitBuckets: () => LimitBuckets = perService(() => ownedBuckets((owner) => LIMIT_SETTINGS[owner]()));
