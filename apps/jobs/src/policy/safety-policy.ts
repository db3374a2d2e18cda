import { DEFAULT_SAFETY_POLICY, WRITE_LIMITS, type SafetyPolicy, type WriteLimitName } from '@marketplace/contracts';
import { limitsConfig } from '@marketplace/service-kit';

/** The limits in force, from the kit's limits configuration, so what is reported is what is enforced. */
export function safetyPolicy(): SafetyPolicy {
  const c = limitsConfig();
  return {
    ...DEFAULT_SAFETY_POLICY,
    jobPosts: { ...c.jobPosts },
    applications: { ...c.applications },
    commentsPerHour: c.commentsPerHour,
    messages: { ...c.messages },
    searchesPerMinute: c.searchesPerMinute,
    apiKeyRequestsPerMinute: c.apiKeyRequestsPerMinute,
    oauthRequestsPerMinute: c.oauthRequestsPerMinute,
    photoUploadsPerHour: c.photoUploadsPerHour,
    sessionRequestsPerMinute: c.sessionRequestsPerMinute,
    fileWritesPerMinute: c.fileWritesPerMinute,
    reportsPerHour: {
      help: c.reports.helpPerHour, problems: c.reports.problemsPerHour,
      features: c.reports.featuresPerHour, content: c.reports.contentPerHour,
    },
    modelUse: { ...DEFAULT_SAFETY_POLICY.modelUse, ...c.modelUse },
    writeLimits: (Object.keys(WRITE_LIMITS) as WriteLimitName[]).map((name) => ({ name, ...WRITE_LIMITS[name], max: c.writes[name] })),
  };
}
