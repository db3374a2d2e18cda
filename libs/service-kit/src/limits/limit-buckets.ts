import {
  counterBucket, logBucket, onceEvery, perClockMinute, perHour, perMinute, perUtcDay, type CounterBucket, type LogBucket,
} from './limit-bucket.js';
import { WRITE_LIMITS, type WriteLimitName } from '@marketplace/contracts';
import { perService } from '../scope/service-scope.js';
import { limitsConfig, type LimitsConfig } from './limits-config.js';

const TOMORROW = 'Try again tomorrow (UTC).';
const SHORTLY = 'Wait a moment and try again.';
const LATER = 'Try again later.';

/** The named write limits (WRITE_LIMITS in the contracts), one log bucket each, worded from what they cover. */
function writeBuckets(c: LimitsConfig): Record<WriteLimitName, LogBucket> {
  const entries = (Object.keys(WRITE_LIMITS) as WriteLimitName[]).map((name) => {
    const l = WRITE_LIMITS[name];
    const max = c.writes[name];
    const message = `At most ${max} per ${l.window === 'day' ? 'UTC day' : 'hour'} for ${l.covers}. ${l.window === 'day' ? TOMORROW : LATER}`;
    return [name, logBucket(l.bucket, l.window === 'day' ? perUtcDay(max, message) : perHour(max, message))] as const;
  });
  return Object.fromEntries(entries) as Record<WriteLimitName, LogBucket>;
}

/**
 * Every limit of the marketplace by name. The name is stored with each attempt, so renaming a
 * bucket starts its counts afresh. Each service counts in its own schema; a bucket is only ever
 * counted by the service that owns the operation it limits.
 */
export function defineLimitBuckets(c: LimitsConfig) {
  return {
    /** identity: every API-key request, per key. */
    apiKeyRequests: counterBucket('api_key_requests',
      perClockMinute(c.apiKeyRequestsPerMinute, `This API key allows ${c.apiKeyRequestsPerMinute} requests per minute.`)),
    /** identity: sign-in link requests, per client address. */
    magicLinks: counterBucket('magic_links',
      perClockMinute(c.magicLinksPerMinute, `At most ${c.magicLinksPerMinute} sign-in links per minute. Try again shortly.`)),
    /** identity: every request made with a browser session, per session (keys and agents have their own). */
    sessionRequests: counterBucket('session_requests',
      perClockMinute(c.sessionRequestsPerMinute, `At most ${c.sessionRequestsPerMinute} requests per minute from one browser session. ${SHORTLY}`)),
    /** identity: sign-in links sent to one address, from anywhere: nobody can flood an inbox. */
    magicLinksPerEmail: logBucket('magic_links_per_email',
      perHour(c.magicLinksPerEmailPerHour, `At most ${c.magicLinksPerEmailPerHour} sign-in links per hour go to one address. ${LATER}`)),
    /** jobs: REST search and search_jobs together, per member or else per client address. */
    searches: counterBucket('searches',
      perClockMinute(c.searchesPerMinute, `You can search ${c.searchesPerMinute} times per minute. ${SHORTLY}`)),
    /** jobs: valid posting attempts, refusals included, per member. */
    jobPosts: logBucket('job_posts',
      perUtcDay(c.jobPosts.perDay, `You can post ${c.jobPosts.perDay} jobs per UTC day. ${TOMORROW}`),
      perMinute(c.jobPosts.perMinute, `You can post ${c.jobPosts.perMinute} jobs per minute. ${SHORTLY}`)),
    /** jobs: content edits, counted apart from posts but held to the same numbers. */
    jobEdits: logBucket('job_edits',
      perUtcDay(c.jobPosts.perDay, `You can edit jobs ${c.jobPosts.perDay} times per UTC day. ${TOMORROW}`),
      perMinute(c.jobPosts.perMinute, `You can edit jobs ${c.jobPosts.perMinute} times per minute. ${SHORTLY}`)),
    /** jobs: public comments, per member. */
    comments: logBucket('comments',
      perHour(c.commentsPerHour, `You can write ${c.commentsPerHour} comments per hour. ${LATER}`)),
    /** applications: valid application attempts, per member. */
    applications: logBucket('applications',
      perUtcDay(c.applications.perDay, `You can apply ${c.applications.perDay} times per UTC day. ${TOMORROW}`),
      perMinute(c.applications.perMinute, `You can apply ${c.applications.perMinute} times per minute. ${SHORTLY}`)),
    /** applications: nudges, per `<memberId>:<hireId>` (one side of one job). */
    workReminders: logBucket('work_reminders',
      onceEvery(c.workReminderGapHours, `You can remind the other side once every ${c.workReminderGapHours} hours.`)),
    /** identity: invitation links tried, per member. */
    inviteTries: logBucket('invite_tries',
      perHour(c.inviteTriesPerHour, `You can try ${c.inviteTriesPerHour} invitations per hour. ${LATER}`)),
    /** identity: waitlist joins, per address. */
    waitlistPerEmail: logBucket('waitlist_per_email',
      perHour(c.waitlist.perEmailPerHour, `This address joined the waitlist several times this hour. ${LATER}`)),
    /**
     * identity: waitlist joins per client address: bounds what one script can write without
     * letting it lock everyone else out (the old global `waitlist_all` could be emptied by one client).
     */
    waitlistPerClient: logBucket('waitlist_per_client',
      perMinute(c.waitlist.perClientPerMinute, `At most ${c.waitlist.perClientPerMinute} waitlist joins per minute from one address. ${SHORTLY}`)),
    /** identity: network profile look-ups (sign-up preview and find), per member. */
    networkLookups: logBucket('network_lookups',
      perHour(c.network.lookupsPerHour, `You can look up ${c.network.lookupsPerHour} network profiles per hour. ${LATER}`)),
    /** identity: network profile imports, per member. */
    networkImports: logBucket('network_imports',
      perHour(c.network.importsPerHour, `You can import ${c.network.importsPerHour} network profiles per hour. ${LATER}`)),
    /** applications: messages sent, per member. */
    messages: logBucket('messages',
      perUtcDay(c.messages.perDay, `You can send ${c.messages.perDay} messages per UTC day. ${TOMORROW}`),
      perMinute(c.messages.perMinute, `You can send ${c.messages.perMinute} messages per minute. ${SHORTLY}`)),
    /** identity: OAuth dynamic client registrations, per client address. */
    clientRegistrations: logBucket('client_registrations',
      perHour(c.clientRegistrationsPerHour, `At most ${c.clientRegistrationsPerHour} client registrations per hour from one address. ${LATER}`)),
    /** identity: profile photo uploads (each one decoded and re-encoded), per member. */
    photoUploads: logBucket('photo_uploads',
      perHour(c.photoUploadsPerHour, `You can upload ${c.photoUploadsPerHour} photos per hour. ${LATER}`)),
    /**
     * identity: every MCP request through an OAuth connection, per `<memberId>:<clientId>` (the
     * member first, so account deletion forgets it), like API keys.
     */
    oauthRequests: counterBucket('oauth_requests',
      perClockMinute(c.oauthRequestsPerMinute, `This connected agent allows ${c.oauthRequestsPerMinute} requests per minute.`)),
    /**
     * identity: MCP sessions opened before sign-in, per client address (the gateway keeps them in
     * memory, so an anonymous flood would otherwise push out members' idle sessions).
     */
    mcpSessions: counterBucket('mcp_sessions',
      perClockMinute(c.mcpSessionsPerMinute, `At most ${c.mcpSessionsPerMinute} MCP sessions per minute from one address before sign-in. ${SHORTLY}`)),
    /** files: creating, chunk uploads, completing and deleting files, per member. */
    fileWrites: counterBucket('file_writes',
      perClockMinute(c.fileWritesPerMinute, `You can write files ${c.fileWritesPerMinute} times per minute (each chunk counts). ${SHORTLY}`)),
    /** drafts: walkthrough recording links, per member. */
    recordingLinks: logBucket('recording_links',
      perHour(c.recordingLinksPerHour, `You can make ${c.recordingLinksPerHour} recording links per hour. ${LATER}`)),
    /** drafts: drafts started (each runs research and follow-up questions), per member. */
    draftStarts: logBucket('draft_starts',
      perHour(c.modelUse.draftStartsPerHour, `You can start ${c.modelUse.draftStartsPerHour} drafts per hour. ${LATER}`)),
    /** drafts: opening answers changed so that the research runs again, per member. */
    researchReruns: logBucket('draft_research_reruns',
      perHour(c.modelUse.researchRerunsPerHour,
        `You can change the opening answers (which runs the research again) ${c.modelUse.researchRerunsPerHour} times per hour. ${LATER}`)),
    /** drafts: postings written (write_job_description), per member. */
    draftRewrites: logBucket('draft_rewrites',
      perHour(c.modelUse.rewritesPerHour, `You can have the job description written ${c.modelUse.rewritesPerHour} times per hour. ${LATER}`)),
    /** drafts: walkthrough recordings completed (each checked in the background), per member. */
    completedRecordings: logBucket('completed_recordings',
      perHour(c.modelUse.completedRecordingsPerHour,
        `You can complete ${c.modelUse.completedRecordingsPerHour} walkthrough recordings per hour. ${LATER}`)),
    /** admin: help requests (contact_for_help), per member. */
    helpRequests: logBucket('help_requests',
      perHour(c.reports.helpPerHour, `You can ask for help ${c.reports.helpPerHour} times per hour. ${LATER}`)),
    /** admin: problem reports, per member. */
    problemReports: logBucket('problem_reports',
      perHour(c.reports.problemsPerHour, `You can report ${c.reports.problemsPerHour} problems per hour. ${LATER}`)),
    /** admin: feature requests, per member. */
    featureRequests: logBucket('feature_requests',
      perHour(c.reports.featuresPerHour, `You can request ${c.reports.featuresPerHour} features per hour. ${LATER}`)),
    /** admin: content reports, per member. */
    contentReports: logBucket('content_reports',
      perHour(c.reports.contentPerHour, `You can send ${c.reports.contentPerHour} content reports per hour. ${LATER}`)),
    /** The named write limits, each counted by the service that owns the writes it covers. */
    ...writeBuckets(c),
  } satisfies Record<string, LogBucket | CounterBucket>;
}

export type LimitBuckets = ReturnType<typeof defineLimitBuckets>;

/** This service's buckets, built from its own limits. */
export const limitBuckets: () => LimitBuckets = perService(() => defineLimitBuckets(limitsConfig()));
