import { DEFAULT_SAFETY_POLICY, type SafetyPolicy, WRITE_LIMITS, type WriteLimitName } from '@marketplace/contracts';
import { LIMIT_SETTINGS, writeLimitOwner } from '@marketplace/service-kit';

/**
 * The limits in force, from each owning service's declared limits, so what is reported is what is
 * enforced. Read when asked, not at jobs' start: another service's bad value is that service's
 * to refuse at its own start, not jobs'.
 */
export function safetyPolicy(): SafetyPolicy {
  const { identity, jobs, applications, files, drafts, admin } = Object.fromEntries(
    Object.entries(LIMIT_SETTINGS).map(([owner, limits]) => [owner, limits()]),
  ) as { [O in keyof typeof LIMIT_SETTINGS]: ReturnType<(typeof LIMIT_SETTINGS)[O]> };
  const writeMax = (name: WriteLimitName): number => (LIMIT_SETTINGS[writeLimitOwner(name)]() as Record<string, number>)[name]!;
  return {
    ...DEFAULT_SAFETY_POLICY,
    jobPosts: { perDay: jobs.jobPostsPerDay, perMinute: jobs.jobPostsPerMinute },
    applications: { perDay: applications.applicationsPerDay, perMinute: applications.applicationsPerMinute },
    commentsPerHour: jobs.commentsPerHour,
    messages: { perDay: applications.messagesPerDay, perMinute: applications.messagesPerMinute },
    searchesPerMinute: jobs.searchesPerMinute,
    apiKeyRequestsPerMinute: identity.apiKeyRequestsPerMinute,
    oauthRequestsPerMinute: identity.oauthRequestsPerMinute,
    photoUploadsPerHour: identity.photoUploadsPerHour,
    sessionRequestsPerMinute: identity.sessionRequestsPerMinute,
    fileWritesPerMinute: files.fileWritesPerMinute,
    reportsPerHour: { help: admin.helpPerHour, problems: admin.problemsPerHour, features: admin.featuresPerHour, content: admin.contentPerHour },
    modelUse: {
      ...DEFAULT_SAFETY_POLICY.modelUse,
      draftStartsPerHour: drafts.draftStartsPerHour,
      researchRerunsPerHour: drafts.researchRerunsPerHour,
      rewritesPerHour: drafts.rewritesPerHour,
      completedRecordingsPerHour: drafts.completedRecordingsPerHour,
    },
    writeLimits: (Object.keys(WRITE_LIMITS) as WriteLimitName[]).map((name) => ({ name, ...WRITE_LIMITS[name], max: writeMax(name) })),
  };
}
