import { DEFAULT_SAFETY_POLICY, type SafetyPolicy } from '@marketplace/contracts';

function intEnv(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

/** The limits in force: contract defaults unless the deployment sets its own. */
export function safetyPolicy(): SafetyPolicy {
  const d = DEFAULT_SAFETY_POLICY;
  return {
    ...d,
    jobPosts: {
      perDay: intEnv('JOB_POSTS_PER_DAY', d.jobPosts.perDay),
      perMinute: intEnv('JOB_POSTS_PER_MINUTE', d.jobPosts.perMinute),
    },
    commentsPerHour: intEnv('COMMENTS_PER_HOUR', d.commentsPerHour),
    searchesPerMinute: intEnv('SEARCHES_PER_MINUTE', d.searchesPerMinute),
  };
}
